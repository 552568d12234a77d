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
 * @param target the id that stands for its one relevant target
 * @param evidence its evidence quote, normalised
 * @param secondEvidence a multi-hop question's quote from its second chunk, normalised; empty for
 *     other questions. Under evidence relevance a hit holding either quote reaches the target
 * @param overlap its {@link io.github.raglens.eval.questions.LexicalOverlap} with its source text
 */
record BenchmarkQuestion(
        QuestionSample sample,
        String queryId,
        Chunk source,
        String target,
        String evidence,
        String secondEvidence,
        double overlap) {

    /** The normalised quotes a hit may hold to reach the target under evidence relevance; none empty. */
    List<String> quotes() {
        if (evidence.isEmpty()) {
            return List.of();
        }
        return secondEvidence.isEmpty() ? List.of(evidence) : List.of(evidence, secondEvidence);
    }

    /** The source chunk's type, or {@code UNKNOWN} when the chunk no longer exists. */
    String chunkType() {
        return source == null ? "UNKNOWN" : source.type().name();
    }
}
