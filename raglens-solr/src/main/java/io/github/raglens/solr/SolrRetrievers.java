package io.github.raglens.solr;

import io.github.raglens.internal.SectionTitles;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.Retriever;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Creates the built-in retrievers over a {@link SolrIndex} by the names the in-process index uses:
 * {@code bm25}, {@code dense}, {@code hybrid}, {@code hybrid-rrf}, {@code hierarchical},
 * {@code hier-neighbor} and {@code neighbor}, with the same fusion, over-retrieval (k × 3) and ranking
 * (ties by chunk id).
 *
 * <p>The expanding retrievers expand the hits of {@code hybrid} when an embedding provider is given, of
 * {@code bm25} otherwise, following the links stored at load time (so they need a collection raglens
 * loaded). Excluded sections are filtered out by the cluster. Every retriever is thread-safe when the
 * provider is.
 */
final class SolrRetrievers {

    /** The names of the built-in retrievers, in the order reports list them. */
    public static final List<String> NAMES =
            List.of("bm25", "dense", "hybrid", "hybrid-rrf", "hierarchical", "hier-neighbor", "neighbor");

    private SolrRetrievers() {}

    /**
     * Creates a retriever that leaves out the default bibliography-like sections ({@code references},
     * {@code bibliography}, {@code contents}, {@code index}, {@code list of figures}, {@code list of tables}).
     *
     * @param provider the query embedding model; null for {@code bm25} (and the expanding retrievers
     *     over it)
     * @throws IllegalArgumentException if the name is unknown, or it needs embeddings and none are given
     */
    public static Retriever create(String name, SolrIndex index, EmbeddingProvider provider) {
        return create(name, index, provider, SectionTitles.DEFAULT_EXCLUDED);
    }

    /**
     * Creates a retriever that leaves out sections with these titles (compared normalised: lower case,
     * without section numbers or punctuation); pass an empty set to keep every section.
     *
     * @param provider the query embedding model; null for {@code bm25} (and the expanding retrievers
     *     over it)
     * @throws IllegalArgumentException if the name is unknown, or it needs embeddings and none are given
     */
    public static Retriever create(
            String name, SolrIndex index, EmbeddingProvider provider, Set<String> excludedSectionTitles) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(index, "index");
        Set<String> excluded =
                SolrRanking.normalised(Objects.requireNonNull(excludedSectionTitles, "excludedSectionTitles"));
        return switch (name) {
            case "bm25" -> new SolrBm25Retriever(index, excluded);
            case "dense" -> dense(name, index, provider, excluded);
            case "hybrid" -> hybrid(name, index, provider, excluded, false);
            case "hybrid-rrf" -> hybrid(name, index, provider, excluded, true);
            case "hierarchical" -> expanding(index, provider, excluded, SolrExpandingRetriever.Mode.PARENT);
            case "hier-neighbor" -> expanding(index, provider, excluded, SolrExpandingRetriever.Mode.SIBLINGS);
            case "neighbor" -> expanding(index, provider, excluded, SolrExpandingRetriever.Mode.READING_ORDER);
            default ->
                throw new IllegalArgumentException(
                        "unknown retriever '" + name + "'; use one of " + String.join(", ", NAMES));
        };
    }

    private static Retriever dense(String name, SolrIndex index, EmbeddingProvider provider, Set<String> excluded) {
        if (provider == null) {
            throw new IllegalArgumentException(
                    "retriever '" + name + "' needs an embedding provider; pass one, or use only bm25");
        }
        return new SolrDenseRetriever(index, provider, excluded);
    }

    private static Retriever hybrid(
            String name, SolrIndex index, EmbeddingProvider provider, Set<String> excluded, boolean rrf) {
        return new SolrHybridRetriever(
                dense(name, index, provider, excluded), new SolrBm25Retriever(index, excluded), rrf, excluded);
    }

    private static Retriever expanding(
            SolrIndex index, EmbeddingProvider provider, Set<String> excluded, SolrExpandingRetriever.Mode mode) {
        Retriever base = provider == null
                ? new SolrBm25Retriever(index, excluded)
                : hybrid("hybrid", index, provider, excluded, false);
        return new SolrExpandingRetriever(index, base, mode, excluded);
    }
}
