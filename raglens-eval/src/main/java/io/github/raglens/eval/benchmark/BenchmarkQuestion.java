package io.github.raglens.eval.benchmark;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import java.util.List;

/**
 * A question with what the benchmark needs about it.
 *
 * @param sample the question
 * @param queryId its unique id in run files and qrels
 * @param source its source chunk, or null when that chunk no longer exists (evidence relevance)
 * @param targets its relevant targets, each one relevant document: one, or two for a multi-hop
 *     question whose two chunks (sections, quotes) differ
 * @param overlap its {@link io.github.raglens.eval.questions.LexicalOverlap} with its source text
 */
record BenchmarkQuestion(QuestionSample sample, String queryId, Chunk source, List<Target> targets, double overlap) {

    BenchmarkQuestion {
        targets = List.copyOf(targets);
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("a question needs a target");
        }
    }

    /**
     * One relevant target.
     *
     * @param id the id that stands for it in run files and qrels
     * @param reachedBy what a hit must hold to reach it under the relevance: the chunk's id, the section's
     *     id, the document's id or the normalised evidence quote (empty: no hit reaches it)
     */
    record Target(String id, String reachedBy) {}

    /** The targets' ids, the first target's first. */
    List<String> targetIds() {
        return targets.stream().map(Target::id).toList();
    }

    /** The source chunk's type, or {@code UNKNOWN} when the chunk no longer exists. */
    String chunkType() {
        return source == null ? "UNKNOWN" : source.type().name();
    }
}
