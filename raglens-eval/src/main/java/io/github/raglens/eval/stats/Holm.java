package io.github.raglens.eval.stats;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Objects;

/**
 * Holm's step-down correction of p-values for testing several hypotheses at once: it keeps the
 * chance of any false "significant" among them at most alpha, and is uniformly more powerful than
 * Bonferroni.
 */
public final class Holm {

    private Holm() {}

    /**
     * Adjusts p-values so that each can be compared with alpha directly.
     *
     * <p>With the p-values sorted ascending as {@code p(1) <= … <= p(m)}, the adjusted value of
     * {@code p(i)} is {@code max over j <= i of min(1, (m - j + 1) * p(j))}.
     *
     * @param pValues the raw p-values, in any order; not modified
     * @return the adjusted p-values, in the order given
     * @throws IllegalArgumentException if a p-value is NaN or outside [0, 1]
     */
    public static double[] adjust(double[] pValues) {
        Objects.requireNonNull(pValues, "pValues");
        int m = pValues.length;
        for (int i = 0; i < m; i++) {
            if (!(pValues[i] >= 0 && pValues[i] <= 1)) {
                throw new IllegalArgumentException("p-value at index " + i + " must be in [0, 1], was " + pValues[i]);
            }
        }
        Integer[] order = new Integer[m];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble(i -> pValues[i]));
        double[] adjusted = new double[m];
        double running = 0;
        for (int rank = 0; rank < m; rank++) {
            int i = order[rank];
            running = Math.max(running, Math.min(1.0, (m - rank) * pValues[i]));
            adjusted[i] = running;
        }
        return adjusted;
    }
}
