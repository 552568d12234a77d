package io.github.raglens.solr;

import io.github.raglens.model.Chunk;
import java.util.List;

/**
 * A scored candidate before ranking: the chunk that represents it, the chunk that matched, and the
 * context handed on.
 */
record Candidate(Chunk chunk, Chunk matched, List<Chunk> context, double score) {

    Candidate {
        context = List.copyOf(context);
    }

    /** A candidate that is its own context. */
    static Candidate of(Chunk chunk, double score) {
        return new Candidate(chunk, chunk, List.of(chunk), score);
    }
}
