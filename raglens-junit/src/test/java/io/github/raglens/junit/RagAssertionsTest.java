package io.github.raglens.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.eval.baseline.BaselineRecorder;
import io.github.raglens.eval.baseline.GateFixture;
import io.github.raglens.result.Baseline;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.IntervalMethod;
import io.github.raglens.result.MetricSummary;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

class RagAssertionsTest {

    static final GateFixture FIXTURE = new GateFixture();
    static final BenchmarkResult BASELINE_RUN = FIXTURE.benchmark(FIXTURE.baseline());

    @Test
    void meanThreshold_failsWithTheMeanItsIntervalAndTheThreshold() {
        double mean = BASELINE_RUN.retriever("my-rag").metrics().get("hit@1").mean();
        RagAssertions.assertThat(BASELINE_RUN).retriever("my-rag").hasMeanAtLeast("hit@1", mean);

        assertThatThrownBy(() -> RagAssertions.assertThat(BASELINE_RUN)
                        .retriever("my-rag")
                        .hasMeanAtLeast("hit@1", 0.9))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageMatching(
                        "hit@1 of my-rag is 0\\.\\d{4} \\[95% CI 0\\.\\d{4}, 0\\.\\d{4}\\] over 80 questions:"
                                + " the mean is below the required mean 0\\.9000");
    }

    @Test
    void lowerBoundThreshold_isStricterThanTheMean_andSaysSo() {
        double mean = BASELINE_RUN.retriever("my-rag").metrics().get("mrr@5").mean();

        assertThatThrownBy(() -> RagAssertions.assertThat(BASELINE_RUN)
                        .retriever("my-rag")
                        .hasMeanAtLeast("mrr@5", mean)
                        .hasLowerBoundAtLeast("mrr@5", mean))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageEndingWith(": the lower 95% bound is below the required lower bound "
                        + String.format(java.util.Locale.ROOT, "%.4f", mean));
    }

    @Test
    void unknownRetrieverOrMetric_namesWhatExists() {
        assertThatThrownBy(() -> RagAssertions.assertThat(BASELINE_RUN).retriever("bm25"))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage("the benchmark has no retriever 'bm25'; it has my-rag");
        assertThatThrownBy(() -> RagAssertions.assertThat(BASELINE_RUN)
                        .retriever("my-rag")
                        .hasMeanAtLeast("ndcg@10", 0.1))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageStartingWith("retriever 'my-rag' has no metric 'ndcg@10'; it has hit@1, hit@3, hit@5");
    }

    @Test
    void gate_passesTheSameAndTheNoisierSystem_andFailsTheDegradedOne() {
        Baseline baseline = BaselineRecorder.fromBenchmark(BASELINE_RUN);

        assertThat(RagAssertions.assertThat(FIXTURE.benchmark(FIXTURE.baseline()))
                        .isNotSignificantlyWorseThan(baseline)
                        .regressed())
                .isFalse();
        RagAssertions.assertThat(FIXTURE.benchmark(FIXTURE.noisier())).isNotSignificantlyWorseThan(baseline);
        assertThatThrownBy(() -> RagAssertions.assertThat(FIXTURE.benchmark(FIXTURE.droppingTheBestHit()))
                        .onMetrics("hit@5", "mrr@5")
                        .withMinEffect(0.05)
                        .isNotSignificantlyWorseThan(baseline))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageStartingWith("1 of 2 checks significantly worse than the baseline (paired randomization"
                        + " test per metric, 10000 permutations, Holm-corrected across 2 checks, alpha 0.05, minimum"
                        + " effect 0.050)")
                .hasMessageContaining("WORSE my-rag hit@5")
                .hasMessageContaining("before: relevant at rank 1; top: ");
    }

    @Test
    void lowerBoundThreshold_onAGradedMetricBelowTheBcaMinimum_failsSayingWhy() {
        RetrieverAssert few = new RetrieverAssert(new BenchmarkResult.RetrieverSummary(
                "bm25",
                java.util.Map.of(
                        "mrr@10",
                        new MetricSummary(0.9, 0.8, 0.97, 20, IntervalMethod.BCA_BOOTSTRAP),
                        "hit@10",
                        new MetricSummary(1.0, 0.8316, 1.0, 20, IntervalMethod.EXACT_BINOMIAL)),
                BenchmarkResult.LatencyPercentiles.ofNanos(new long[0])));
        assertThatThrownBy(() -> few.hasLowerBoundAtLeast("mrr@10", 0.5))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage("mrr@10 of bm25 is 0.9000 [95% CI 0.8000, 0.9700] over 20 questions: a BCa bootstrap"
                        + " interval holds its 95% only from 60 questions, so its lower bound proves nothing here; add"
                        + " questions, or assert on a hit rate (exact at any size)");
        // 20 hits of 20 prove a rate of 0.83, not 0.96
        few.hasLowerBoundAtLeast("hit@10", 0.8);
        assertThatThrownBy(() -> few.hasLowerBoundAtLeast("hit@10", 0.96))
                .hasMessageEndingWith(": the lower 95% bound is below the required lower bound 0.9600");
    }
}
