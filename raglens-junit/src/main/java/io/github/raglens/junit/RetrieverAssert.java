package io.github.raglens.junit;

import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import io.github.raglens.result.IntervalMethod;
import io.github.raglens.result.MetricSummary;
import java.util.Locale;
import java.util.Objects;
import org.opentest4j.AssertionFailedError;

/** Thresholds on one retriever's metrics. Each call returns this object for chaining. */
public final class RetrieverAssert {

    private final RetrieverSummary summary;

    RetrieverAssert(RetrieverSummary summary) {
        this.summary = Objects.requireNonNull(summary, "summary");
    }

    /**
     * Passes when the metric's mean over the questions is at least {@code minimum}. A mean threshold
     * passes a noisy run by luck about half the time it sits on the line; prefer {@link
     * #hasLowerBoundAtLeast} for a threshold that holds with 95% confidence.
     *
     * @throws AssertionFailedError naming the metric, the mean with its interval and the threshold
     */
    public RetrieverAssert hasMeanAtLeast(String metric, double minimum) {
        MetricSummary m = metric(metric);
        if (m.mean() < minimum) {
            throw new AssertionFailedError(
                    describe(metric, m) + ": the mean is below the required mean " + format(minimum));
        }
        return this;
    }

    /**
     * Passes when the lower bound of the metric's 95% interval is at least {@code minimum}: the metric
     * is at least that with 97.5% confidence over questions like these. Hit rates get the exact
     * binomial interval, valid at any number of questions; graded metrics (MRR, nDCG) the BCa
     * bootstrap, which holds its level only from {@value IntervalMethod#BCA_MINIMUM} questions, so
     * below that this fails rather than pass on an interval that may be too narrow.
     *
     * @throws AssertionFailedError naming the metric, the mean with its interval and the threshold, or
     *     why the interval cannot be trusted at this size
     */
    public RetrieverAssert hasLowerBoundAtLeast(String metric, double minimum) {
        MetricSummary m = metric(metric);
        if (!m.holdsItsLevel()) {
            throw new AssertionFailedError(
                    describe(metric, m) + ": a " + m.method().describe() + " interval"
                            + (m.method() == IntervalMethod.BCA_BOOTSTRAP
                                    ? " holds its 95% only from " + IntervalMethod.BCA_MINIMUM + " questions"
                                    : " may be too narrow")
                            + ", so its lower bound proves nothing here; add questions, or assert on a hit rate (exact at"
                            + " any size)");
        }
        if (m.lower() < minimum) {
            throw new AssertionFailedError(
                    describe(metric, m) + ": the lower 95% bound is below the required lower bound " + format(minimum));
        }
        return this;
    }

    private MetricSummary metric(String metric) {
        Objects.requireNonNull(metric, "metric");
        MetricSummary m = summary.metrics().get(metric);
        if (m == null) {
            throw new AssertionFailedError("retriever '" + summary.retriever() + "' has no metric '" + metric
                    + "'; it has " + String.join(", ", summary.metrics().keySet()));
        }
        return m;
    }

    private String describe(String metric, MetricSummary m) {
        return String.format(
                Locale.ROOT,
                "%s of %s is %.4f [95%% CI %.4f, %.4f] over %d questions",
                metric,
                summary.retriever(),
                m.mean(),
                m.lower(),
                m.upper(),
                m.n());
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%.4f", value);
    }

    @Override
    public String toString() {
        return "RetrieverAssert{" + summary.retriever() + "}";
    }
}
