package io.github.raglens.retrieval;

import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.Retriever;
import java.util.List;
import java.util.Objects;

/**
 * Creates the built-in retrievers by name: {@code bm25}, {@code dense}, {@code hybrid},
 * {@code hybrid-rrf}, {@code hierarchical}, {@code hier-neighbor} and {@code neighbor}.
 *
 * <p>The expanding retrievers ({@code hierarchical}, {@code hier-neighbor}, {@code neighbor}) expand
 * the hits of {@code hybrid} when an embedding provider is given, of {@code bm25} otherwise.
 */
public final class Retrievers {

    /** The names of the built-in retrievers, in the order reports list them. */
    public static final List<String> NAMES =
            List.of("bm25", "dense", "hybrid", "hybrid-rrf", "hierarchical", "hier-neighbor", "neighbor");

    private Retrievers() {}

    /**
     * Creates a retriever that needs no embeddings.
     *
     * @throws IllegalArgumentException if the name is unknown or the retriever needs embeddings
     */
    public static Retriever create(String name, LuceneIndex index, RetrievalConfig config) {
        return create(name, index, null, config);
    }

    /**
     * Creates a retriever; {@code dense} and the hybrids embed queries with the provider.
     *
     * @throws IllegalArgumentException if the name is unknown
     */
    public static Retriever create(String name, LuceneIndex index, EmbeddingProvider provider, RetrievalConfig config) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(config, "config");
        return switch (name) {
            case "bm25" -> Bm25Retriever.of(index, config);
            case "dense" -> dense(name, index, provider, config);
            case "hybrid" -> hybrid(name, index, provider, config, HybridRetriever.Fusion.MIN_MAX);
            case "hybrid-rrf" -> hybrid(name, index, provider, config, HybridRetriever.Fusion.RRF);
            case "hierarchical" ->
                HierarchicalRetriever.of(expansionBase(index, provider, config), index.chunks(), config);
            case "hier-neighbor" ->
                NeighborRetriever.of(
                        NeighborRetriever.Reach.SECTION,
                        expansionBase(index, provider, config),
                        index.chunks(),
                        1,
                        config);
            case "neighbor" ->
                NeighborRetriever.of(
                        NeighborRetriever.Reach.READING_ORDER,
                        expansionBase(index, provider, config),
                        index.chunks(),
                        1,
                        config);
            default ->
                throw new IllegalArgumentException(
                        "unknown retriever '" + name + "'; use one of " + String.join(", ", NAMES));
        };
    }

    private static Retriever dense(String name, LuceneIndex index, EmbeddingProvider provider, RetrievalConfig config) {
        if (provider == null) {
            throw new IllegalArgumentException(
                    "retriever '" + name + "' needs an embedding provider; pass one, or use only bm25");
        }
        return DenseRetriever.builder(index, provider).config(config).build();
    }

    private static Retriever hybrid(
            String name,
            LuceneIndex index,
            EmbeddingProvider provider,
            RetrievalConfig config,
            HybridRetriever.Fusion fusion) {
        return HybridRetriever.builder(dense(name, index, provider, config), Bm25Retriever.of(index, config))
                .fusion(fusion)
                .config(config)
                .build();
    }

    /**
     * The base of an expanding retriever; the expanding retrievers over an equal base on one index share
     * its results ({@link SharedBase}).
     */
    private static Retriever expansionBase(LuceneIndex index, EmbeddingProvider provider, RetrievalConfig config) {
        Retriever base = provider == null
                ? Bm25Retriever.of(index, config)
                : hybrid("hybrid", index, provider, config, HybridRetriever.Fusion.MIN_MAX);
        return new SharedBase(base, index, new SharedBase.Key(base.name(), provider, config));
    }
}
