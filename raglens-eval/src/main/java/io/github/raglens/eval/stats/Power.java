package io.github.raglens.eval.stats;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a paired comparison can detect, computed for the rule raglens actually applies to it: the
 * paired randomization test at the level Holm's correction leaves a single true difference among
 * its family ({@code alpha / family}), and, for a regression gate, the further rule that the
 * observed drop must exceed the minimum effect. Power is the share of runs in which a true
 * difference of the given size would be called significant (or fail the gate).
 *
 * <p>The comparison's spread is taken from its observed pairs ({@link Spread#of}): for two series
 * of 0/1 values, the share of questions on which they differ, and the exact distribution of the
 * sign test on those questions (the randomization test on 0/1 values is a sign test), so few
 * differing questions give the lumpy, low power they have; for graded values, the standard
 * deviation of the differences, with Student's t and the sampling spread of the estimated standard
 * deviation. Checked by seeded simulation of the test itself.
 *
 * <p>Stateless and thread-safe.
 */
public final class Power {

    /** The most questions {@link #questionsNeeded} looks at. */
    static final int MAX_QUESTIONS = 1_000_000;

    private static final int SPREAD_POINTS = 200;

    private Power() {}

    /**
     * How a comparison decides.
     *
     * @param alpha the family-wise significance level
     * @param family how many tests Holm's correction spans
     * @param minDrop a drop counts only when the observed mean drop exceeds this (the gate's minimum
     *     effect); 0 for a plain test
     * @param dropsOnly whether only drops count (a gate), or a difference either way (a report)
     */
    public record Rule(double alpha, int family, double minDrop, boolean dropsOnly) {

        /**
         * Validates the values.
         *
         * @throws IllegalArgumentException if alpha is not in (0, 1), family is below 1 or minDrop
         *     is negative
         */
        public Rule {
            if (!(alpha > 0 && alpha < 1)) {
                throw new IllegalArgumentException("alpha must be in (0, 1), was " + alpha);
            }
            if (family < 1) {
                throw new IllegalArgumentException("family must be at least 1, was " + family);
            }
            if (!(minDrop >= 0)) {
                throw new IllegalArgumentException("minDrop must be >= 0, was " + minDrop);
            }
        }

        /** A report's pairwise test: two-sided, Holm-corrected over {@code family} tests. */
        public static Rule pairwise(double alpha, int family) {
            return new Rule(alpha, family, 0, false);
        }

        /** A regression gate's check: a drop beyond {@code minEffect}, significant after Holm. */
        public static Rule gate(double alpha, int family, double minEffect) {
            return new Rule(alpha, family, minEffect, true);
        }

        /** The raw p-value below which a lone true difference survives Holm's correction. */
        double perTest() {
            return alpha / family;
        }
    }

    /** The spread of a comparison's paired differences, which decides what it can detect. */
    public sealed interface Spread {

        /**
         * Two series of 0/1 values.
         *
         * @param share the share of questions on which the two differ, in (0, 1]
         */
        record Discordant(double share) implements Spread {}

        /**
         * Graded values.
         *
         * @param sd the standard deviation of the per-question differences, above 0
         */
        record Graded(double sd) implements Spread {}

        /**
         * The spread of observed pairs; empty when it is not estimable (the two agree on every
         * question, so the data say nothing about how far they could differ).
         *
         * @throws IllegalArgumentException if the arrays differ in length
         */
        static Optional<Spread> of(double[] a, double[] b) {
            Objects.requireNonNull(a, "a");
            Objects.requireNonNull(b, "b");
            if (a.length != b.length) {
                throw new IllegalArgumentException(
                        "paired values must have the same length, were " + a.length + " and " + b.length);
            }
            if (MeanIntervals.isBinary(a) && MeanIntervals.isBinary(b)) {
                int differ = 0;
                for (int i = 0; i < a.length; i++) {
                    differ += a[i] != b[i] ? 1 : 0;
                }
                return differ == 0 ? Optional.empty() : Optional.of(new Discordant((double) differ / a.length));
            }
            double[] d = new double[a.length];
            for (int i = 0; i < d.length; i++) {
                d[i] = a[i] - b[i];
            }
            double sd = standardDeviation(d);
            return sd > 0 ? Optional.of(new Graded(sd)) : Optional.empty();
        }
    }

    /**
     * The share of runs in which a true mean difference of {@code effect} is detected.
     *
     * @param spread the comparison's spread
     * @param rule how it decides
     * @param n questions
     * @param effect the true difference (a drop, for a gate), at least 0
     * @return the power in [0, 1]
     */
    public static double power(Spread spread, Rule rule, int n, double effect) {
        Objects.requireNonNull(spread, "spread");
        Objects.requireNonNull(rule, "rule");
        if (!(effect >= 0)) {
            throw new IllegalArgumentException("effect must be >= 0, was " + effect);
        }
        if (n < 2) {
            return 0;
        }
        return switch (spread) {
            case Spread.Discordant d -> signTestPower(d.share(), rule, n, effect);
            case Spread.Graded g -> gradedPower(g.sd(), rule, n, effect);
        };
    }

    /**
     * The smallest true difference detected in a share {@code power} of runs.
     *
     * @return the difference, or empty when even a difference of 1 (the whole scale) is detected
     *     less often
     * @throws IllegalArgumentException if {@code power} is not in (0, 1)
     */
    public static OptionalDouble detectable(Spread spread, Rule rule, int n, double power) {
        checkPower(power);
        if (power(spread, rule, n, 1) < power) {
            return OptionalDouble.empty();
        }
        double lo = 0;
        double hi = 1;
        for (int i = 0; i < 30; i++) {
            double mid = (lo + hi) / 2;
            if (power(spread, rule, n, mid) >= power) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return OptionalDouble.of(hi);
    }

    /**
     * How many questions detect a true difference of {@code effect} in a share {@code power} of
     * runs, with the spread staying as observed.
     *
     * @return the number, or empty when more than a million would be needed (or none would do, for
     *     a gate whose minimum effect is not below {@code effect})
     * @throws IllegalArgumentException if {@code power} is not in (0, 1) or {@code effect} not in
     *     (0, 1]
     */
    public static OptionalInt questionsNeeded(Spread spread, Rule rule, double effect, double power) {
        checkPower(power);
        if (!(effect > 0 && effect <= 1)) {
            throw new IllegalArgumentException("effect must be in (0, 1], was " + effect);
        }
        if (effect <= rule.minDrop() || power(spread, rule, MAX_QUESTIONS, effect) < power) {
            return OptionalInt.empty();
        }
        int hi = 2;
        while (power(spread, rule, hi, effect) < power) {
            hi = (int) Math.min(MAX_QUESTIONS, 2L * hi);
        }
        int lo = hi / 2;
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (power(spread, rule, mid, effect) >= power) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return OptionalInt.of(hi);
    }

    /**
     * Two series of 0/1 values differing on a share {@code observed} of questions. A true difference
     * {@code effect} needs at least that share to differ, so the share is {@code max(observed,
     * effect)}; of the questions that differ, a share {@code (share + effect) / (2 share)} goes the
     * effect's way. The test is the exact two-sided sign test on the differing questions.
     */
    private static double signTestPower(double observed, Rule rule, int n, double effect) {
        double share = Math.max(observed, effect);
        if (share <= 0) {
            return 0;
        }
        double towards = Math.min(1, (share + effect) / (2 * share));
        double mean = n * share;
        double sd = Math.sqrt(n * share * (1 - share));
        int from = (int) Math.max(0, Math.floor(mean - 10 * sd - 1));
        int to = (int) Math.min(n, Math.ceil(mean + 10 * sd + 1));
        double total = 0;
        for (int differ = from; differ <= to; differ++) {
            double weight = binomialPmf(n, differ, share);
            if (weight < 1e-16) {
                continue;
            }
            int critical = criticalCount(differ, rule.perTest());
            if (critical > differ) {
                continue;
            }
            // the gate also needs the observed drop, (2 k - differ) / n, beyond the minimum effect
            int byDrop = (int) Math.floor((differ + rule.minDrop() * n) / 2 + 1e-9) + 1;
            int k = rule.minDrop() > 0 ? Math.max(critical, byDrop) : critical;
            double detected = k <= differ ? upperTail(differ, k, towards) : 0;
            if (!rule.dropsOnly()) {
                detected += 1 - upperTail(differ, differ - critical + 1, towards);
            }
            total += weight * detected;
        }
        return Math.min(1, total);
    }

    /**
     * The fewest questions going one way, of {@code differ}, whose two-sided sign test p-value is
     * below {@code level}; {@code differ + 1} when none is.
     */
    private static int criticalCount(int differ, double level) {
        if (CRITICAL.size() > 100_000) {
            CRITICAL.clear(); // a long-lived process comparing many families: keep the cache small
        }
        return CRITICAL.computeIfAbsent(new Critical(differ, level), c -> searchCriticalCount(differ, level));
    }

    /** A sign test's critical count, cached: every power computation of a search asks for the same ones. */
    private record Critical(int differ, double level) {}

    private static final Map<Critical, Integer> CRITICAL = new ConcurrentHashMap<>();

    private static int searchCriticalCount(int differ, double level) {
        if (differ == 0 || 2 * Math.pow(0.5, differ) >= level) {
            return differ + 1;
        }
        int lo = (differ + 1) / 2; // p is 1 at the middle
        int hi = differ;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (PairedRandomizationTest.signTestP(differ, mid) < level) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** P(X >= k) for X ~ Binomial(trials, p). */
    private static double upperTail(int trials, int k, double p) {
        if (k <= 0) {
            return 1;
        }
        if (k > trials) {
            return 0;
        }
        if (p <= 0) {
            return 0;
        }
        if (p >= 1) {
            return 1;
        }
        return Beta.regularized(p, k, trials - k + 1.0);
    }

    private static double binomialPmf(int n, int k, double p) {
        if (p >= 1) {
            return k == n ? 1 : 0;
        }
        double log = Beta.logGamma(n + 1.0)
                - Beta.logGamma(k + 1.0)
                - Beta.logGamma(n - k + 1.0)
                + k * Math.log(p)
                + (n - k) * Math.log1p(-p);
        return Math.exp(log);
    }

    /**
     * Graded values: normal differences with standard deviation {@code sd}; the test is Student's t,
     * whose estimated standard deviation is averaged over its chi-square sampling distribution
     * (independent of the mean for normal data), and the gate's drop rule applies to the mean.
     */
    private static double gradedPower(double sd, Rule rule, int n, double effect) {
        int df = n - 1;
        double critical = StudentT.quantile(1 - rule.perTest() / 2, df);
        double se = sd / Math.sqrt(n);
        double total = 0;
        for (int i = 0; i < SPREAD_POINTS; i++) {
            double p = (i + 0.5) / SPREAD_POINTS;
            double estimated = se * Math.sqrt(chiSquareQuantile(p, df) / df);
            double threshold = critical * estimated;
            if (rule.dropsOnly()) {
                total += StandardNormal.cdf((effect - Math.max(rule.minDrop(), threshold)) / se);
            } else {
                total += StandardNormal.cdf((effect - threshold) / se) + StandardNormal.cdf((-effect - threshold) / se);
            }
        }
        return Math.min(1, total / SPREAD_POINTS);
    }

    /** The chi-square quantile by the Wilson–Hilferty cube-root approximation. */
    private static double chiSquareQuantile(double p, int df) {
        double h = 2.0 / (9 * df);
        double c = 1 - h + StandardNormal.quantile(p) * Math.sqrt(h);
        return df * Math.max(0, c * c * c);
    }

    private static void checkPower(double power) {
        if (!(power > 0 && power < 1)) {
            throw new IllegalArgumentException("power must be in (0, 1), was " + power);
        }
    }

    /** The sample standard deviation, {@code n − 1} in the denominator; 0 for fewer than two values. */
    static double standardDeviation(double[] values) {
        int n = values.length;
        if (n < 2) {
            return 0;
        }
        double mean = 0;
        for (double v : values) {
            mean += v;
        }
        mean /= n;
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        return Math.sqrt(ss / (n - 1));
    }
}
