package io.github.raglens.result;

/**
 * How a benchmark timed its retrievals, so a latency column can say what it measured.
 *
 * @param warmupQueries untimed queries each retriever answered before its timed ones (0: timed cold)
 * @param threads how many questions were retrieved at once (1: each query alone)
 */
public record LatencyTiming(int warmupQueries, int threads) {

    /**
     * Validates the counts.
     *
     * @throws IllegalArgumentException if {@code warmupQueries} is negative or {@code threads} below 1
     */
    public LatencyTiming {
        if (warmupQueries < 0) {
            throw new IllegalArgumentException("warmupQueries must be >= 0, was " + warmupQueries);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, was " + threads);
        }
    }

    /**
     * What the latency figures measured, for a column's caption: e.g. {@code "warm (50 untimed queries
     * first), one query at a time"} or {@code "cold, 4 queries at a time (contending)"}.
     */
    public String describe() {
        String warmth = warmupQueries == 0 ? "cold" : "warm (" + warmupQueries + " untimed queries first)";
        return warmth + ", " + (threads == 1 ? "one query at a time" : threads + " queries at a time (contending)");
    }
}
