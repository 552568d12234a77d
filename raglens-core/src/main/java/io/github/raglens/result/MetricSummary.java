package io.github.raglens.result;

/**
 * A metric's mean over questions with its 95% confidence interval.
 *
 * @param mean the mean
 * @param lower lower bound of the interval
 * @param upper upper bound of the interval
 * @param n number of questions
 * @param method how the interval was made; files without it were made by the percentile bootstrap
 */
public record MetricSummary(double mean, double lower, double upper, int n, IntervalMethod method) {

    /** Defaults a missing method to the percentile bootstrap of older files. */
    public MetricSummary {
        method = java.util.Objects.requireNonNullElse(method, IntervalMethod.PERCENTILE_BOOTSTRAP);
    }

    /** The summary of a confidence interval, without its level. */
    public static MetricSummary from(ConfidenceInterval ci) {
        return new MetricSummary(ci.mean(), ci.lower(), ci.upper(), ci.n(), ci.method());
    }

    /** Whether the interval covers the mean as often as it says at this many questions. */
    public boolean holdsItsLevel() {
        return method.holdsAt(n);
    }
}
