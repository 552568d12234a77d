package io.github.raglens.result;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What one answering run of an evaluation did.
 *
 * @param pairs (system, question) pairs in the plan
 * @param alreadyAnswered pairs answered by an earlier run
 * @param answered pairs answered now
 * @param sharedAnswers of those, pairs that got the answer of another system's identical request,
 *     sent once
 * @param failed pairs that failed now, with their reasons in {@code answers.jsonl}
 * @param failuresByReason failures per reason
 * @param stopReason why the run stopped early, if it did
 */
public record AnswerSummary(
        int pairs,
        int alreadyAnswered,
        int answered,
        int sharedAnswers,
        int failed,
        Map<String, Integer> failuresByReason,
        Optional<String> stopReason) {

    /** Copies the map; rejects a null stop reason. */
    public AnswerSummary {
        failuresByReason = Map.copyOf(failuresByReason);
        Objects.requireNonNull(stopReason, "stopReason");
    }
}
