package io.github.raglens.eval.stats;

import java.util.Arrays;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.SplittableRandom;

/**
 * Cohen's weighted kappa of two raters' grades on an ordinal scale {@code 0..top}, with linear
 * weights: agreement {@code 1 − |a − b| / top} per pair, observed against what the two raters'
 * own grade frequencies would give by chance, {@code (observed − expected) / (1 − expected)}
 * (Cohen 1968). Undefined (empty) without pairs and when the expected agreement is 1 (both raters
 * gave one and the same grade throughout: 0 / 0). Its interval is a seeded percentile bootstrap
 * over the pairs (resamples where kappa is undefined are left out).
 *
 * <p>Stateless and thread-safe.
 */
public final class WeightedKappa {

    private static final int RESAMPLES = 2_000;
    private static final double LEVEL = 0.95;

    private WeightedKappa() {}

    /**
     * A kappa with its interval.
     *
     * @param kappa the weighted kappa; empty when undefined
     * @param lower lower bound of the 95% interval; empty when not given
     * @param upper upper bound of the 95% interval; empty when not given
     */
    public record Result(OptionalDouble kappa, OptionalDouble lower, OptionalDouble upper) {

        /** Validates that no field is null. */
        public Result {
            Objects.requireNonNull(kappa, "kappa");
            Objects.requireNonNull(lower, "lower");
            Objects.requireNonNull(upper, "upper");
        }
    }

    /**
     * The linearly weighted kappa of two parallel grade lists.
     *
     * @param a the first rater's grades, each in {@code 0..top}
     * @param b the second rater's grades, parallel to {@code a}
     * @param top the highest grade, at least 1
     * @throws IllegalArgumentException if the lists differ in length, or a grade is out of range
     */
    public static OptionalDouble linear(int[] a, int[] b, int top) {
        check(a, b, top);
        int n = a.length;
        int[] all = new int[n];
        Arrays.setAll(all, i -> i);
        return kappa(a, b, top, all);
    }

    /**
     * The linearly weighted kappa with a 95% percentile-bootstrap interval, given only from {@code
     * minPairs} pairs on (fewer leave the interval empty).
     *
     * @param seed the seed of the resampling
     * @throws IllegalArgumentException as {@link #linear}
     */
    public static Result withInterval(int[] a, int[] b, int top, int minPairs, long seed) {
        OptionalDouble k = linear(a, b, top);
        int n = a.length;
        if (k.isEmpty() || n < minPairs) {
            return new Result(k, OptionalDouble.empty(), OptionalDouble.empty());
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] values = new double[RESAMPLES];
        int defined = 0;
        int[] idx = new int[n];
        for (int r = 0; r < RESAMPLES; r++) {
            for (int i = 0; i < n; i++) {
                idx[i] = random.nextInt(n);
            }
            OptionalDouble v = kappa(a, b, top, idx);
            if (v.isPresent()) {
                values[defined++] = v.getAsDouble();
            }
        }
        if (defined == 0) {
            return new Result(k, OptionalDouble.empty(), OptionalDouble.empty());
        }
        double[] sorted = Arrays.copyOf(values, defined);
        Arrays.sort(sorted);
        double tail = (1 - LEVEL) / 2;
        return new Result(
                k,
                OptionalDouble.of(sorted[(int) Math.floor(tail * (defined - 1))]),
                OptionalDouble.of(sorted[(int) Math.ceil((1 - tail) * (defined - 1))]));
    }

    /**
     * The kappa of the pairs at the given indexes, in whole numbers until the last division (weights
     * times {@code top}), so a kappa that is 0 in theory (one rater constant) is exactly 0: with
     * {@code O} the summed weights of the pairs and {@code E} those of every row-column combination,
     * {@code (n·O − E) / (n²·top − E)}.
     */
    private static OptionalDouble kappa(int[] a, int[] b, int top, int[] pairs) {
        long n = pairs.length;
        if (n == 0) {
            return OptionalDouble.empty();
        }
        long[] rows = new long[top + 1];
        long[] cols = new long[top + 1];
        long observed = 0;
        for (int i : pairs) {
            observed += top - Math.abs(a[i] - b[i]);
            rows[a[i]]++;
            cols[b[i]]++;
        }
        long expected = 0;
        for (int x = 0; x <= top; x++) {
            for (int y = 0; y <= top; y++) {
                expected += (top - Math.abs(x - y)) * rows[x] * cols[y];
            }
        }
        long denominator = n * n * top - expected;
        if (denominator == 0) {
            // Both raters gave one and the same grade throughout: agreement beyond chance is 0 / 0.
            return OptionalDouble.empty();
        }
        return OptionalDouble.of((double) (n * observed - expected) / denominator);
    }

    private static void check(int[] a, int[] b, int top) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        if (a.length != b.length) {
            throw new IllegalArgumentException("grade lists differ in length: " + a.length + " and " + b.length);
        }
        if (top < 1) {
            throw new IllegalArgumentException("top must be at least 1, was " + top);
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0 || a[i] > top || b[i] < 0 || b[i] > top) {
                throw new IllegalArgumentException(
                        "grades must be 0 to " + top + ", pair " + (i + 1) + " was " + a[i] + " and " + b[i]);
            }
        }
    }
}
