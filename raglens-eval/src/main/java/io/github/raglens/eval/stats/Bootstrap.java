package io.github.raglens.eval.stats;

import io.github.raglens.result.ConfidenceInterval;
import io.github.raglens.result.IntervalMethod;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Bootstrap confidence intervals of a mean, seeded so that the same values always give the same
 * interval: bias-corrected and accelerated (BCa, Efron 1987), with the expanded-percentile
 * correction for small samples (Hesterberg 2015: the tail level is widened so that a normal sample
 * would get Student's t interval). The plain percentile interval is too narrow at small sizes (it
 * forgets that the spread itself is estimated) and ignores skew; these two corrections address
 * both. For values that are all 0 or 1 use {@link MeanIntervals}, which gives the exact binomial
 * interval instead.
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

    /** Most distinct value profiles resampled as classes; beyond it samples are resampled one by one. */
    private static final int MAX_CLASSES = 4_096;

    /** Most class × resample counts held at once (32 MB of ints). */
    private static final long CLASS_WEIGHT_LIMIT = 8L << 20;

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
     * The mean of the values and its BCa bootstrap interval.
     *
     * @param values the per-sample values (e.g. one metric value per question); not modified
     * @return the mean and interval
     * @throws IllegalArgumentException if {@code values} is empty or holds NaN
     */
    public ConfidenceInterval meanInterval(double[] values) {
        Objects.requireNonNull(values, "values");
        return meanIntervals(new double[][] {values})[0];
    }

    /**
     * The means and BCa bootstrap intervals of several series over the same samples (e.g. every
     * metric of one system, one value per question each), resampled with the same indexes. Each
     * interval equals {@link #meanInterval(double[])} of its series alone, bit for bit; computing them
     * together is faster because samples with the same values in every series are resampled as one.
     *
     * @param series the series, all of the same length; not modified
     * @return one mean and interval per series, in order
     * @throws IllegalArgumentException if there is no series, a series is empty or holds NaN, or the
     *     lengths differ
     */
    public ConfidenceInterval[] meanIntervals(double[][] series) {
        Objects.requireNonNull(series, "series");
        if (series.length == 0) {
            throw new IllegalArgumentException("no series to bootstrap");
        }
        int n = Objects.requireNonNull(series[0], "series[0]").length;
        if (n == 0) {
            throw new IllegalArgumentException("no values to bootstrap");
        }
        int m = series.length;
        ConfidenceInterval[] out = new ConfidenceInterval[m];
        double[] mean = new double[m];
        List<ValueGroups> groups = new ArrayList<>(m);
        int[] active = new int[m];
        int a = 0;
        for (int s = 0; s < m; s++) {
            double[] values = Objects.requireNonNull(series[s], "series[" + s + "]");
            if (values.length != n) {
                throw new IllegalArgumentException(
                        "series must have the same length, were " + n + " and " + values.length);
            }
            double sum = 0;
            for (double v : values) {
                if (Double.isNaN(v)) {
                    throw new IllegalArgumentException("values hold NaN; record failures apart instead");
                }
                sum += v;
            }
            mean[s] = sum / n;
            if (allEqual(values)) {
                out[s] = new ConfidenceInterval(mean[s], mean[s], mean[s], n, level, IntervalMethod.BCA_BOOTSTRAP);
            } else {
                active[a++] = s;
                groups.add(ValueGroups.of(values));
            }
        }
        if (a == 0) {
            return out;
        }
        double[][] sums = resampleSums(series, Arrays.copyOf(active, a), groups, n);
        // the normal quantile of the tail, the upper one by symmetry: at 2 or 3 values the tail is so
        // small (2e-72 at 2) that 1 - tail rounds to 1, whose quantile is infinite
        double z = StandardNormal.quantile(Math.max(expandedTail(n), Double.MIN_NORMAL));
        for (int j = 0; j < a; j++) {
            double[] means = sums[j];
            for (int r = 0; r < resamples; r++) {
                means[r] /= n;
            }
            Arrays.sort(means);
            int s = active[j];
            double z0 = biasCorrection(means, mean[s]);
            double acceleration = acceleration(series[s], mean[s]);
            double lower = quantile(means, bcaLevel(z0, acceleration, z));
            double upper = quantile(means, bcaLevel(z0, acceleration, -z));
            out[s] = new ConfidenceInterval(
                    mean[s], Math.min(lower, upper), Math.max(lower, upper), n, level, IntervalMethod.BCA_BOOTSTRAP);
        }
        return out;
    }

    /**
     * The tail level of the expanded percentile interval: the normal tail reached at sqrt(n / (n −
     * 1)) times Student's t quantile, so a normal sample's interval is as wide as its t interval.
     */
    private double expandedTail(int n) {
        double alpha = 1 - level;
        if (n < 2) {
            return alpha / 2;
        }
        return StandardNormal.cdf(Math.sqrt(n / (n - 1.0)) * StudentT.quantile(alpha / 2, n - 1));
    }

    /**
     * BCa's bias correction: the normal quantile of the share of resample means below the observed
     * mean (ties counting half), kept off 0 and 1.
     */
    private static double biasCorrection(double[] sortedMeans, double mean) {
        double eps = 1e-12 * Math.max(1, Math.abs(mean));
        int below = 0;
        int ties = 0;
        for (double m : sortedMeans) {
            if (m < mean - eps) {
                below++;
            } else if (m <= mean + eps) {
                ties++;
            } else {
                break;
            }
        }
        int b = sortedMeans.length;
        double share = (below + 0.5 * ties) / b;
        share = Math.min(Math.max(share, 0.5 / b), 1 - 0.5 / b);
        return StandardNormal.quantile(share);
    }

    /** BCa's acceleration for a mean, from the jackknife: the skew of the values, over 6. */
    private static double acceleration(double[] values, double mean) {
        double cubes = 0;
        double squares = 0;
        for (double v : values) {
            double d = mean - v;
            squares += d * d;
            cubes += d * d * d;
        }
        return squares == 0 ? 0 : cubes / (6 * Math.pow(squares, 1.5));
    }

    /** The resample quantile BCa takes for the normal quantile {@code z}. */
    private static double bcaLevel(double z0, double acceleration, double z) {
        double shifted = z0 + z;
        double denominator = 1 - acceleration * shifted;
        if (denominator <= 0) {
            return shifted > 0 ? 1 : 0; // beyond the correction's reach: the farthest resample
        }
        return StandardNormal.cdf(z0 + shifted / denominator);
    }

    /**
     * The sum of each active series in every resample. Whatever the path, resample {@code r}'s sum is
     * {@code Σ v · W_v(r)} over the series' distinct non-zero values {@code v} in ascending order, where
     * {@code W_v(r)} is the exact integer count of draws of samples holding {@code v}: the same double
     * whichever way the counts were gathered.
     */
    private double[][] resampleSums(double[][] series, int[] active, List<ValueGroups> groups, int n) {
        double[][] sums = new double[active.length][resamples];
        char[] table = weightTable(n);
        int[] classOf = new int[n];
        int classes = jointClasses(series, active, classOf);
        if (classes > 0) {
            // Few distinct value profiles (the usual case for retrieval metrics): count draws per
            // profile once, then every series is a short sum over profiles.
            int[][] weights = new int[classes][resamples];
            if (table != null) {
                for (int i = 0; i < n; i++) {
                    int[] w = weights[classOf[i]];
                    int base = i * resamples;
                    for (int r = 0; r < resamples; r++) {
                        w[r] += table[base + r];
                    }
                }
            } else {
                SplittableRandom random = new SplittableRandom(seed);
                for (int r = 0; r < resamples; r++) {
                    for (int j = 0; j < n; j++) {
                        weights[classOf[random.nextInt(n)]][r]++;
                    }
                }
            }
            int[] w = new int[resamples];
            for (int j = 0; j < active.length; j++) {
                ValueGroups g = groups.get(j);
                double[] sum = sums[j];
                boolean[] seen = new boolean[classes];
                for (int v = 0; v < g.values.length; v++) {
                    Arrays.fill(w, 0);
                    for (int k = g.start[v]; k < g.start[v + 1]; k++) {
                        int c = classOf[g.members[k]];
                        if (!seen[c]) {
                            seen[c] = true;
                            int[] cw = weights[c];
                            for (int r = 0; r < resamples; r++) {
                                w[r] += cw[r];
                            }
                        }
                    }
                    addScaled(sum, g.values[v], w);
                }
            }
        } else if (table != null) {
            int[] w = new int[resamples];
            for (int j = 0; j < active.length; j++) {
                ValueGroups g = groups.get(j);
                for (int v = 0; v < g.values.length; v++) {
                    Arrays.fill(w, 0);
                    for (int k = g.start[v]; k < g.start[v + 1]; k++) {
                        int base = g.members[k] * resamples;
                        for (int r = 0; r < resamples; r++) {
                            w[r] += table[base + r];
                        }
                    }
                    addScaled(sums[j], g.values[v], w);
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
                for (int j = 0; j < active.length; j++) {
                    ValueGroups g = groups.get(j);
                    double s = 0;
                    for (int v = 0; v < g.values.length; v++) {
                        int w = 0;
                        for (int k = g.start[v]; k < g.start[v + 1]; k++) {
                            w += count[g.members[k]];
                        }
                        s += g.values[v] * w;
                    }
                    sums[j][r] = s;
                }
            }
        }
        return sums;
    }

    private static void addScaled(double[] sum, double v, int[] w) {
        for (int r = 0; r < sum.length; r++) {
            sum[r] += v * w[r];
        }
    }

    /**
     * Numbers the distinct rows {@code (series[s][i] for s in active)} and writes each sample's number
     * to {@code classOf}; returns how many there are, or 0 when there are too many to pay off.
     */
    private int jointClasses(double[][] series, int[] active, int[] classOf) {
        int n = classOf.length;
        int limit = (int) Math.min(MAX_CLASSES, Math.max(1, CLASS_WEIGHT_LIMIT / resamples));
        Map<Row, Integer> ids = new HashMap<>();
        for (int i = 0; i < n; i++) {
            double[] row = new double[active.length];
            for (int j = 0; j < active.length; j++) {
                row[j] = series[active[j]][i];
            }
            Integer id = ids.get(new Row(row));
            if (id == null) {
                if (ids.size() == limit) {
                    return 0;
                }
                id = ids.size();
                ids.put(new Row(row), id);
            }
            classOf[i] = id;
        }
        return ids.size() * 4 <= n ? ids.size() : 0;
    }

    /** A sample's values across series, compared by value. */
    private record Row(double[] values) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Row other && Arrays.equals(values, other.values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }

        @Override
        public String toString() {
            return Arrays.toString(values);
        }
    }

    /**
     * The distinct non-zero values of a series in ascending order, each with the samples holding it:
     * {@code members[start[v] .. start[v + 1])} hold value {@code values[v]}.
     */
    private record ValueGroups(double[] values, int[] start, int[] members) {
        static ValueGroups of(double[] series) {
            int n = series.length;
            int nonZero = 0;
            for (double x : series) {
                if (x != 0) {
                    nonZero++;
                }
            }
            double[] sorted = new double[nonZero];
            int k = 0;
            for (int i = 0; i < n; i++) {
                if (series[i] != 0) {
                    sorted[k++] = series[i];
                }
            }
            Arrays.sort(sorted);
            int distinct = 0;
            for (int i = 0; i < nonZero; i++) {
                if (i == 0 || sorted[i] != sorted[i - 1]) {
                    sorted[distinct++] = sorted[i];
                }
            }
            double[] values = Arrays.copyOf(sorted, distinct);
            int[] start = new int[distinct + 1];
            int[] group = new int[n];
            for (int i = 0; i < n; i++) {
                if (series[i] != 0) {
                    group[i] = Arrays.binarySearch(values, series[i]);
                    start[group[i] + 1]++;
                }
            }
            for (int v = 0; v < distinct; v++) {
                start[v + 1] += start[v];
            }
            int[] fill = Arrays.copyOf(start, distinct);
            int[] members = new int[nonZero];
            for (int i = 0; i < n; i++) {
                if (series[i] != 0) {
                    members[fill[group[i]]++] = i;
                }
            }
            return new ValueGroups(values, start, members);
        }
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
