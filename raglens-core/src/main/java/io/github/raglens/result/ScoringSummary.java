package io.github.raglens.result;

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
}
