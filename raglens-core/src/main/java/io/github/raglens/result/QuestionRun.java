package io.github.raglens.result;

import java.util.List;
import java.util.Map;

/**
 * What one run of question generation did.
 *
 * @param chunks chunks considered (after any limit)
 * @param alreadyDone chunks skipped because {@code questions.jsonl} already settled them
 * @param succeeded new questions written
 * @param skipped chunks the model (or the length check) judged too thin
 * @param failed chunks that failed, with their records
 * @param llmCalls requests sent to the model, retries included
 * @param failures reason per failed chunk id
 */
public record QuestionRun(
        int chunks,
        int alreadyDone,
        int succeeded,
        int skipped,
        int failed,
        long llmCalls,
        Map<String, String> failures) {

    /** Copies the failures. */
    public QuestionRun {
        failures = Map.copyOf(failures);
    }

    /** Whether every considered chunk now has a settled outcome and none failed. */
    public boolean complete() {
        return failed == 0;
    }

    /** Failure reasons, sorted by chunk id, as lines {@code chunkId: reason}. */
    public List<String> failureLines() {
        return failures.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + ": " + e.getValue())
                .toList();
    }
}
