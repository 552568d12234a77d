package io.github.raglens.eval.stats;

/**
 * Clopper–Pearson ("exact") confidence bounds of a proportion: the rates at which the observed count
 * of successes would be just in the tail of the binomial distribution. They cover the true rate at
 * least as often as their level says, for any number of trials; stateless.
 */
final class ExactBinomial {

    private ExactBinomial() {}

    /**
     * The lower bound: 0 without successes, else the {@code tail} quantile of Beta(x, n − x + 1).
     *
     * @param successes the successes, a whole or (for sums of graded values) fractional count in [0, n]
     * @param n the trials
     * @param tail the probability left below the bound, e.g. 0.025
     */
    static double lower(double successes, int n, double tail) {
        return successes <= 0 ? 0 : Beta.quantile(tail, successes, n - successes + 1);
    }

    /**
     * The upper bound: 1 when every trial succeeded, else the {@code 1 − tail} quantile of Beta(x +
     * 1, n − x).
     */
    static double upper(double successes, int n, double tail) {
        return successes >= n ? 1 : Beta.quantile(1 - tail, successes + 1, n - successes);
    }
}
