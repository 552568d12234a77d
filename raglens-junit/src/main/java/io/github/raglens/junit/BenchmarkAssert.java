package io.github.raglens.junit;

import io.github.raglens.eval.baseline.BaselineRecorder;
import io.github.raglens.eval.gate.RegressionGate;
import io.github.raglens.result.Baseline;
import io.github.raglens.result.BenchmarkReport;
import io.github.raglens.result.GateReport;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.opentest4j.AssertionFailedError;

/**
 * Assertions on one benchmark report. Not thread-safe; each call returns this object for chaining.
 */
public final class BenchmarkAssert {

    private final BenchmarkReport report;
    private RegressionGate.Builder gate = RegressionGate.builder();

    BenchmarkAssert(BenchmarkReport report) {
        this.report = Objects.requireNonNull(report, "report");
    }

    /**
     * Assertions on one retriever (system) of the report.
     *
     * @throws AssertionFailedError if the report has no such retriever, naming those it has
     */
    public RetrieverAssert retriever(String name) {
        Objects.requireNonNull(name, "name");
        boolean present =
                report.retrievers().stream().anyMatch(r -> r.retriever().equals(name));
        if (!present) {
            throw new AssertionFailedError("the benchmark has no retriever '" + name + "'; it has "
                    + String.join(
                            ", ",
                            report.retrievers().stream().map(r -> r.retriever()).toList()));
        }
        return new RetrieverAssert(report.retriever(name));
    }

    /**
     * The metrics {@link #isNotSignificantlyWorseThan} checks; by default the headline ones ({@code
     * hit@K}, {@code mrr@K}, {@code ndcg@K} at the largest cutoff).
     */
    public BenchmarkAssert onMetrics(String... metrics) {
        gate.metrics(List.of(metrics));
        return this;
    }

    /** The smallest drop that may fail {@link #isNotSignificantlyWorseThan}; default 0.02. */
    public BenchmarkAssert withMinEffect(double minEffect) {
        gate.minEffect(minEffect);
        return this;
    }

    /** The family-wise significance level of {@link #isNotSignificantlyWorseThan}; default 0.05. */
    public BenchmarkAssert atAlpha(double alpha) {
        gate.alpha(alpha);
        return this;
    }

    /**
     * Passes unless a checked metric of a baseline system is significantly worse now: a paired
     * randomization test per metric on the questions both runs have, Holm-corrected across the
     * metrics checked, failing only a drop larger than the minimum effect.
     *
     * @param baseline the committed baseline
     * @return the gate's report, for more assertions or logging
     * @throws AssertionFailedError with the gate's message when something got worse
     */
    public GateReport isNotSignificantlyWorseThan(Baseline baseline) {
        GateReport result = gate.build().compare(baseline, BaselineRecorder.fromBenchmark(report));
        if (result.regressed()) {
            throw new AssertionFailedError(result.message());
        }
        return result;
    }

    /**
     * As {@link #isNotSignificantlyWorseThan(Baseline)}, with the baseline read from a file (a
     * baseline or a {@code benchmark.json}).
     */
    public GateReport isNotSignificantlyWorseThan(Path baselineFile) {
        return isNotSignificantlyWorseThan(BaselineRecorder.read(baselineFile));
    }

    @Override
    public String toString() {
        return "BenchmarkAssert{" + report.retrievers().size() + " retrievers, " + report.questions() + " questions}";
    }
}
