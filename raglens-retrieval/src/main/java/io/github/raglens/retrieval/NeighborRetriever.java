package io.github.raglens.retrieval;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.Retriever;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Expands each hit of a base retriever to the {@code window} chunks before and after it, in order.
 * Which chunks are neighbours is the {@link Reach}: the fragments of the hit's own section ({@code
 * hier-neighbor}), or the document's reading order across sections ({@code neighbor}).
 *
 * <p>A hit whose matched chunk already lies in the context of a better hit is dropped, so no text is
 * handed on twice; excluded sections are left out of the context. Pass {@link LuceneIndex#chunks()}
 * of the index the base retriever searches as the corpus. Thread-safe when the base retriever is.
 */
final class NeighborRetriever implements Retriever {

    /** Which chunks stand beside a hit. */
    enum Reach {
        /**
         * The matched fragment's siblings in the same section, never across a section boundary; a
         * whole-section hit is its own context.
         */
        SECTION(RetrieverKind.HIER_NEIGHBOR),
        /**
         * The chunks beside the hit in its document's reading order, across sections (a split
         * section's fragments stand in for its parent chunk).
         */
        READING_ORDER(RetrieverKind.NEIGHBOR);

        private final RetrieverKind kind;

        Reach(RetrieverKind kind) {
            this.kind = kind;
        }

        List<Chunk> window(ChunkCatalog catalog, Chunk c, int window) {
            return this == SECTION ? catalog.siblingWindow(c, window) : catalog.orderWindow(c, window);
        }
    }

    private final Reach reach;
    private final Retriever base;
    private final ChunkCatalog catalog;
    private final int window;
    private final RetrievalConfig config;
    private final ChunkFilter filter;

    private NeighborRetriever(
            Reach reach, Retriever base, Collection<Chunk> corpus, int window, RetrievalConfig config) {
        this.reach = Objects.requireNonNull(reach, "reach");
        this.base = Objects.requireNonNull(base, "base");
        this.catalog = new ChunkCatalog(Objects.requireNonNull(corpus, "corpus"));
        if (window < 0) {
            throw new IllegalArgumentException("window must be >= 0, was " + window);
        }
        this.window = window;
        this.config = Objects.requireNonNull(config, "config");
        this.filter = new ChunkFilter(this.config);
    }

    /** Expands the hits of {@code base} by one neighbour each side, with the default config. */
    static NeighborRetriever of(Reach reach, Retriever base, Collection<Chunk> corpus) {
        return new NeighborRetriever(reach, base, corpus, 1, RetrievalConfig.defaults());
    }

    /**
     * Expands the hits of {@code base} by {@code window} neighbours each side.
     *
     * @throws IllegalArgumentException if {@code window < 0}
     */
    static NeighborRetriever of(
            Reach reach, Retriever base, Collection<Chunk> corpus, int window, RetrievalConfig config) {
        return new NeighborRetriever(reach, base, corpus, window, config);
    }

    @Override
    public String name() {
        return reach.kind.label();
    }

    @Override
    public RetrievalResult retrieve(String query, int k) {
        return Ranking.retrieve(name(), query, k, filter, (q, depth) -> {
            Ranking.Nested nested = Ranking.nested(base, q, depth);
            List<RetrievedChunk> hits = nested.hits();
            return new Ranking.Candidates(
                    Expansion.expand(hits, filter, catalog, c -> reach.window(catalog, c, window)),
                    hits.size() >= depth,
                    nested.reusedNanos());
        });
    }

    @Override
    public String toString() {
        return "NeighborRetriever[" + reach + ", base=" + base.name() + ", window=" + window + ", " + config + "]";
    }
}
