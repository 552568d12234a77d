package io.github.raglens.result;

/**
 * The outcome of a paired test between two systems.
 *
 * @param meanDifference mean of the first system's values minus mean of the second's
 * @param pValue two-sided p-value in (0, 1]
 * @param n number of paired samples
 * @param permutations number of random sign flips behind the p-value
 */
public record PairedTestResult(double meanDifference, double pValue, int n, int permutations) {

    /** Validates the p-value's range. */
    public PairedTestResult {
        if (!(pValue > 0 && pValue <= 1)) {
            throw new IllegalArgumentException("pValue must be in (0, 1], was " + pValue);
        }
    }

    /** Whether the difference is significant at level {@code alpha}, e.g. 0.05. */
    public boolean significantAt(double alpha) {
        return pValue < alpha;
    }
}
