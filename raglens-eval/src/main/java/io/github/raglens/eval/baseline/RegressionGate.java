package io.github.raglens.eval.baseline;

import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.HolmCorrection;
import io.github.raglens.eval.stats.MeanIntervals;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.eval.stats.Power;
import io.github.raglens.gate.GateOptions;
import io.github.raglens.result.Aggregation.PairedTestResult;
import io.github.raglens.result.Baseline;
import io.github.raglens.result.ConfidenceInterval;
import io.github.raglens.result.GateResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Decides whether a run is significantly worse than a baseline: a paired randomization test per
 * (system, metric) on the questions both runs scored, and for judge scores per (system, metric) on
 * whether each attempted cell was scored at all, Holm-corrected across every check, with a minimum
 * effect below which a drop never fails — so noise passes and a real drop fails, and a run cannot
 * pass by losing the cells it does badly on.
 *
 * <p>Each check also says what it could have caught: the smallest true drop it fails in 80% of runs
 * under its own rule (Holm over the family, the drop beyond the minimum effect;
 * see {@link Power}), and how many questions a planned drop needs. Told to, the gate fails when a
 * check could not catch the planned drop.
 *
 * <p>Runs are compared only when their scores mean the same: the same source (benchmark or
 * evaluation), relevance mode, judge model and metric versions.
 *
 * <p>Instances are immutable and thread-safe; made from {@link GateOptions}, which hold the defaults.
 * Without metrics named, the headline metrics {@code hit@K}, {@code mrr@K} and {@code ndcg@K} at the
 * largest cutoff both runs have (every metric of judge scores); without a drop to catch, the planned
 * drop is twice the minimum effect; seed 42.
 */
public final class RegressionGate {

    /** Questions shown per failing check. */
    static final int WORST_SHOWN = 5;

    /** The share of runs in which a drop counts as caught, behind the detectable-drop figures. */
    private static final double POWER = 0.8;

    private final List<String> metrics;
    private final double minEffect;
    private final double plannedDrop;
    private final boolean requireDetectable;
    private final double alpha;
    private final PairedRandomizationTest test;
    private final MeanIntervals intervals;

    private RegressionGate(GateOptions options) {
        this.metrics = options.metrics();
        this.minEffect = options.minEffect();
        this.plannedDrop = options.catchingDropsOf().orElse(Math.min(1, 2 * minEffect));
        this.requireDetectable = options.catchingDropsOf().isPresent();
        this.alpha = options.alpha();
        this.test = PairedRandomizationTest.of(options.permutations(), PairedRandomizationTest.DEFAULT_SEED);
        this.intervals =
                MeanIntervals.of(Bootstrap.of(options.permutations(), PairedRandomizationTest.DEFAULT_SEED, 0.95));
    }

    /** The gate the options describe; {@link GateOptions} checked every value and combination. */
    public static RegressionGate of(GateOptions options) {
        return new RegressionGate(Objects.requireNonNull(options, "options"));
    }

    /**
     * Compares every system of the baseline with the same system in the current run.
     *
     * @param baseline the committed scores
     * @param current today's scores
     * @return one check per (system, metric), with the verdict
     * @throws IllegalArgumentException if the two runs' scores do not mean the same (source,
     *     relevance mode, judge model or a metric's version differ), a baseline system or a chosen
     *     metric is missing from the current run, or the two runs share no question
     */
    public GateResult compare(Baseline baseline, Baseline current) {
        Objects.requireNonNull(baseline, "baseline");
        Objects.requireNonNull(current, "current");
        Comparability.check(baseline, current);
        List<Pending> pending = new ArrayList<>();
        List<PendingCoverage> coverage = new ArrayList<>();
        for (String system : systems(baseline)) {
            if (!systems(current).contains(system)) {
                throw new IllegalArgumentException("system '" + system + "' of the baseline is missing from the"
                        + " current run, which has " + String.join(", ", systems(current))
                        + "; run it again or record a new baseline");
            }
            for (String metric : metricsFor(baseline, current, system)) {
                Comparability.checkVersion(baseline, current, metric);
                PendingCoverage c = coverage(baseline, current, system, metric);
                if (c != null) {
                    coverage.add(c);
                }
                Pending p = pending(baseline, current, system, metric);
                if (p != null) {
                    pending.add(p);
                } else if (c == null) {
                    throw new IllegalArgumentException("the baseline and the current run share no question for '"
                            + system + "' " + metric + "; the question set changed: record a new baseline");
                }
            }
        }
        // every check of the run is one Holm family (at least 1, for a run with none)
        int family = Math.max(1, pending.size() + coverage.size());
        PairedRandomizationTest familyTest = test.forFamily(family, alpha);
        List<PairedTestResult> results = new ArrayList<>();
        pending.forEach(p -> results.add(familyTest.test(p.after, p.before)));
        coverage.forEach(c -> results.add(familyTest.test(c.after, c.before)));
        double[] adjusted = HolmCorrection.adjust(
                results.stream().mapToDouble(PairedTestResult::pValue).toArray());
        Power.Rule rule = Power.Rule.gate(alpha, family, minEffect);
        List<GateResult.Check> checks = new ArrayList<>();
        for (int i = 0; i < pending.size(); i++) {
            checks.add(pending.get(i).finish(results.get(i), adjusted[i], rule));
        }
        List<GateResult.CoverageCheck> coverageChecks = new ArrayList<>();
        for (int i = 0; i < coverage.size(); i++) {
            int j = pending.size() + i;
            coverageChecks.add(coverage.get(i).finish(results.get(j), adjusted[j]));
        }
        return new GateResult(
                alpha,
                minEffect,
                POWER,
                plannedDrop,
                requireDetectable,
                familyTest.permutations(),
                checks,
                coverageChecks);
    }

    /** The systems with any cell, scored or not. */
    private static Set<String> systems(Baseline b) {
        Set<String> out = new TreeSet<>(b.systems());
        out.addAll(b.unscored().keySet());
        return out;
    }

    /** A system's metrics with any cell, scored or not. */
    private static Set<String> metricsOf(Baseline b, String system) {
        Set<String> out =
                new TreeSet<>(b.scores().getOrDefault(system, Map.of()).keySet());
        out.addAll(b.unscored().getOrDefault(system, Map.of()).keySet());
        return out;
    }

    private List<String> metricsFor(Baseline baseline, Baseline current, String system) {
        Set<String> common = metricsOf(baseline, system);
        common.retainAll(metricsOf(current, system));
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

    /** The score check of a metric, or null when the two runs scored no question in common. */
    private Pending pending(Baseline baseline, Baseline current, String system, String metric) {
        Map<String, Double> before =
                baseline.scores().getOrDefault(system, Map.of()).getOrDefault(metric, Map.of());
        Map<String, Double> after =
                current.scores().getOrDefault(system, Map.of()).getOrDefault(metric, Map.of());
        List<String> ids = before.keySet().stream().filter(after::containsKey).toList();
        if (ids.isEmpty()) {
            return null;
        }
        double[] b = ids.stream().mapToDouble(before::get).toArray();
        double[] a = ids.stream().mapToDouble(after::get).toArray();
        List<GateResult.QuestionChange> worst = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            if (a[i] < b[i]) {
                String id = ids.get(i);
                worst.add(new GateResult.QuestionChange(
                        id,
                        current.questions()
                                .getOrDefault(id, baseline.questions().getOrDefault(id, "")),
                        b[i],
                        a[i],
                        baseline.returned(system, id),
                        current.returned(system, id)));
            }
        }
        worst.sort(Comparator.comparingDouble((GateResult.QuestionChange c) -> c.after() - c.before())
                .thenComparing(GateResult.QuestionChange::questionId));
        return new Pending(system, metric, b, a, List.copyOf(worst.subList(0, Math.min(WORST_SHOWN, worst.size()))));
    }

    /**
     * The coverage check of a metric of judge scores: over the cells both runs attempted, scored (1)
     * or not (0); null when neither run recorded an unscored cell, or none was attempted by both.
     */
    private PendingCoverage coverage(Baseline baseline, Baseline current, String system, String metric) {
        Map<String, String> lostBefore = baseline.unscored(system, metric);
        Map<String, String> lostAfter = current.unscored(system, metric);
        if (lostBefore.isEmpty() && lostAfter.isEmpty()) {
            return null;
        }
        Set<String> scoredBefore = baseline.scores()
                .getOrDefault(system, Map.of())
                .getOrDefault(metric, Map.of())
                .keySet();
        Set<String> scoredAfter = current.scores()
                .getOrDefault(system, Map.of())
                .getOrDefault(metric, Map.of())
                .keySet();
        Set<String> attempted = new TreeSet<>(scoredBefore);
        attempted.addAll(lostBefore.keySet());
        Set<String> attemptedAfter = new TreeSet<>(scoredAfter);
        attemptedAfter.addAll(lostAfter.keySet());
        attempted.retainAll(attemptedAfter);
        if (attempted.isEmpty()) {
            return null;
        }
        double[] b = new double[attempted.size()];
        double[] a = new double[attempted.size()];
        Map<String, Integer> newly = new TreeMap<>();
        int i = 0;
        for (String q : attempted) {
            b[i] = scoredBefore.contains(q) ? 1 : 0;
            a[i] = scoredAfter.contains(q) ? 1 : 0;
            if (b[i] == 1 && a[i] == 0) {
                newly.merge(lostAfter.get(q), 1, Integer::sum);
            }
            i++;
        }
        return new PendingCoverage(system, metric, b, a, newly);
    }

    private final class Pending {
        final String system;
        final String metric;
        final double[] before;
        final double[] after;
        final List<GateResult.QuestionChange> worst;

        Pending(String system, String metric, double[] before, double[] after, List<GateResult.QuestionChange> worst) {
            this.system = system;
            this.metric = metric;
            this.before = before;
            this.after = after;
            this.worst = worst;
        }

        GateResult.Check finish(PairedTestResult result, double adjustedP, Power.Rule rule) {
            double difference = result.meanDifference();
            boolean worse = difference < -minEffect && adjustedP < alpha;
            ConfidenceInterval[] both = intervals.of(new double[][] {before, after});
            int n = before.length;
            int differing = 0;
            for (int i = 0; i < n; i++) {
                differing += before[i] != after[i] ? 1 : 0;
            }
            var spread = Power.Spread.of(after, before);
            OptionalDouble detectable =
                    spread.map(s -> Power.detectable(s, rule, n, POWER)).orElse(OptionalDouble.empty());
            OptionalInt needed = spread.map(s -> plannedDrop > minEffect
                            ? Power.questionsNeeded(s, rule, plannedDrop, POWER)
                            : OptionalInt.empty())
                    .orElse(OptionalInt.empty());
            return new GateResult.Check(
                    system,
                    metric,
                    n,
                    both[0],
                    both[1],
                    intervals.difference(after, before),
                    result.pValue(),
                    adjustedP,
                    worse,
                    detectable,
                    needed,
                    differing,
                    worse ? worst : List.of());
        }
    }

    private final class PendingCoverage {
        final String system;
        final String metric;
        final double[] before;
        final double[] after;
        final Map<String, Integer> newlyUnscored;

        PendingCoverage(
                String system, String metric, double[] before, double[] after, Map<String, Integer> newlyUnscored) {
            this.system = system;
            this.metric = metric;
            this.before = before;
            this.after = after;
            this.newlyUnscored = newlyUnscored;
        }

        GateResult.CoverageCheck finish(PairedTestResult result, double adjustedP) {
            int scoredBefore = (int) java.util.Arrays.stream(before).sum();
            int scoredAfter = (int) java.util.Arrays.stream(after).sum();
            boolean worse = result.meanDifference() < -minEffect && adjustedP < alpha;
            return new GateResult.CoverageCheck(
                    system,
                    metric,
                    before.length,
                    scoredBefore,
                    scoredAfter,
                    result.pValue(),
                    adjustedP,
                    worse,
                    newlyUnscored);
        }
    }

    @Override
    public String toString() {
        return "RegressionGate{metrics=" + (metrics.isEmpty() ? "headline" : metrics) + ", minEffect=" + minEffect
                + ", plannedDrop=" + plannedDrop + ", requireDetectable=" + requireDetectable + ", alpha=" + alpha
                + ", power=" + POWER + ", " + test + "}";
    }
}
