package io.github.raglens.result;

import java.util.Arrays;

/**
 * Latency percentiles of a set of timed calls, in milliseconds, by the nearest-rank method (each
 * percentile is a latency that was actually observed).
 *
 * @param count number of calls
 * @param p50Millis median
 * @param p95Millis 95th percentile
 * @param p99Millis 99th percentile
 * @param meanMillis mean
 * @param maxMillis slowest call
 */
public record LatencyPercentiles(
        int count, double p50Millis, double p95Millis, double p99Millis, double meanMillis, double maxMillis) {

    /**
     * Computes the percentiles of latencies given in nanoseconds.
     *
     * @param nanos the latencies; not modified
     * @return the percentiles; all zero when {@code nanos} is empty
     */
    public static LatencyPercentiles ofNanos(long[] nanos) {
        if (nanos.length == 0) {
            return new LatencyPercentiles(0, 0, 0, 0, 0, 0);
        }
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        double sum = 0;
        for (long n : sorted) {
            sum += n;
        }
        return new LatencyPercentiles(
                sorted.length,
                millis(percentile(sorted, 50)),
                millis(percentile(sorted, 95)),
                millis(percentile(sorted, 99)),
                sum / sorted.length / 1e6,
                millis(sorted[sorted.length - 1]));
    }

    /**
     * The nearest-rank percentile of sorted values: the smallest value such that at least {@code p}
     * percent of the values are at or below it.
     *
     * @param sorted values in ascending order, at least one
     * @param p the percentile, in (0, 100]
     * @return the percentile
     * @throws IllegalArgumentException if {@code sorted} is empty or {@code p} is out of range
     */
    public static long percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            throw new IllegalArgumentException("no values to take a percentile of");
        }
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], was " + p);
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(1, rank) - 1];
    }

    private static double millis(long nanos) {
        return nanos / 1e6;
    }
}
