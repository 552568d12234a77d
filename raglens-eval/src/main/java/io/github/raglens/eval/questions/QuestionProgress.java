package io.github.raglens.eval.questions;

import io.github.raglens.model.QuestionSample;

/**
 * Receives progress of question generation, e.g. to draw a progress bar. Called from worker
 * threads, one call at a time.
 */
@FunctionalInterface
public interface QuestionProgress {

    /** Ignores progress. */
    QuestionProgress NONE = (done, total, record) -> {};

    /**
     * One more chunk is settled.
     *
     * @param done chunks finished in this run so far
     * @param total chunks this run will ask about
     * @param record the outcome just written
     */
    void chunkDone(int done, int total, QuestionSample record);
}
