package io.github.raglens.result;

/**
 * A paired randomization test between two retrievers on one metric, over the same questions, with its
 * p-value corrected for every comparison of the report's table (Holm's step-down method).
 *
 * @param a the first retriever
 * @param b the second retriever
 * @param metric the metric compared
 * @param meanDifference mean of {@code a} minus mean of {@code b}
 * @param pValue two-sided p-value of this test alone
 * @param adjustedPValue Holm-adjusted p-value across all pairs and headline metrics of the benchmark
 * @param significant whether {@code adjustedPValue < 0.05}
 * @param minDetectableEffect the smallest mean difference these questions detect at 80% power (two-sided
 *     alpha 0.05, from the spread of the per-question differences); the difference a question set of
 *     this size can tell apart from noise
 */
public record PairwiseComparison(
        String a,
        String b,
        String metric,
        double meanDifference,
        double pValue,
        double adjustedPValue,
        boolean significant,
        double minDetectableEffect) {

    /**
     * Validates the p-values, so that a report written before the correction existed is refused
     * rather than read with adjusted p-values of 0.
     *
     * @throws IllegalArgumentException if {@code adjustedPValue} is not in [{@code pValue}, 1]
     */
    public PairwiseComparison {
        if (!(adjustedPValue >= pValue && adjustedPValue <= 1)) {
            throw new IllegalArgumentException("adjustedPValue must be in [pValue, 1], was " + adjustedPValue
                    + " with pValue " + pValue + "; a report from before the Holm correction must be made again");
        }
    }
}
