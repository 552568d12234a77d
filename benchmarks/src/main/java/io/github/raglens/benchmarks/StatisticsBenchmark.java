package io.github.raglens.benchmarks;

import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.HolmCorrection;
import io.github.raglens.eval.stats.MeanIntervals;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.eval.stats.Power;
import io.github.raglens.eval.stats.PredictionPoweredInference;
import io.github.raglens.result.Calibration;
import io.github.raglens.result.Calibration.PredictionPoweredMean;
import io.github.raglens.result.ConfidenceInterval;
import java.util.Arrays;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Whether raglens's statistics say what they claim, by seeded simulation, each beside the method
 * raglens used before (the peer): interval coverage of hit rates at 20 questions (against the
 * percentile bootstrap), the power at every stated detectable difference with the test as applied
 * (against the single-test normal formula), and prediction-powered coverage at the minimum of drawn
 * labels (against the normal interval that trusted a zero residual variance).
 */
@Command(
        name = "statistics",
        description = "Interval coverage, power at the stated detectable differences, and prediction-powered"
                + " coverage, by seeded simulation, each beside the method raglens used before.")
final class StatisticsBenchmark implements Callable<Integer> {

    @Option(names = "--runs", defaultValue = "1000", description = "Simulated runs per power figure (at least 1,000).")
    int runs;

    @Option(names = "--interval-runs", defaultValue = "4000", description = "Simulated runs per coverage figure.")
    int intervalRuns;

    @Option(names = "--seed", defaultValue = "36", description = "Seed of the simulations.")
    long seed;

    private static final double ALPHA = 0.05;
    private static final double Z_SUM = 1.959963984540054 + 0.8416212335729143;

    @Override
    public Integer call() {
        Figures f = new Figures("statistics");
        intervals(f);
        power(f);
        predictionPowered(f);
        f.put("seed", seed).print();
        return 0;
    }

    private void intervals(Figures f) {
        MeanIntervals now = MeanIntervals.of(Bootstrap.defaults());
        for (double rate : new double[] {0.5, 0.9, 0.95}) {
            Random random = new Random(seed);
            int covered = 0;
            int missed = 0;
            int percentileCovered = 0;
            int percentileMissed = 0;
            for (int r = 0; r < intervalRuns; r++) {
                double[] hits = new double[20];
                for (int i = 0; i < hits.length; i++) {
                    hits[i] = random.nextDouble() < rate ? 1 : 0;
                }
                ConfidenceInterval ci = now.of(hits);
                covered += ci.contains(rate) ? 1 : 0;
                missed += ci.lower() > rate ? 1 : 0;
                double[] p = percentileInterval(hits, 2_000, seed + r);
                percentileCovered += p[0] <= rate && rate <= p[1] ? 1 : 0;
                percentileMissed += p[0] > rate ? 1 : 0;
            }
            String key = "hitRate" + Math.round(rate * 100) + "At20";
            System.out.printf(
                    "hit rate %.2f, 20 questions: coverage %.3f (percentile bootstrap %.3f), lower bound above the"
                            + " truth %.3f (%.3f)%n",
                    rate,
                    (double) covered / intervalRuns,
                    (double) percentileCovered / intervalRuns,
                    (double) missed / intervalRuns,
                    (double) percentileMissed / intervalRuns);
            f.put(key + "Coverage", (double) covered / intervalRuns)
                    .put(key + "CoveragePercentileBootstrap", (double) percentileCovered / intervalRuns)
                    .put(key + "LowerAboveTruth", (double) missed / intervalRuns)
                    .put(key + "LowerAboveTruthPercentileBootstrap", (double) percentileMissed / intervalRuns);
        }
    }

    /** The plain percentile bootstrap interval, the method of raglens 0.1 before these fixes. */
    private static double[] percentileInterval(double[] values, int resamples, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int n = values.length;
        double[] means = new double[resamples];
        for (int r = 0; r < resamples; r++) {
            double s = 0;
            for (int i = 0; i < n; i++) {
                s += values[random.nextInt(n)];
            }
            means[r] = s / n;
        }
        Arrays.sort(means);
        return new double[] {means[(int) (0.025 * (resamples - 1))], means[(int) Math.ceil(0.975 * (resamples - 1))]};
    }

    /** A comparison's paired data at a true difference. */
    private interface Data {
        double[][] draw(Random random, double effect);
    }

    private void power(Figures f) {
        int n50 = 50;
        scenario(
                f,
                "reportGradedSd030N50Holm21",
                (random, effect) -> normal(random, n50, 0.30, effect),
                new Power.Spread.Graded(0.30),
                Power.Rule.pairwise(ALPHA, 21),
                n50,
                Z_SUM * 0.30 / Math.sqrt(n50));
        // the same comparison with the systems swapped: power must not depend on which one is better
        scenario(
                f,
                "reportGradedSd030N50Holm21Mirror",
                (random, effect) -> normal(random, n50, 0.30, -effect),
                new Power.Spread.Graded(0.30),
                Power.Rule.pairwise(ALPHA, 21),
                n50,
                Z_SUM * 0.30 / Math.sqrt(n50));
        scenario(
                f,
                "reportHitsDiffer30pctN50Holm21",
                (random, effect) -> hits(random, n50, 0.3, effect),
                new Power.Spread.Discordant(0.3),
                Power.Rule.pairwise(ALPHA, 21),
                n50,
                Z_SUM * Math.sqrt(0.3) / Math.sqrt(n50));
        int n182 = 182;
        scenario(
                f,
                "gateGradedSd0096N182Checks3",
                (random, effect) -> normal(random, n182, 0.096, effect),
                new Power.Spread.Graded(0.096),
                Power.Rule.gate(ALPHA, 3, 0.02),
                n182,
                Z_SUM * 0.096 / Math.sqrt(n182));
        // "0.020 needs 182 questions" before; now the planned drop, twice the minimum effect
        Power.Rule gate = Power.Rule.gate(ALPHA, 3, 0.02);
        int needed = Power.questionsNeeded(new Power.Spread.Graded(0.096), gate, 0.04, 0.8)
                .getAsInt();
        double before = simulate((random, e) -> normal(random, n182, 0.096, e), gate, 0.02);
        double after = simulate((random, e) -> normal(random, needed, 0.096, e), gate, 0.04);
        System.out.printf(
                "gate: '0.020 needs 182 questions' failed a true drop of 0.020 in %.3f of runs; now 'a drop of 0.040"
                        + " needs %d questions', failed in %.3f%n",
                before, needed, after);
        f.put("gateMinEffectAt182Before", before)
                .put("gatePlannedDropQuestions", needed)
                .put("gatePlannedDropPower", after);
    }

    private void scenario(
            Figures f, String name, Data data, Power.Spread spread, Power.Rule rule, int n, double oldFormula) {
        double stated = Power.detectable(spread, rule, n, 0.8).getAsDouble();
        double now = simulate(data, rule, stated);
        double before = simulate(data, rule, oldFormula);
        System.out.printf(
                "%s: stated %.4f detected in %.3f of %d runs; the single-test formula's %.4f in %.3f%n",
                name, stated, now, runs, oldFormula, before);
        f.put(name + "Stated", stated, 4)
                .put(name + "Power", now)
                .put(name + "OldFormula", oldFormula, 4)
                .put(name + "OldFormulaPower", before);
    }

    /** The share of runs in which the first comparison of the family, at {@code effect}, is detected. */
    private double simulate(Data data, Power.Rule rule, double effect) {
        Random random = new Random(seed);
        PairedRandomizationTest test = PairedRandomizationTest.defaults().forFamily(rule.family(), rule.alpha());
        int detected = 0;
        for (int run = 0; run < runs; run++) {
            double[] p = new double[rule.family()];
            double first = 0;
            for (int c = 0; c < rule.family(); c++) {
                double[][] pair = data.draw(random, c == 0 ? effect : 0);
                var result = test.test(pair[1], pair[0]);
                p[c] = result.pValue();
                first = c == 0 ? result.meanDifference() : first;
            }
            double adjusted = HolmCorrection.adjust(p)[0];
            detected +=
                    (rule.dropsOnly() ? first < -rule.minDrop() && adjusted < rule.alpha() : adjusted < rule.alpha())
                            ? 1
                            : 0;
        }
        return (double) detected / runs;
    }

    private static double[][] normal(Random random, int n, double sd, double drop) {
        double[] before = new double[n];
        double[] after = new double[n];
        for (int i = 0; i < n; i++) {
            after[i] = -drop + sd * random.nextGaussian();
        }
        return new double[][] {before, after};
    }

    private static double[][] hits(Random random, int n, double observed, double effect) {
        double share = Math.max(observed, effect);
        double towards = (share + effect) / (2 * share);
        double[] before = new double[n];
        double[] after = new double[n];
        for (int i = 0; i < n; i++) {
            if (random.nextDouble() < share) {
                boolean drop = random.nextDouble() < towards;
                before[i] = drop ? 1 : 0;
                after[i] = drop ? 0 : 1;
            } else {
                before[i] = after[i] = random.nextBoolean() ? 1 : 0;
            }
        }
        return new double[][] {before, after};
    }

    private void predictionPowered(Figures f) {
        int labels = Calibration.MIN_DRAWN_LABELS;
        for (double truth : new double[] {0.3, 0.5, 0.7, 0.9}) {
            Random random = new Random(seed);
            int covered = 0;
            int normalCovered = 0;
            for (int r = 0; r < intervalRuns; r++) {
                double[] unlabelled = new double[190];
                double[] judge = new double[labels];
                double[] human = new double[labels];
                for (int i = 0; i < 200; i++) {
                    boolean pass = random.nextDouble() < truth;
                    double j = random.nextDouble() < (pass ? 0.95 : 0.5) ? 1 : 0;
                    if (i < labels) {
                        judge[i] = j;
                        human[i] = pass ? 1 : 0;
                    } else {
                        unlabelled[i - labels] = j;
                    }
                }
                PredictionPoweredMean p = PredictionPoweredInference.estimate(unlabelled, judge, human);
                covered += p.contains(truth) ? 1 : 0;
                normalCovered += normalInterval(unlabelled, judge, human, truth) ? 1 : 0;
            }
            String key = "predictionPowered" + Math.round(truth * 100) + "At" + labels + "Labels";
            System.out.printf(
                    "prediction-powered, lenient judge, pass rate %.1f, %d labels: coverage %.3f (normal interval, zero"
                            + " variance trusted: %.3f)%n",
                    truth, labels, (double) covered / intervalRuns, (double) normalCovered / intervalRuns);
            f.put(key + "Coverage", (double) covered / intervalRuns)
                    .put(key + "CoverageNormalInterval", (double) normalCovered / intervalRuns);
        }
    }

    /** The interval raglens 0.1 gave: normal, with the residuals' sample variance even when it is 0. */
    private static boolean normalInterval(double[] unlabelled, double[] judge, double[] human, double truth) {
        int n = judge.length;
        double[] residuals = new double[n];
        for (int i = 0; i < n; i++) {
            residuals[i] = human[i] - judge[i];
        }
        double estimate = mean(unlabelled) + mean(residuals);
        double se = Math.sqrt(variance(unlabelled) / unlabelled.length + variance(residuals) / n);
        return Math.abs(estimate - truth) <= 1.959963984540054 * se;
    }

    private static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(0);
    }

    private static double variance(double[] v) {
        double m = mean(v);
        return Arrays.stream(v).map(x -> (x - m) * (x - m)).sum() / (v.length - 1);
    }
}
