package io.github.raglens.retrieval;

import io.github.raglens.model.Chunk;
import java.util.List;

/**
 * A scored candidate before ranking: the chunk that represents it, the chunk that matched, and the
 * context handed on.
 */
record Hit(Chunk chunk, Chunk matched, List<Chunk> context, double score) {

    Hit {
        context = List.copyOf(context);
    }

    /** A hit that is its own context. */
    static Hit of(Chunk chunk, double score) {
        return new Hit(chunk, chunk, List.of(chunk), score);
    }
}
