package io.github.raglens.result;

/**
 * A metric's mean over questions with its bootstrap 95% confidence interval.
 *
 * @param mean the mean
 * @param lower lower bound of the interval
 * @param upper upper bound of the interval
 * @param n number of questions
 */
public record MetricSummary(double mean, double lower, double upper, int n) {

    /** The summary of a confidence interval, without its level. */
    public static MetricSummary from(ConfidenceInterval ci) {
        return new MetricSummary(ci.mean(), ci.lower(), ci.upper(), ci.n());
    }
}
