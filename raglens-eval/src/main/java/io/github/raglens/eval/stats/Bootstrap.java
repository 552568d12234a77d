package io.github.raglens.eval.stats;

import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Percentile bootstrap confidence intervals of a mean, seeded so that the same values always give
 * the same interval.
 *
 * <p>Resample {@code r} draws its {@code n} indexes from a random stream seeded by the seed, so two
 * series of the same length are resampled with the same indexes: intervals of systems scored on the
 * same questions are paired, and an interval never depends on what else was computed before it.
 *
 * <p>Immutable and thread-safe. Defaults: 10,000 resamples, seed 42, level 0.95.
 */
public final class Bootstrap {

    /** Default number of resamples. */
    public static final int DEFAULT_RESAMPLES = 10_000;

    /** Default seed. */
    public static final long DEFAULT_SEED = 42;

    /** Default confidence level. */
    public static final double DEFAULT_LEVEL = 0.95;

    /** Above this many entries (resamples × n) the weight table is not cached but drawn per call. */
    private static final long CACHE_LIMIT = 32L << 20;

    private static final Bootstrap DEFAULTS = new Bootstrap(DEFAULT_RESAMPLES, DEFAULT_SEED, DEFAULT_LEVEL);

    private final int resamples;
    private final long seed;
    private final double level;
    private volatile WeightTable cached = new WeightTable(-1, new char[0]);

    private Bootstrap(int resamples, long seed, double level) {
        this.resamples = resamples;
        this.seed = seed;
        this.level = level;
    }

    /** A bootstrap with 10,000 resamples, seed 42 and level 0.95. */
    public static Bootstrap defaults() {
        return DEFAULTS;
    }

    /**
     * A bootstrap with the given settings.
     *
     * @param resamples number of resamples, at least 100
     * @param seed seed of the resampling
     * @param level confidence level in (0, 1)
     * @throws IllegalArgumentException if a value is out of range
     */
    public static Bootstrap of(int resamples, long seed, double level) {
        if (resamples < 100) {
            throw new IllegalArgumentException("resamples must be >= 100, was " + resamples);
        }
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("level must be in (0, 1), was " + level);
        }
        return new Bootstrap(resamples, seed, level);
    }

    /** The number of resamples. */
    public int resamples() {
        return resamples;
    }

    /** The seed. */
    public long seed() {
        return seed;
    }

    /** The confidence level. */
    public double level() {
        return level;
    }

    /**
     * The mean of the values and its percentile bootstrap interval.
     *
     * @param values the per-sample values (e.g. one metric value per question); not modified
     * @return the mean and interval
     * @throws IllegalArgumentException if {@code values} is empty or holds NaN
     */
    public ConfidenceInterval meanInterval(double[] values) {
        Objects.requireNonNull(values, "values");
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("no values to bootstrap");
        }
        double sum = 0;
        for (double v : values) {
            if (Double.isNaN(v)) {
                throw new IllegalArgumentException("values hold NaN; record failures apart instead");
            }
            sum += v;
        }
        double mean = sum / n;
        if (allEqual(values)) {
            return new ConfidenceInterval(mean, mean, mean, n, level);
        }
        double[] means = new double[resamples];
        char[] table = weightTable(n);
        if (table != null) {
            // Column form: question i's multiplicity in every resample is contiguous, so each non-zero
            // value adds itself to all resample sums in one vectorisable pass; zeros cost nothing.
            for (int i = 0; i < n; i++) {
                double x = values[i];
                if (x != 0) {
                    int base = i * resamples;
                    for (int r = 0; r < resamples; r++) {
                        means[r] += x * table[base + r];
                    }
                }
            }
        } else {
            SplittableRandom random = new SplittableRandom(seed);
            int[] count = new int[n];
            for (int r = 0; r < resamples; r++) {
                Arrays.fill(count, 0);
                for (int j = 0; j < n; j++) {
                    count[random.nextInt(n)]++;
                }
                double s = 0;
                for (int i = 0; i < n; i++) {
                    double x = values[i];
                    if (x != 0) {
                        s += x * count[i];
                    }
                }
                means[r] = s;
            }
        }
        for (int r = 0; r < resamples; r++) {
            means[r] /= n;
        }
        Arrays.sort(means);
        double alpha = 1 - level;
        double lower = quantile(means, alpha / 2);
        double upper = quantile(means, 1 - alpha / 2);
        return new ConfidenceInterval(mean, Math.min(lower, upper), Math.max(lower, upper), n, level);
    }

    /**
     * How often each value is drawn in each resample, for series of length {@code n}: entry {@code i *
     * resamples + r} is value {@code i}'s multiplicity in resample {@code r}; null when too large to
     * cache. Drawn from the same stream as the uncached path, so results never depend on caching.
     */
    private char[] weightTable(int n) {
        if ((long) resamples * n > CACHE_LIMIT) {
            return null;
        }
        WeightTable table = cached;
        if (table.n() == n) {
            return table.weights();
        }
        synchronized (this) {
            table = cached;
            if (table.n() != n) {
                char[] weights = new char[resamples * n];
                SplittableRandom random = new SplittableRandom(seed);
                for (int r = 0; r < resamples; r++) {
                    for (int j = 0; j < n; j++) {
                        int slot = random.nextInt(n) * resamples + r;
                        if (weights[slot] == Character.MAX_VALUE) {
                            return null; // a multiplicity beyond 65,535: use the uncached path
                        }
                        weights[slot]++;
                    }
                }
                table = new WeightTable(n, weights);
                cached = table;
            }
            return table.weights();
        }
    }

    /** The multiplicities of series of length {@code n}. */
    private record WeightTable(int n, char[] weights) {}

    private static boolean allEqual(double[] values) {
        for (double v : values) {
            if (v != values[0]) {
                return false;
            }
        }
        return true;
    }

    /** Linear interpolation between order statistics (Hyndman and Fan type 7). */
    static double quantile(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }

    @Override
    public String toString() {
        return "Bootstrap{resamples=" + resamples + ", seed=" + seed + ", level=" + level + "}";
    }
}
