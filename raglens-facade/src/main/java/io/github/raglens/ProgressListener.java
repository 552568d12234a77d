package io.github.raglens;

/**
 * Receives the progress of a long stage, e.g. to draw a progress bar. May be called from worker
 * threads, one call at a time.
 */
@FunctionalInterface
public interface ProgressListener {

    /** Ignores progress. */
    ProgressListener NONE = (stage, done, total, status) -> {};

    /**
     * Reports progress.
     *
     * @param stage the stage, e.g. {@code ingest}
     * @param done steps done in this run
     * @param total steps this run will take
     * @param status a short status line (the current file, failures, cost …)
     */
    void progress(String stage, long done, long total, String status);
}
