package io.github.raglens.eval.stats;

import java.util.Arrays;
import java.util.Objects;

/**
 * Holm's step-down correction for testing many hypotheses at once: the family-wise error rate (the
 * chance of calling even one true null significant) stays at most the level used, whatever the
 * dependence between the tests.
 *
 * <p>With {@code m} p-values sorted ascending, {@code p(1) <= … <= p(m)}, the adjusted value of the
 * {@code i}-th is {@code max over j <= i of min(1, (m − j + 1) · p(j))}; a hypothesis is rejected at
 * level {@code alpha} when its adjusted p-value is below {@code alpha}. Raglens applies it across the
 * pairs of retrievers and the metrics of one report table.
 *
 * <p>Stateless and thread-safe.
 */
public final class HolmCorrection {

    /** The name shown beside corrected p-values. */
    public static final String NAME = "Holm";

    private HolmCorrection() {}

    /**
     * The size of the family that every pair of systems compared on every metric forms: one Holm
     * family, at least 1, so a single system still has a threshold to size its test by.
     *
     * @param systems the systems compared pairwise
     * @param metrics the metrics each pair is compared on
     */
    public static int pairwiseFamily(int systems, int metrics) {
        return Math.max(1, systems * (systems - 1) / 2 * metrics);
    }

    /**
     * Adjusts p-values for the family they form.
     *
     * @param pValues the raw p-values, each in [0, 1]; not modified
     * @return the adjusted p-values, in the input's order; each at least its raw value and at most 1
     * @throws NullPointerException if {@code pValues} is null
     * @throws IllegalArgumentException if a p-value is outside [0, 1] or NaN
     */
    public static double[] adjust(double[] pValues) {
        Objects.requireNonNull(pValues, "pValues");
        int m = pValues.length;
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) {
            if (!(pValues[i] >= 0 && pValues[i] <= 1)) {
                throw new IllegalArgumentException("p-value " + i + " must be in [0, 1], was " + pValues[i]);
            }
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(pValues[a], pValues[b]));
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
