package io.github.raglens;

import io.github.raglens.eval.judge.ContextPrecision;
import io.github.raglens.model.JudgeMetric;
import java.util.List;
import java.util.Objects;

/**
 * A human label's score made from a person's yes/no answers about a cell's items, the way the metric
 * makes its score from the judge's verdicts on them, so that a label and the judge's score mean the
 * same thing: context precision takes the average precision of the useful contexts in rank order;
 * every other metric the share of items answered yes (a cell labelled as a whole is one item).
 */
public final class LabelScores {

    private LabelScores() {}

    /**
     * The score of a cell from the answers about its items.
     *
     * @param metric the metric labelled, e.g. {@code context_precision}
     * @param verdicts one per item in the order shown (contexts in rank order), each 1 (yes) or 0 (no)
     * @return the score in [0, 1]
     * @throws IllegalArgumentException if there is no verdict or one is neither 0 nor 1
     */
    public static double score(String metric, List<Integer> verdicts) {
        Objects.requireNonNull(metric, "metric");
        if (verdicts.isEmpty()) {
            throw new IllegalArgumentException("a label needs an answer for every item, got none");
        }
        int[] v = new int[verdicts.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = verdicts.get(i);
            if (v[i] != 0 && v[i] != 1) {
                throw new IllegalArgumentException("an answer must be 0 (no) or 1 (yes), was " + v[i]);
            }
        }
        if (metric.equalsIgnoreCase(JudgeMetric.CONTEXT_PRECISION.label())) {
            return ContextPrecision.averagePrecision(v);
        }
        double yes = 0;
        for (int x : v) {
            yes += x;
        }
        return yes / v.length;
    }
}
