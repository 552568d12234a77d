package io.github.raglens.retrieval;

import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.Retriever;
import java.util.Objects;

/**
 * Creates the built-in retrievers over a {@link LuceneIndex}, one per {@link RetrieverKind}.
 *
 * <p>The expanding retrievers ({@code hierarchical}, {@code hier-neighbor}, {@code neighbor}) expand
 * the hits of {@code hybrid} when an embedding provider is given, of {@code bm25} otherwise.
 */
public final class Retrievers {

    private Retrievers() {}

    /**
     * Creates a retriever without an embedding provider.
     *
     * @throws IllegalArgumentException if the kind {@linkplain RetrieverKind#needsEmbeddings() needs}
     *     embeddings
     */
    public static Retriever create(RetrieverKind kind, LuceneIndex index, RetrievalConfig config) {
        return create(kind, index, null, config);
    }

    /**
     * Creates a retriever; {@code dense} and the hybrids embed queries with the provider.
     *
     * @param provider the query embedding model; null for a kind that does not need one
     * @throws IllegalArgumentException if the kind needs embeddings and the provider is null
     */
    public static Retriever create(
            RetrieverKind kind, LuceneIndex index, EmbeddingProvider provider, RetrievalConfig config) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(config, "config");
        if (kind.needsEmbeddings() && provider == null) {
            throw new IllegalArgumentException(
                    "retriever '" + kind + "' needs an embedding provider; pass one, or use only bm25");
        }
        return switch (kind) {
            case BM25 -> Bm25Retriever.of(index, config);
            case DENSE -> DenseRetriever.builder(index, provider).config(config).build();
            case HYBRID -> hybrid(index, provider, config, HybridRetriever.Fusion.MIN_MAX);
            case HYBRID_RRF -> hybrid(index, provider, config, HybridRetriever.Fusion.RRF);
            case HIERARCHICAL ->
                HierarchicalRetriever.of(expansionBase(index, provider, config), index.chunks(), config);
            case HIER_NEIGHBOR ->
                NeighborRetriever.of(
                        NeighborRetriever.Reach.SECTION,
                        expansionBase(index, provider, config),
                        index.chunks(),
                        1,
                        config);
            case NEIGHBOR ->
                NeighborRetriever.of(
                        NeighborRetriever.Reach.READING_ORDER,
                        expansionBase(index, provider, config),
                        index.chunks(),
                        1,
                        config);
        };
    }

    private static Retriever hybrid(
            LuceneIndex index, EmbeddingProvider provider, RetrievalConfig config, HybridRetriever.Fusion fusion) {
        return HybridRetriever.builder(
                        DenseRetriever.builder(index, provider).config(config).build(), Bm25Retriever.of(index, config))
                .fusion(fusion)
                .config(config)
                .build();
    }

    /**
     * The base of an expanding retriever: hybrid's hits with an embedding provider, BM25's without;
     * the expanding retrievers over an equal base on one index share its results ({@link SharedBase}).
     */
    private static Retriever expansionBase(LuceneIndex index, EmbeddingProvider provider, RetrievalConfig config) {
        Retriever base = provider == null
                ? Bm25Retriever.of(index, config)
                : hybrid(index, provider, config, HybridRetriever.Fusion.MIN_MAX);
        return new SharedBase(base, index, new SharedBase.Key(base.name(), provider, config));
    }
}
