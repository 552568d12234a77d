package io.github.raglens.result;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one run of question generation did. A question is one chunk asked in one style (one per chunk
 * when only the natural style is asked).
 *
 * @param chunks questions considered (after any limit)
 * @param alreadyDone questions skipped because {@code questions.jsonl} already settled them
 * @param succeeded new questions written
 * @param skipped questions the model (or the length check) found no ground for
 * @param failed questions that failed, with their records
 * @param llmCalls requests sent to the model, retries and the personas' derivation included
 * @param failures reason per failed question's key (its chunk id, with {@code #} and the style unless natural)
 * @param draw which of the chunks not settled yet were asked about, and how they were drawn
 */
public record QuestionGenerationResult(
        int chunks,
        int alreadyDone,
        int succeeded,
        int skipped,
        int failed,
        long llmCalls,
        Map<String, String> failures,
        Draw draw) {

    /** Copies the failures. */
    public QuestionGenerationResult {
        failures = Map.copyOf(failures);
        Objects.requireNonNull(draw, "draw");
    }

    /**
     * How a run chose the chunks it asked about among those not settled yet: all of them, or, under
     * a limit, a draw across the documents in proportion to each one's unsettled chunks, seeded.
     *
     * @param asked chunks asked about in this run
     * @param unsettled chunks not settled before this run
     * @param documents documents the chunks asked about come from
     * @param unsettledDocuments documents the unsettled chunks come from
     * @param seed the seed of the draw
     */
    public record Draw(int asked, int unsettled, int documents, int unsettledDocuments, long seed) {

        /** Whether a limit left some unsettled chunks for a later run. */
        public boolean sampled() {
            return asked < unsettled;
        }

        /**
         * What was drawn, e.g. {@code "sampled 40 of 1234 unasked chunks across 6 of 6 documents
         * (stratified by document, seed 42)"}; empty when every unsettled chunk was asked.
         */
        public String describe() {
            return sampled()
                    ? "sampled " + asked + " of " + unsettled + " unasked chunks across " + documents + " of "
                            + unsettledDocuments + (unsettledDocuments == 1 ? " document" : " documents")
                            + " (stratified by document, seed " + seed + ")"
                    : "";
        }
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
