package io.github.raglens.retrieval;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.Retriever;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Promotes each hit of a base retriever to its whole section: a fragment's hit returns the section's
 * {@code PARENT_SECTION} chunk (found in constant time), keeping the fragment as
 * {@link RetrievedChunk#matched()}. A section reached by several fragments appears once, at the rank
 * and score of its best fragment. Named {@code hierarchical}.
 *
 * <p>The corpus passed in is the lookup table for parents; pass {@link LuceneIndex#chunks()} of the
 * index the base retriever searches. Thread-safe when the base retriever is.
 */
public final class HierarchicalRetriever implements Retriever {

    private final Retriever base;
    private final ChunkCatalog catalog;
    private final RetrievalConfig config;
    private final ChunkFilter filter;

    private HierarchicalRetriever(Retriever base, Collection<Chunk> corpus, RetrievalConfig config) {
        this.base = Objects.requireNonNull(base, "base");
        this.catalog = new ChunkCatalog(Objects.requireNonNull(corpus, "corpus"));
        this.config = Objects.requireNonNull(config, "config");
        this.filter = new ChunkFilter(this.config);
    }

    /** Promotes the hits of {@code base} within {@code corpus}, with the default {@link RetrievalConfig}. */
    public static HierarchicalRetriever of(Retriever base, Collection<Chunk> corpus) {
        return new HierarchicalRetriever(base, corpus, RetrievalConfig.defaults());
    }

    /** Promotes the hits of {@code base} within {@code corpus}, with the given filtering. */
    public static HierarchicalRetriever of(Retriever base, Collection<Chunk> corpus, RetrievalConfig config) {
        return new HierarchicalRetriever(base, corpus, config);
    }

    @Override
    public String name() {
        return RetrieverKind.HIERARCHICAL.label();
    }

    @Override
    public RetrievalResult retrieve(String query, int k) {
        return Ranking.retrieve(name(), query, k, filter, (q, depth) -> {
            Ranking.Nested nested = Ranking.nested(base, q, depth);
            List<RetrievedChunk> hits = nested.hits();
            List<Hit> out = new ArrayList<>(hits.size());
            for (RetrievedChunk h : hits) {
                Chunk parent = catalog.parentOf(h.matched());
                out.add(new Hit(parent, h.matched(), List.of(parent), h.score()));
            }
            return new Ranking.Candidates(out, hits.size() >= depth, nested.reusedNanos());
        });
    }

    @Override
    public String toString() {
        return "HierarchicalRetriever[base=" + base.name() + ", " + config + "]";
    }
}
