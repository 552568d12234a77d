package io.github.raglens.eval.stats;

import io.github.raglens.result.ConfidenceInterval;
import io.github.raglens.result.IntervalMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Confidence intervals of means that hold their level at the sizes users have: for values that are
 * all 0 or 1 (hit rates, exact match) the exact binomial (Clopper–Pearson) interval, valid at any
 * size; for graded values the {@link Bootstrap}'s BCa interval, which holds from {@value
 * IntervalMethod#BCA_MINIMUM} values ({@link IntervalMethod#holdsAt}). Paired differences get the
 * matching methods: Newcombe's hybrid score interval on the exact margins for 0/1 values, the BCa
 * interval of the per-sample differences otherwise.
 *
 * <p>Immutable and thread-safe; seeded through its bootstrap.
 */
public final class MeanIntervals {

    private final Bootstrap bootstrap;

    private MeanIntervals(Bootstrap bootstrap) {
        this.bootstrap = bootstrap;
    }

    /** Intervals at the bootstrap's level, graded ones resampled by it. */
    public static MeanIntervals of(Bootstrap bootstrap) {
        return new MeanIntervals(Objects.requireNonNull(bootstrap, "bootstrap"));
    }

    /** The confidence level. */
    public double level() {
        return bootstrap.level();
    }

    /**
     * The mean and interval of one series.
     *
     * @throws IllegalArgumentException if {@code values} is empty or holds NaN
     */
    public ConfidenceInterval of(double[] values) {
        return of(new double[][] {Objects.requireNonNull(values, "values")})[0];
    }

    /**
     * The means and intervals of several series over the same samples; the graded ones are
     * resampled together ({@link Bootstrap#meanIntervals(double[][])}).
     *
     * @throws IllegalArgumentException if there is no series, a series is empty or holds NaN, or the
     *     lengths differ
     */
    public ConfidenceInterval[] of(double[][] series) {
        Objects.requireNonNull(series, "series");
        if (series.length == 0) {
            throw new IllegalArgumentException("no series to bootstrap");
        }
        ConfidenceInterval[] out = new ConfidenceInterval[series.length];
        List<Integer> graded = new ArrayList<>();
        for (int s = 0; s < series.length; s++) {
            double[] values = Objects.requireNonNull(series[s], "series[" + s + "]");
            if (values.length == 0) {
                throw new IllegalArgumentException("no values to bootstrap");
            }
            if (values.length != series[0].length) {
                throw new IllegalArgumentException(
                        "series must have the same length, were " + series[0].length + " and " + values.length);
            }
            if (isBinary(values)) {
                out[s] = proportion(values);
            } else {
                graded.add(s);
            }
        }
        if (!graded.isEmpty()) {
            double[][] resampled = new double[graded.size()][];
            for (int i = 0; i < resampled.length; i++) {
                resampled[i] = series[graded.get(i)];
            }
            ConfidenceInterval[] intervals = bootstrap.meanIntervals(resampled);
            for (int i = 0; i < resampled.length; i++) {
                out[graded.get(i)] = intervals[i];
            }
        }
        return out;
    }

    /**
     * The mean difference {@code mean(a) − mean(b)} of paired values and its interval.
     *
     * @param a the first system's value per sample
     * @param b the second system's value per sample, in the same order
     * @throws IllegalArgumentException if the arrays differ in length, are empty or hold NaN
     */
    public ConfidenceInterval difference(double[] a, double[] b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        if (a.length != b.length) {
            throw new IllegalArgumentException(
                    "paired values must have the same length, were " + a.length + " and " + b.length);
        }
        if (a.length == 0) {
            throw new IllegalArgumentException("no paired values");
        }
        if (isBinary(a) && isBinary(b)) {
            return newcombe(a, b);
        }
        double[] d = new double[a.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = a[i] - b[i];
        }
        return bootstrap.meanInterval(d);
    }

    /** Whether every value is 0 or 1. */
    static boolean isBinary(double[] values) {
        for (double v : values) {
            if (v != 0 && v != 1) {
                return false;
            }
        }
        return true;
    }

    private ConfidenceInterval proportion(double[] values) {
        int n = values.length;
        double x = 0;
        for (double v : values) {
            x += v;
        }
        double tail = (1 - level()) / 2;
        return new ConfidenceInterval(
                x / n,
                ExactBinomial.lower(x, n, tail),
                ExactBinomial.upper(x, n, tail),
                n,
                level(),
                IntervalMethod.EXACT_BINOMIAL);
    }

    /**
     * Newcombe's hybrid score interval for a difference of paired proportions (his method 10, 1998),
     * on exact margins: each system's rate gets its Clopper–Pearson bounds, and the two distances are
     * combined with the correlation of the pairs (continuity-corrected), so agreement on most samples
     * narrows the interval as it should.
     */
    private ConfidenceInterval newcombe(double[] a, double[] b) {
        int n = a.length;
        int both = 0;
        int onlyA = 0;
        int onlyB = 0;
        for (int i = 0; i < n; i++) {
            if (a[i] == 1 && b[i] == 1) {
                both++;
            } else if (a[i] == 1) {
                onlyA++;
            } else if (b[i] == 1) {
                onlyB++;
            }
        }
        int neither = n - both - onlyA - onlyB;
        double tail = (1 - level()) / 2;
        double p1 = (double) (both + onlyA) / n;
        double p2 = (double) (both + onlyB) / n;
        double l1 = ExactBinomial.lower(both + onlyA, n, tail);
        double u1 = ExactBinomial.upper(both + onlyA, n, tail);
        double l2 = ExactBinomial.lower(both + onlyB, n, tail);
        double u2 = ExactBinomial.upper(both + onlyB, n, tail);
        double product = (double) (both + onlyA) * (onlyB + neither) * (both + onlyB) * (onlyA + neither);
        double cross = (double) both * neither - (double) onlyA * onlyB;
        if (cross > 0) {
            cross = Math.max(cross - n / 2.0, 0);
        }
        double phi = product == 0 ? 0 : cross / Math.sqrt(product);
        double diff = p1 - p2;
        double down = Math.sqrt(Math.max(0, sq(p1 - l1) - 2 * phi * (p1 - l1) * (u2 - p2) + sq(u2 - p2)));
        double up = Math.sqrt(Math.max(0, sq(u1 - p1) - 2 * phi * (u1 - p1) * (p2 - l2) + sq(p2 - l2)));
        return new ConfidenceInterval(
                diff, Math.max(-1, diff - down), Math.min(1, diff + up), n, level(), IntervalMethod.EXACT_BINOMIAL);
    }

    private static double sq(double x) {
        return x * x;
    }

    @Override
    public String toString() {
        return "MeanIntervals{" + bootstrap + "}";
    }
}
