package io.github.raglens.eval.gate;

import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.HolmCorrection;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.eval.stats.Power;
import io.github.raglens.result.Aggregation.PairedTestResult;
import io.github.raglens.result.Baseline;
import io.github.raglens.result.ConfidenceInterval;
import io.github.raglens.result.GateReport;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decides whether a run is significantly worse than a baseline: a paired randomization test per
 * (system, metric) on the questions both runs scored, Holm-corrected across every check, and a
 * minimum effect below which a drop never fails — so noise passes and a real drop fails.
 *
 * <p>Instances are immutable and thread-safe. Defaults: the headline metrics {@code hit@K}, {@code
 * mrr@K} and {@code ndcg@K} at the largest cutoff both runs have; minimum effect 0.02; alpha 0.05;
 * power 0.8 for the detectable-effect figures; 10,000 permutations and resamples, seed 42.
 */
public final class RegressionGate {

    /** Questions shown per failing check. */
    static final int WORST_SHOWN = 5;

    private final List<String> metrics;
    private final double minEffect;
    private final double alpha;
    private final double power;
    private final PairedRandomizationTest test;
    private final Bootstrap bootstrap;

    private RegressionGate(Builder b) {
        this.metrics = List.copyOf(b.metrics);
        this.minEffect = b.minEffect;
        this.alpha = b.alpha;
        this.power = b.power;
        this.test = PairedRandomizationTest.of(b.permutations, b.seed);
        this.bootstrap = Bootstrap.of(b.permutations, b.seed, 0.95);
    }

    /** A gate with the defaults. */
    public static RegressionGate defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Compares every system of the baseline with the same system in the current run.
     *
     * @param baseline the committed scores
     * @param current today's scores
     * @return one check per (system, metric), with the verdict
     * @throws IllegalArgumentException if a baseline system or a chosen metric is missing from the
     *     current run, or the two runs share no question
     */
    public GateReport compare(Baseline baseline, Baseline current) {
        Objects.requireNonNull(baseline, "baseline");
        Objects.requireNonNull(current, "current");
        List<Pending> pending = new ArrayList<>();
        for (String system : baseline.systems()) {
            if (!current.systems().contains(system)) {
                throw new IllegalArgumentException("system '" + system + "' of the baseline is missing from the"
                        + " current run, which has " + String.join(", ", current.systems())
                        + "; run it again or record a new baseline");
            }
            for (String metric : metricsFor(baseline, current, system)) {
                pending.add(check(baseline, current, system, metric));
            }
        }
        double[] raw = pending.stream().mapToDouble(p -> p.result.pValue()).toArray();
        double[] adjusted = HolmCorrection.adjust(raw);
        List<GateReport.Check> checks = new ArrayList<>();
        for (int i = 0; i < pending.size(); i++) {
            checks.add(pending.get(i).finish(adjusted[i]));
        }
        return new GateReport(alpha, minEffect, power, checks);
    }

    private List<String> metricsFor(Baseline baseline, Baseline current, String system) {
        Set<String> common = new TreeSet<>(baseline.metrics(system));
        common.retainAll(current.metrics(system));
        if (!metrics.isEmpty()) {
            for (String metric : metrics) {
                if (!common.contains(metric)) {
                    throw new IllegalArgumentException("metric '" + metric + "' is not in both runs of '" + system
                            + "'; both have " + String.join(", ", common));
                }
            }
            return metrics;
        }
        int maxK = common.stream()
                .filter(m -> m.startsWith("hit@"))
                .mapToInt(m -> Integer.parseInt(m.substring(4)))
                .max()
                .orElse(-1);
        List<String> headline = new ArrayList<>();
        for (String family : List.of("hit@", "mrr@", "ndcg@")) {
            if (common.contains(family + maxK)) {
                headline.add(family + maxK);
            }
        }
        return headline.isEmpty() ? List.copyOf(common) : headline;
    }

    private Pending check(Baseline baseline, Baseline current, String system, String metric) {
        Map<String, Double> before = baseline.values(system, metric);
        Map<String, Double> after = current.values(system, metric);
        List<String> ids = before.keySet().stream().filter(after::containsKey).toList();
        if (ids.isEmpty()) {
            throw new IllegalArgumentException("the baseline and the current run share no question for '" + system
                    + "' " + metric + "; the question set changed: record a new baseline");
        }
        double[] b = ids.stream().mapToDouble(before::get).toArray();
        double[] a = ids.stream().mapToDouble(after::get).toArray();
        PairedTestResult result = test.test(a, b);
        ConfidenceInterval[] intervals = bootstrap.meanIntervals(new double[][] {b, a});
        double sd = Power.sdOfDifferences(a, b);
        // Without observed differences, plan with the spread of the scores themselves: a difference of
        // two systems whose scores correlate at 0.5 has the same standard deviation as each.
        double planningSd = sd > 0 ? sd : Power.standardDeviation(b);
        double mde = Power.minDetectableEffect(planningSd, ids.size(), alpha, power);
        int needed = planningSd > 0 ? Power.questionsNeeded(planningSd, minEffect, alpha, power) : ids.size();
        List<GateReport.QuestionChange> worst = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            if (a[i] < b[i]) {
                String id = ids.get(i);
                worst.add(new GateReport.QuestionChange(
                        id,
                        current.questions()
                                .getOrDefault(id, baseline.questions().getOrDefault(id, "")),
                        b[i],
                        a[i],
                        baseline.returned(system, id),
                        current.returned(system, id)));
            }
        }
        worst.sort(Comparator.comparingDouble((GateReport.QuestionChange c) -> c.after() - c.before())
                .thenComparing(GateReport.QuestionChange::questionId));
        return new Pending(
                system,
                metric,
                result,
                intervals[0],
                intervals[1],
                mde,
                needed,
                List.copyOf(worst.subList(0, Math.min(WORST_SHOWN, worst.size()))));
    }

    private final class Pending {
        final String system;
        final String metric;
        final PairedTestResult result;
        final ConfidenceInterval before;
        final ConfidenceInterval after;
        final double mde;
        final int needed;
        final List<GateReport.QuestionChange> worst;

        Pending(
                String system,
                String metric,
                PairedTestResult result,
                ConfidenceInterval before,
                ConfidenceInterval after,
                double mde,
                int needed,
                List<GateReport.QuestionChange> worst) {
            this.system = system;
            this.metric = metric;
            this.result = result;
            this.before = before;
            this.after = after;
            this.mde = mde;
            this.needed = needed;
            this.worst = worst;
        }

        GateReport.Check finish(double adjustedP) {
            double difference = result.meanDifference();
            boolean worse = difference < -minEffect && adjustedP < alpha;
            return new GateReport.Check(
                    system,
                    metric,
                    result.n(),
                    before,
                    after,
                    difference,
                    result.pValue(),
                    adjustedP,
                    worse,
                    mde,
                    needed,
                    worse ? worst : List.of());
        }
    }

    @Override
    public String toString() {
        return "RegressionGate{metrics=" + (metrics.isEmpty() ? "headline" : metrics) + ", minEffect=" + minEffect
                + ", alpha=" + alpha + ", power=" + power + ", " + test + "}";
    }

    /** Builds a {@link RegressionGate}; not thread-safe. */
    public static final class Builder {
        private List<String> metrics = List.of();
        private double minEffect = 0.02;
        private double alpha = 0.05;
        private double power = 0.8;
        private int permutations = PairedRandomizationTest.DEFAULT_PERMUTATIONS;
        private long seed = PairedRandomizationTest.DEFAULT_SEED;

        private Builder() {}

        /** The metrics to check, e.g. {@code ndcg@10}; empty (the default) for the headline metrics. */
        public Builder metrics(List<String> metrics) {
            this.metrics = List.copyOf(Objects.requireNonNull(metrics, "metrics"));
            return this;
        }

        /** The smallest drop that may fail the gate, in the metric's units; default 0.02. */
        public Builder minEffect(double minEffect) {
            if (!(minEffect >= 0 && minEffect <= 1)) {
                throw new IllegalArgumentException("minEffect must be in [0, 1], was " + minEffect);
            }
            this.minEffect = minEffect;
            return this;
        }

        /** The family-wise significance level after Holm's correction; default 0.05. */
        public Builder alpha(double alpha) {
            if (!(alpha > 0 && alpha < 1)) {
                throw new IllegalArgumentException("alpha must be in (0, 1), was " + alpha);
            }
            this.alpha = alpha;
            return this;
        }

        /** The power behind the detectable-effect figures; default 0.8. */
        public Builder power(double power) {
            if (!(power > 0 && power < 1)) {
                throw new IllegalArgumentException("power must be in (0, 1), was " + power);
            }
            this.power = power;
            return this;
        }

        /** Sign flips per test and bootstrap resamples per interval; default 10,000. */
        public Builder permutations(int permutations) {
            if (permutations < 1) {
                throw new IllegalArgumentException("permutations must be at least 1, was " + permutations);
            }
            this.permutations = permutations;
            return this;
        }

        /** The seed of the tests and intervals; default 42. */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /** The gate. */
        public RegressionGate build() {
            return new RegressionGate(this);
        }
    }
}
