package io.github.raglens.solr;

import io.github.raglens.internal.SectionTitles;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.Retriever;
import java.util.Objects;
import java.util.Set;

/**
 * Creates the built-in retrievers over a {@link SolrIndex}, one per {@link RetrieverKind}, with the
 * in-process index's fusion, over-retrieval (k × 3) and ranking (ties by chunk id).
 *
 * <p>The expanding retrievers expand the hits of {@code hybrid} when an embedding provider is given, of
 * {@code bm25} otherwise, following the links stored at load time (so they need a collection raglens
 * loaded). Excluded sections are filtered out by the cluster. Every retriever is thread-safe when the
 * provider is.
 */
final class SolrRetrievers {

    private SolrRetrievers() {}

    /**
     * Creates a retriever that leaves out the default bibliography-like sections ({@code references},
     * {@code bibliography}, {@code contents}, {@code index}, {@code list of figures}, {@code list of tables}).
     *
     * @param provider the query embedding model; null for a kind that does not need one
     * @throws IllegalArgumentException if the kind needs embeddings and none are given
     */
    public static Retriever create(RetrieverKind kind, SolrIndex index, EmbeddingProvider provider) {
        return create(kind, index, provider, SectionTitles.DEFAULT_EXCLUDED);
    }

    /**
     * Creates a retriever that leaves out sections with these titles (compared normalised: lower case,
     * without section numbers or punctuation); pass an empty set to keep every section.
     *
     * @param provider the query embedding model; null for a kind that does not need one
     * @throws IllegalArgumentException if the kind needs embeddings and none are given
     */
    public static Retriever create(
            RetrieverKind kind, SolrIndex index, EmbeddingProvider provider, Set<String> excludedSectionTitles) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(index, "index");
        Set<String> excluded =
                SolrRanking.normalised(Objects.requireNonNull(excludedSectionTitles, "excludedSectionTitles"));
        if (kind.needsEmbeddings() && provider == null) {
            throw new IllegalArgumentException(
                    "retriever '" + kind + "' needs an embedding provider; pass one, or use only bm25");
        }
        return switch (kind) {
            case BM25 -> new SolrBm25Retriever(index, excluded);
            case DENSE -> new SolrDenseRetriever(index, provider, excluded);
            case HYBRID -> hybrid(index, provider, excluded, false);
            case HYBRID_RRF -> hybrid(index, provider, excluded, true);
            case HIERARCHICAL -> expanding(index, provider, excluded, SolrExpandingRetriever.Mode.PARENT);
            case HIER_NEIGHBOR -> expanding(index, provider, excluded, SolrExpandingRetriever.Mode.SIBLINGS);
            case NEIGHBOR -> expanding(index, provider, excluded, SolrExpandingRetriever.Mode.READING_ORDER);
        };
    }

    private static Retriever hybrid(SolrIndex index, EmbeddingProvider provider, Set<String> excluded, boolean rrf) {
        return new SolrHybridRetriever(
                new SolrDenseRetriever(index, provider, excluded),
                new SolrBm25Retriever(index, excluded),
                rrf,
                excluded);
    }

    private static Retriever expanding(
            SolrIndex index, EmbeddingProvider provider, Set<String> excluded, SolrExpandingRetriever.Mode mode) {
        Retriever base =
                provider == null ? new SolrBm25Retriever(index, excluded) : hybrid(index, provider, excluded, false);
        return new SolrExpandingRetriever(index, base, mode, excluded);
    }
}
