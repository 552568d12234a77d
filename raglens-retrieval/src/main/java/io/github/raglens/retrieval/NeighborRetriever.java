package io.github.raglens.retrieval;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.spi.Retriever;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Expands each hit of a base retriever to its neighbours in the document's reading order: the
 * {@code window} chunks before and after it, across section boundaries, in order (a split section's
 * fragments stand in for its parent chunk; excluded sections are left out of the context). Named
 * {@code neighbor}.
 *
 * <p>A hit whose matched chunk already lies in the context of a better hit is dropped. Pass
 * {@link LuceneIndex#chunks()} of the index the base retriever searches as the corpus. Thread-safe
 * when the base retriever is.
 */
final class NeighborRetriever implements Retriever {

    private final Retriever base;
    private final ChunkCatalog catalog;
    private final int window;
    private final RetrievalConfig config;
    private final ChunkFilter filter;

    private NeighborRetriever(Retriever base, Collection<Chunk> corpus, int window, RetrievalConfig config) {
        this.base = Objects.requireNonNull(base, "base");
        this.catalog = new ChunkCatalog(Objects.requireNonNull(corpus, "corpus"));
        if (window < 0) {
            throw new IllegalArgumentException("window must be >= 0, was " + window);
        }
        this.window = window;
        this.config = Objects.requireNonNull(config, "config");
        this.filter = new ChunkFilter(this.config);
    }

    /** Expands the hits of {@code base} by one chunk each side, with the default config. */
    public static NeighborRetriever of(Retriever base, Collection<Chunk> corpus) {
        return new NeighborRetriever(base, corpus, 1, RetrievalConfig.defaults());
    }

    /**
     * Expands the hits of {@code base} by {@code window} chunks each side.
     *
     * @throws IllegalArgumentException if {@code window < 0}
     */
    public static NeighborRetriever of(Retriever base, Collection<Chunk> corpus, int window, RetrievalConfig config) {
        return new NeighborRetriever(base, corpus, window, config);
    }

    @Override
    public String name() {
        return "neighbor";
    }

    @Override
    public RetrievalResult retrieve(String query, int k) {
        return Ranking.retrieve(name(), query, k, filter, (q, depth) -> {
            Ranking.Nested nested = Ranking.nested(base, q, depth);
            List<RetrievedChunk> hits = nested.hits();
            return new Ranking.Candidates(
                    Expansion.expand(hits, filter, catalog, c -> catalog.orderWindow(c, window)),
                    hits.size() >= depth,
                    nested.reusedNanos());
        });
    }

    @Override
    public String toString() {
        return "NeighborRetriever[base=" + base.name() + ", window=" + window + ", " + config + "]";
    }
}
