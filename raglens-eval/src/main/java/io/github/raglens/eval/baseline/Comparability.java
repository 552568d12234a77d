package io.github.raglens.eval.baseline;

import io.github.raglens.result.Baseline;

/**
 * Whether two runs' scores mean the same thing, so a gate may compare them: the same source
 * (benchmark or evaluation), relevance mode, judge model and metric versions. Comparing an
 * evidence-relevance baseline with a chunk-relevance run, or scores of two prompt versions, reports
 * a "regression" that is only a change of ruler.
 */
final class Comparability {

    private Comparability() {}

    /**
     * Checks the source, relevance mode and judge model.
     *
     * @throws IllegalArgumentException naming what differs and what to do
     */
    static void check(Baseline baseline, Baseline current) {
        if (!baseline.source().equals(current.source())) {
            throw new IllegalArgumentException("the baseline holds " + baseline.source() + " scores and the current"
                    + " run " + current.source() + " scores; compare a benchmark with a benchmark and an evaluation"
                    + " with an evaluation");
        }
        if (!baseline.relevance().equals(current.relevance())) {
            throw new IllegalArgumentException("the baseline was benchmarked with relevance '" + baseline.relevance()
                    + "' and the current run with '" + current.relevance() + "', which score the same retrieval"
                    + " differently; benchmark again with relevance '" + baseline.relevance()
                    + "' or record a new baseline");
        }
        if (!baseline.judgeModel().equals(current.judgeModel())) {
            throw new IllegalArgumentException("the baseline was judged by '" + describe(baseline.judgeModel())
                    + "' and the current run by '" + describe(current.judgeModel())
                    + "'; judge with the baseline's model or record a new baseline");
        }
    }

    /**
     * Checks that a metric's scores were made with the same version in both runs.
     *
     * @throws IllegalArgumentException if the metric's scores were made with different versions, or
     *     an evaluation baseline does not record its versions
     */
    static void checkVersion(Baseline baseline, Baseline current, String metric) {
        if (!baseline.source().equals("evaluation")) {
            return;
        }
        String before = baseline.versions().get(metric);
        String now = current.versions().get(metric);
        if (before == null || now == null) {
            throw new IllegalArgumentException("the " + (before == null ? "baseline" : "current run")
                    + " does not record the version of " + metric + " (written by an older raglens); evaluate"
                    + " again to record it, then compare");
        }
        if (!before.equals(now)) {
            throw new IllegalArgumentException(metric + " was scored with version '" + before + "' in the baseline"
                    + " and '" + now + "' now (a metric's version changes with its prompt, mode or arithmetic), so"
                    + " the scores do not compare; evaluate the baseline's way again or record a new baseline");
        }
    }

    private static String describe(String judgeModel) {
        return judgeModel.isEmpty() ? "no judge" : judgeModel;
    }
}
