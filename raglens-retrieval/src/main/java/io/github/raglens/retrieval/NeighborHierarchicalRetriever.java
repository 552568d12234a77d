package io.github.raglens.retrieval;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.spi.Retriever;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Expands each hit of a base retriever to its sibling fragments: the matched fragment with the
 * {@code window} fragments before and after it in the same section (never across a section boundary),
 * in order. A whole-section hit is its own context. Named {@code hier-neighbor}.
 *
 * <p>A hit whose matched chunk already lies in the context of a better hit (or in a section returned
 * whole) is dropped, so no text is handed on twice. Pass {@link LuceneIndex#chunks()} of the index the
 * base retriever searches as the corpus. Thread-safe when the base retriever is.
 */
final class NeighborHierarchicalRetriever implements Retriever {

    private final Retriever base;
    private final ChunkCatalog catalog;
    private final int window;
    private final RetrievalConfig config;
    private final ChunkFilter filter;

    private NeighborHierarchicalRetriever(
            Retriever base, Collection<Chunk> corpus, int window, RetrievalConfig config) {
        this.base = Objects.requireNonNull(base, "base");
        this.catalog = new ChunkCatalog(Objects.requireNonNull(corpus, "corpus"));
        if (window < 0) {
            throw new IllegalArgumentException("window must be >= 0, was " + window);
        }
        this.window = window;
        this.config = Objects.requireNonNull(config, "config");
        this.filter = new ChunkFilter(this.config);
    }

    /** Expands the hits of {@code base} by one sibling fragment each side, with the default config. */
    public static NeighborHierarchicalRetriever of(Retriever base, Collection<Chunk> corpus) {
        return new NeighborHierarchicalRetriever(base, corpus, 1, RetrievalConfig.defaults());
    }

    /**
     * Expands the hits of {@code base} by {@code window} sibling fragments each side.
     *
     * @throws IllegalArgumentException if {@code window < 0}
     */
    public static NeighborHierarchicalRetriever of(
            Retriever base, Collection<Chunk> corpus, int window, RetrievalConfig config) {
        return new NeighborHierarchicalRetriever(base, corpus, window, config);
    }

    @Override
    public String name() {
        return "hier-neighbor";
    }

    @Override
    public RetrievalResult retrieve(String query, int k) {
        return Ranking.retrieve(name(), query, k, filter, (q, depth) -> {
            Ranking.Nested nested = Ranking.nested(base, q, depth);
            List<RetrievedChunk> hits = nested.hits();
            return new Ranking.Candidates(
                    Expansion.expand(hits, filter, catalog, c -> catalog.siblingWindow(c, window)),
                    hits.size() >= depth,
                    nested.reusedNanos());
        });
    }

    @Override
    public String toString() {
        return "NeighborHierarchicalRetriever[base=" + base.name() + ", window=" + window + ", " + config + "]";
    }
}
