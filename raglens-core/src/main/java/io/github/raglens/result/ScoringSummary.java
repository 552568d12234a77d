package io.github.raglens.result;

import io.github.raglens.model.TokenUsage;
import java.util.Map;
import java.util.Optional;

/**
 * What one scoring run did.
 *
 * @param cells cells in the plan (cases × metrics)
 * @param alreadyScored cells scored by an earlier run and skipped
 * @param scored cells scored in this run
 * @param failed cells that failed in this run, recorded with their reason
 * @param notRun cells left for a later run because the run stopped (budget, fatal error)
 * @param failuresByReason failed cells of this run per reason
 * @param judge the judge session's calls, tokens and cost (zero without a session)
 * @param stopReason why the run stopped early, if it did
 */
public record ScoringSummary(
        int cells,
        int alreadyScored,
        int scored,
        int failed,
        int notRun,
        Map<String, Integer> failuresByReason,
        JudgeStats judge,
        Optional<String> stopReason) {

    /** Copies the map. */
    public ScoringSummary {
        failuresByReason = Map.copyOf(failuresByReason);
    }

    /** Whether every cell of the plan is scored. */
    public boolean complete() {
        return failed == 0 && notRun == 0;
    }

    /**
     * What a judge session has done so far.
     *
     * @param callsSent calls sent to the model (retries included)
     * @param cacheHits calls answered from the call cache or shared with another metric
     * @param failedCalls calls whose reply could not be used or that raised a provider error
     * @param usage tokens billed for the calls sent
     * @param costUsd the cost of those tokens at the session's price
     */
    public record JudgeStats(long callsSent, long cacheHits, long failedCalls, TokenUsage usage, double costUsd) {}
}
