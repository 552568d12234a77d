package io.github.raglens.retrieval;

import io.github.raglens.model.Chunk;
import java.util.List;

/**
 * A scored candidate before ranking: the chunk that represents it, the chunk that matched, and the
 * context handed on. A search's hit is its own context, made into a list only for the few hits that
 * are ranked: a query looks at hundreds of candidates.
 */
final class Hit {

    private final Chunk chunk;
    private final Chunk matched;
    /** Null for a hit that is its own context. */
    private final List<Chunk> context;

    private final double score;

    Hit(Chunk chunk, Chunk matched, List<Chunk> context, double score) {
        this(chunk, matched, score, List.copyOf(context));
    }

    private Hit(Chunk chunk, Chunk matched, double score, List<Chunk> context) {
        this.chunk = chunk;
        this.matched = matched;
        this.context = context;
        this.score = score;
    }

    /** A hit that is its own context. */
    static Hit of(Chunk chunk, double score) {
        return new Hit(chunk, chunk, score, null);
    }

    Chunk chunk() {
        return chunk;
    }

    Chunk matched() {
        return matched;
    }

    List<Chunk> context() {
        return context == null ? List.of(chunk) : context;
    }

    double score() {
        return score;
    }

    @Override
    public String toString() {
        return "Hit[" + chunk.id() + ", matched=" + matched.id() + ", score=" + score + "]";
    }
}
