package io.github.raglens.eval.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every stated detectable difference is checked against the test actually applied: at the stated
 * difference, seeded simulations of raglens's own randomization test, Holm-corrected over the whole
 * family (one true difference, the others null), and for a gate with its drop rule, detect it in
 * 0.80 ± 0.03 of 1,000 runs. The figures print, with their seed.
 */
class DetectableDifferenceSimulationTest {

    private static final int RUNS = 1_000;
    private static final double ALPHA = 0.05;

    /** One comparison's paired values, before and after (or system b and a). */
    private record Pair(double[] before, double[] after) {}

    /** 0/1 values differing on a share max(observed, effect) of questions, a share going the effect's way. */
    static Pair hits(Random random, int n, double observed, double effect) {
        double share = Math.max(observed, effect);
        double towards = share == 0 ? 0.5 : (share + effect) / (2 * share);
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
        return new Pair(before, after);
    }

    /**
     * Graded differences with mean {@code -drop} and standard deviation {@code sd}, lumpy as MRR
     * differences are: most questions unchanged, the rest moved far (±2 sd, an eighth of them each way).
     */
    static Pair graded(Random random, int n, double sd, double drop) {
        double[] before = new double[n];
        double[] after = new double[n];
        for (int i = 0; i < n; i++) {
            double u = random.nextDouble();
            double e = u < 0.125 ? -2 : u < 0.25 ? 2 : 0;
            after[i] = -drop + sd * e;
        }
        return new Pair(before, after);
    }

    private interface Data {
        Pair draw(Random random, double effect);
    }

    /**
     * The share of runs in which the first of {@code family} comparisons (true difference {@code
     * effect}, the others none) is detected under the rule.
     */
    static double simulate(Random random, Data data, Power.Rule rule, double effect) {
        PairedRandomizationTest test = PairedRandomizationTest.defaults().forFamily(rule.family(), rule.alpha());
        int detected = 0;
        for (int run = 0; run < RUNS; run++) {
            double[] p = new double[rule.family()];
            double firstDifference = 0;
            for (int c = 0; c < rule.family(); c++) {
                Pair pair = data.draw(random, c == 0 ? effect : 0);
                var result = test.test(pair.after(), pair.before());
                p[c] = result.pValue();
                if (c == 0) {
                    firstDifference = result.meanDifference();
                }
            }
            double adjusted = HolmCorrection.adjust(p)[0];
            boolean found = rule.dropsOnly()
                    ? firstDifference < -rule.minDrop() && adjusted < rule.alpha()
                    : adjusted < rule.alpha();
            detected += found ? 1 : 0;
        }
        return (double) detected / RUNS;
    }

    private static void check(String what, long seed, Data data, Power.Spread spread, Power.Rule rule, int n) {
        double stated = Power.detectable(spread, rule, n, 0.8).getAsDouble();
        double power = simulate(new Random(seed), data, rule, stated);
        System.out.printf(
                Locale.ROOT,
                "%s: stated %.4f detected in %.3f of %d runs (seed %d)%n",
                what,
                stated,
                power,
                RUNS,
                seed);
        assertThat(power).as("%s, seed %d, stated %.4f", what, seed, stated).isBetween(0.77, 0.83);
    }

    @Test
    void reportPairTest_hitRates_fiftyQuestions_holmOver21() {
        long seed = Long.getLong("raglens.seed", 2_101L);
        int n = 50;
        check(
                "report, hit rates differing on 30% of 50 questions, Holm over 21",
                seed,
                (random, effect) -> hits(random, n, 0.3, effect),
                new Power.Spread.Discordant(0.3),
                Power.Rule.pairwise(ALPHA, 21),
                n);
    }

    @Test
    void reportPairTest_gradedScores_fiftyQuestions_sd030_holmOver21() {
        long seed = Long.getLong("raglens.seed", 2_102L);
        int n = 50;
        check(
                "report, graded differences sd 0.30 over 50 questions, Holm over 21",
                seed,
                (random, effect) -> graded(random, n, 0.3, effect),
                new Power.Spread.Graded(0.3),
                Power.Rule.pairwise(ALPHA, 21),
                n);
    }

    @Test
    void gate_hitRates_182Questions_threeChecks() {
        long seed = Long.getLong("raglens.seed", 2_103L);
        int n = 182;
        check(
                "gate, hit rates differing on 10% of 182 questions, 3 checks, minimum effect 0.02",
                seed,
                (random, effect) -> hits(random, n, 0.1, effect),
                new Power.Spread.Discordant(0.1),
                Power.Rule.gate(ALPHA, 3, 0.02),
                n);
    }

    @Test
    void gate_gradedScores_182Questions_threeChecks() {
        long seed = Long.getLong("raglens.seed", 2_104L);
        int n = 182;
        check(
                "gate, graded differences sd 0.096 over 182 questions, 3 checks, minimum effect 0.02",
                seed,
                (random, effect) -> graded(random, n, 0.096, effect),
                new Power.Spread.Graded(0.096),
                Power.Rule.gate(ALPHA, 3, 0.02),
                n);
    }

    @Test
    void gate_questionsNeededForAPlannedDrop_detectItAtEightyPercent() {
        long seed = Long.getLong("raglens.seed", 2_105L);
        Power.Spread spread = new Power.Spread.Graded(0.096);
        Power.Rule rule = Power.Rule.gate(ALPHA, 3, 0.02);
        int needed = Power.questionsNeeded(spread, rule, 0.04, 0.8).getAsInt();
        double power =
                simulate(new Random(seed), (random, effect) -> graded(random, needed, 0.096, effect), rule, 0.04);
        System.out.printf(
                Locale.ROOT,
                "gate, a drop of 0.040 needs %d questions: detected in %.3f of %d runs (seed %d)%n",
                needed,
                power,
                RUNS,
                seed);
        assertThat(power).as("seed %d, %d questions", seed, needed).isBetween(0.77, 0.83);
    }
}
