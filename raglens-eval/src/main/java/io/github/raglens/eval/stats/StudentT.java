package io.github.raglens.eval.stats;

/** Student's t distribution with any positive degrees of freedom; stateless. */
final class StudentT {

    private StudentT() {}

    /**
     * {@code P(T <= t)} with {@code df} degrees of freedom.
     *
     * @throws IllegalArgumentException if {@code df} is not positive
     */
    static double cdf(double t, double df) {
        checkDf(df);
        if (Double.isInfinite(df)) {
            return StandardNormal.cdf(t);
        }
        double tail = 0.5 * Beta.regularized(df / (df + t * t), df / 2, 0.5); // P(T > |t|)
        return t < 0 ? tail : 1 - tail;
    }

    /**
     * The t with {@code P(T <= t) = p}.
     *
     * @throws IllegalArgumentException if p is not in (0, 1) or {@code df} is not positive
     */
    static double quantile(double p, double df) {
        checkDf(df);
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("p must be in (0, 1), was " + p);
        }
        if (Double.isInfinite(df)) {
            return StandardNormal.quantile(p);
        }
        if (p == 0.5) {
            return 0;
        }
        double tail = Math.min(p, 1 - p);
        double x = Beta.quantile(2 * tail, df / 2, 0.5);
        double t = Math.sqrt(df * (1 - x) / x);
        return p < 0.5 ? -t : t;
    }

    private static void checkDf(double df) {
        if (!(df > 0)) {
            throw new IllegalArgumentException("degrees of freedom must be > 0, were " + df);
        }
    }
}
