package io.github.raglens.junit;

import io.github.raglens.result.BenchmarkResult;

/**
 * Entry point of the fluent assertions, in the style of AssertJ:
 *
 * <pre>{@code
 * RagAssertions.assertThat(report).retriever("hybrid")
 *         .hasLowerBoundAtLeast("hit@5", 0.80)
 *         .hasMeanAtLeast("mrr@10", 0.60);
 * RagAssertions.assertThat(report).onMetrics("ndcg@10", "hit@5").isNotSignificantlyWorseThan(baseline);
 * }</pre>
 *
 * <p>Failures are {@link org.opentest4j.AssertionFailedError}s whose message says what was
 * measured, against what, and (for the gate) which questions got worst.
 */
public final class RagAssertions {

    private RagAssertions() {}

    /**
     * Assertions on a benchmark's results.
     *
     * @param report the benchmark report, e.g. {@code lens.benchmark()}
     * @return the assertions
     */
    public static BenchmarkAssert assertThat(BenchmarkResult report) {
        return new BenchmarkAssert(report);
    }
}
