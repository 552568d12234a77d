package io.github.raglens.eval.benchmark;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;

/**
 * A question with what the benchmark needs about it.
 *
 * @param sample the question
 * @param queryId its unique id in run files and qrels
 * @param source its source chunk, or null when that chunk no longer exists (evidence relevance)
 * @param target the id that stands for its one relevant target
 * @param evidence its evidence quote, whitespace normalised
 * @param overlap share of its terms present in its source text
 */
record BenchmarkQuestion(
        QuestionSample sample, String queryId, Chunk source, String target, String evidence, double overlap) {

    /** The source chunk's type, or {@code UNKNOWN} when the chunk no longer exists. */
    String chunkType() {
        return source == null ? "UNKNOWN" : source.type().name();
    }
}
