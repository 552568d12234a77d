package io.github.raglens.junit;

import io.github.raglens.eval.baseline.BaselineRecorder;
import io.github.raglens.eval.baseline.RegressionGate;
import io.github.raglens.gate.GateOptions;
import io.github.raglens.result.Baseline;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.GateResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.opentest4j.AssertionFailedError;

/**
 * Assertions on one benchmark report. Not thread-safe; each call returns this object for chaining.
 */
public final class BenchmarkAssert {

    private final BenchmarkResult report;
    private final GateOptions.Builder gate = GateOptions.builder();

    BenchmarkAssert(BenchmarkResult report) {
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
     * Makes {@link #isNotSignificantlyWorseThan} fail also when the question set could not catch a
     * true drop of {@code drop} in 80% of runs (it would pass such a drop too often for a green test
     * to mean anything). Off by default; every report states the drop each check would catch.
     *
     * @param drop the drop that must be caught, above the minimum effect
     */
    public BenchmarkAssert catchingDropsOf(double drop) {
        gate.catchingDropsOf(drop);
        return this;
    }

    /**
     * Passes unless a checked metric of a baseline system is significantly worse now: a paired
     * randomization test per metric on the questions both runs have, Holm-corrected across the
     * metrics checked, failing only a drop larger than the minimum effect.
     *
     * @param baseline the committed baseline
     * @return the gate's report, for more assertions or logging; its message states the smallest drop
     *     each check would catch
     * @throws AssertionFailedError with the gate's message when something got worse, or with {@link
     *     #catchingDropsOf} when the questions could not catch that drop
     */
    public GateResult isNotSignificantlyWorseThan(Baseline baseline) {
        GateResult result = RegressionGate.of(gate.build()).compare(baseline, BaselineRecorder.fromBenchmark(report));
        if (!result.passed()) {
            throw new AssertionFailedError(result.message());
        }
        return result;
    }

    /**
     * As {@link #isNotSignificantlyWorseThan(Baseline)}, with the baseline read from a file (a
     * baseline or a {@code benchmark.json}).
     */
    public GateResult isNotSignificantlyWorseThan(Path baselineFile) {
        return isNotSignificantlyWorseThan(BaselineRecorder.read(baselineFile));
    }

    @Override
    public String toString() {
        return "BenchmarkAssert{" + report.retrievers().size() + " retrievers, " + report.questions() + " questions}";
    }
}
