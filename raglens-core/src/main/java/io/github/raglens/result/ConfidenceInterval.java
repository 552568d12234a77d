package io.github.raglens.result;

/**
 * A mean with its confidence interval.
 *
 * @param mean the sample mean
 * @param lower lower bound of the interval
 * @param upper upper bound of the interval
 * @param n number of values the mean is taken over
 * @param level confidence level, e.g. 0.95
 * @param method how the interval was made; files without it were made by the percentile bootstrap
 */
public record ConfidenceInterval(double mean, double lower, double upper, int n, double level, IntervalMethod method) {

    /** Validates that the interval is ordered and the level is in (0, 1). */
    public ConfidenceInterval {
        method = java.util.Objects.requireNonNullElse(method, IntervalMethod.PERCENTILE_BOOTSTRAP);
        if (!(lower <= upper)) {
            throw new IllegalArgumentException("lower must be <= upper, was " + lower + " > " + upper);
        }
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1, was " + n);
        }
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("level must be in (0, 1), was " + level);
        }
    }

    /** Whether {@code value} lies in the closed interval. */
    public boolean contains(double value) {
        return value >= lower && value <= upper;
    }

    /** Whether the interval covers the mean as often as its level says at its size ({@link IntervalMethod#holdsAt}). */
    public boolean holdsItsLevel() {
        return method.holdsAt(n);
    }

    /** Half the interval's width. */
    public double halfWidth() {
        return (upper - lower) / 2;
    }
}
