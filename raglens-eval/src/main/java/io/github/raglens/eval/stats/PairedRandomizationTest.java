package io.github.raglens.eval.stats;

import io.github.raglens.result.Aggregation.PairedTestResult;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * A two-sided paired randomization (sign-flip permutation) test of whether two systems scored on the
 * same samples differ in mean.
 *
 * <p>Under the null hypothesis the two scores of a sample are exchangeable, so each paired
 * difference is equally likely to have either sign. The test flips the signs at random {@code
 * permutations} times and reports the share of mean differences at least as far from zero as the
 * observed one, counting the observed arrangement itself: {@code p = (1 + hits) / (1 +
 * permutations)}, which is never 0 and is valid (not anti-conservative) for any number of
 * permutations. When every non-zero difference has the same size (two systems' 0/1 values, such as
 * hit rates) the distribution of the flips is binomial and the exact p-value is computed instead:
 * the two-sided sign test.
 *
 * <p>Seeded: the same inputs always give the same p-value; each comparison's flips are drawn from
 * the seed mixed with its differences, so that comparisons do not share one sampling error.
 * Immutable and thread-safe. Defaults:
 * 10,000 permutations, seed 42.
 */
public final class PairedRandomizationTest {

    /** Default number of random sign flips. */
    public static final int DEFAULT_PERMUTATIONS = 10_000;

    /** Default seed. */
    public static final long DEFAULT_SEED = 42;

    /** Expected sign flips at least as extreme as a result exactly at Holm's first threshold. */
    static final int FLIPS_PER_THRESHOLD = 20;

    private static final PairedRandomizationTest DEFAULTS =
            new PairedRandomizationTest(DEFAULT_PERMUTATIONS, DEFAULT_SEED);

    private final int permutations;
    private final long seed;

    private PairedRandomizationTest(int permutations, long seed) {
        this.permutations = permutations;
        this.seed = seed;
    }

    /** A test with 10,000 permutations and seed 42. */
    public static PairedRandomizationTest defaults() {
        return DEFAULTS;
    }

    /**
     * A test with the given settings.
     *
     * @param permutations number of random sign flips, at least 100
     * @param seed seed of the flips
     * @throws IllegalArgumentException if {@code permutations < 100}
     */
    public static PairedRandomizationTest of(int permutations, long seed) {
        if (permutations < 100) {
            throw new IllegalArgumentException("permutations must be >= 100, was " + permutations);
        }
        return new PairedRandomizationTest(permutations, seed);
    }

    /**
     * Sign flips behind each p-value of a Holm family, so that its threshold can be reached and
     * resolved: Holm's first step asks for {@code p < alpha / family}, and a p-value of {@code
     * permutations} flips is at least {@code 1 / (1 + permutations)}; with 10,000 flips a family of
     * 501 tests at alpha 0.05 could never find anything. This gives at least {@value
     * #FLIPS_PER_THRESHOLD} expected flips at the threshold, or {@code configured} if that is more.
     *
     * @param configured the permutations asked for
     * @param family the tests Holm's correction spans, at least 1
     * @param alpha the family-wise level, in (0, 1)
     * @return the permutations to use
     */
    public static int permutationsFor(int configured, int family, double alpha) {
        if (family < 1 || !(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException(
                    "need family >= 1 and alpha in (0, 1), were " + family + " and " + alpha);
        }
        double needed = Math.ceil(FLIPS_PER_THRESHOLD * family / alpha);
        return (int) Math.min(Integer.MAX_VALUE, Math.max(configured, needed));
    }

    /**
     * This test with enough permutations for a Holm family ({@link #permutationsFor}); itself when it
     * has them.
     */
    public PairedRandomizationTest forFamily(int family, double alpha) {
        int needed = permutationsFor(permutations, family, alpha);
        return needed == permutations ? this : new PairedRandomizationTest(needed, seed);
    }

    /** The number of permutations. */
    public int permutations() {
        return permutations;
    }

    /** The seed. */
    public long seed() {
        return seed;
    }

    /**
     * Tests whether {@code a} and {@code b} differ in mean.
     *
     * @param a the first system's value per sample
     * @param b the second system's value per sample, in the same sample order
     * @return the mean difference {@code mean(a) - mean(b)} and the two-sided p-value
     * @throws IllegalArgumentException if the arrays differ in length, are empty or hold NaN
     */
    public PairedTestResult test(double[] a, double[] b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        if (a.length != b.length) {
            throw new IllegalArgumentException(
                    "paired values must have the same length, were " + a.length + " and " + b.length);
        }
        int n = a.length;
        if (n == 0) {
            throw new IllegalArgumentException("no paired values to test");
        }
        // Only non-zero differences change under a sign flip; testing them alone is exact and fast.
        double[] diffs = new double[n];
        int m = 0;
        double observed = 0;
        for (int i = 0; i < n; i++) {
            double d = a[i] - b[i];
            if (Double.isNaN(d)) {
                throw new IllegalArgumentException("paired values hold NaN at index " + i);
            }
            observed += d;
            if (d != 0) {
                diffs[m++] = d;
            }
        }
        double meanDiff = observed / n;
        if (m == 0) {
            return new PairedTestResult(meanDiff, 1.0, n, permutations);
        }
        if (oneMagnitude(diffs, m)) {
            return new PairedTestResult(meanDiff, exactSignTest(diffs, m), n, permutations);
        }
        // Equal differences are grouped: the signed sum of c equal differences v is v * (2 * ones - c),
        // where ones counts the positive signs among c fair coin flips (the popcount of c random bits).
        java.util.Arrays.sort(diffs, 0, m);
        double[] values = new double[m];
        int[] counts = new int[m];
        int groups = 0;
        for (int i = 0; i < m; i++) {
            if (groups > 0 && values[groups - 1] == diffs[i]) {
                counts[groups - 1]++;
            } else {
                values[groups] = diffs[i];
                counts[groups++] = 1;
            }
        }
        double threshold = Math.abs(observed) * (1 - 1e-12);
        RandomBits bits = new RandomBits(new SplittableRandom(flipSeed(values, counts, groups)));
        int hits = 0;
        for (int p = 0; p < permutations; p++) {
            double s = 0;
            for (int g = 0; g < groups; g++) {
                int c = counts[g];
                s += values[g] * (2 * bits.countOnes(c) - c);
            }
            if (Math.abs(s) >= threshold) {
                hits++;
            }
        }
        double pValue = (1.0 + hits) / (1.0 + permutations);
        return new PairedTestResult(meanDiff, pValue, n, permutations);
    }

    /**
     * The seed of one comparison's flips: the test's seed mixed with its differences. Every comparison
     * gets flips of its own, so the p-values' sampling errors are independent across comparisons; one
     * set of flips for all made the error of every comparison lean the same way (a difference and its
     * mirror image, the systems swapped, had p-values lower on one side in nearly every data set, and
     * power depended on which system was the better). The same inputs still give the same p-value.
     */
    private long flipSeed(double[] values, int[] counts, int groups) {
        long h = mix(seed);
        for (int g = 0; g < groups; g++) {
            h = mix(h ^ Double.doubleToLongBits(values[g]));
            h = mix(h ^ counts[g]);
        }
        return h;
    }

    /** A 64-bit finaliser (Stafford's variant 13): every input bit moves about half the output bits. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** Whether every non-zero difference has the same size, as for two systems' 0/1 values. */
    private static boolean oneMagnitude(double[] diffs, int m) {
        double size = Math.abs(diffs[0]);
        for (int i = 1; i < m; i++) {
            if (Math.abs(diffs[i]) != size) {
                return false;
            }
        }
        return true;
    }

    /**
     * The exact p-value when every non-zero difference has one size: the sign flips' distribution is
     * then the binomial of the signs, so the two-sided p-value is that of the sign test (McNemar's
     * exact test for 0/1 values), with no sampling noise. Near a small threshold, such as Holm's
     * first step over a large family, a sampled p-value would often land on the wrong side of it.
     */
    private static double exactSignTest(double[] diffs, int m) {
        int positive = 0;
        for (int i = 0; i < m; i++) {
            positive += diffs[i] > 0 ? 1 : 0;
        }
        return signTestP(m, Math.max(positive, m - positive));
    }

    /**
     * The two-sided p-value of the exact sign test: {@code larger} of {@code differ} differing pairs
     * on one side. {@link Power} plans with this same test for 0/1 values.
     */
    static double signTestP(int differ, int larger) {
        if (2 * larger <= differ) {
            return 1.0;
        }
        return Math.min(1.0, 2 * Beta.regularized(0.5, larger, differ - larger + 1.0));
    }

    /** Fair coin flips drawn 64 at a time. */
    private static final class RandomBits {
        private final SplittableRandom random;
        private long buffer;
        private int left;

        RandomBits(SplittableRandom random) {
            this.random = random;
        }

        /** The number of heads among {@code c} fresh flips. */
        int countOnes(int c) {
            int ones = 0;
            while (c > 0) {
                if (left == 0) {
                    buffer = random.nextLong();
                    left = 64;
                }
                int take = Math.min(c, left);
                long mask = take == 64 ? -1L : (1L << take) - 1;
                ones += Long.bitCount(buffer & mask);
                buffer = take == 64 ? 0 : buffer >>> take;
                left -= take;
                c -= take;
            }
            return ones;
        }
    }

    @Override
    public String toString() {
        return "PairedRandomizationTest{permutations=" + permutations + ", seed=" + seed + "}";
    }
}
