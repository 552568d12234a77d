package io.github.raglens.eval.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.result.Calibration;
import io.github.raglens.result.Calibration.PredictionPoweredMean;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PredictionPoweredMeanTest {

    @Test
    void handComputed_judgeMeanCorrectedByTheResiduals_withAStudentTInterval() {
        // Judge mean 0.75 (variance 0.25 over 4), residuals -1 and 0 (mean -0.5, variance 0.5 over 2):
        // standard error sqrt(0.3125), Welch-Satterthwaite df 1.5306, t quantile 5.850993 (scipy).
        PredictionPoweredMean p = PredictionPoweredInference.estimate(
                new double[] {1, 1, 0, 1}, new double[] {1, 0}, new double[] {0, 0});
        assertThat(p.judgeMean()).isEqualTo(0.75);
        assertThat(p.correction()).isEqualTo(-0.5);
        assertThat(p.estimate()).isEqualTo(0.25);
        double half = 3.2708047119875605;
        assertThat(p.lower()).isCloseTo(0.25 - half, within(1e-9));
        assertThat(p.upper()).isCloseTo(0.25 + half, within(1e-9));
        assertThat(p.labelled()).isEqualTo(2);
        assertThat(p.unlabelled()).isEqualTo(4);
        assertThat(p.constantResiduals()).isFalse();
    }

    @Test
    void residualsAllEqual_areFlagged_andTheIntervalAllowsForDisagreementsNotSeen() {
        // The judge matched all 10 labels: the residual variance is unmeasured, not 0. At most
        // 1 - 0.025^(1/10) = 0.3085 of the cells may disagree unseen.
        double[] judge = {1, 1, 1, 1, 1, 0, 0, 1, 1, 1};
        PredictionPoweredMean p = PredictionPoweredInference.estimate(new double[] {1, 0, 1, 1, 1}, judge, judge);
        assertThat(p.constantResiduals()).isTrue();
        assertThat(p.correction()).isZero();
        assertThat(p.upper() - p.lower())
                .as("not the judge-only width")
                .isGreaterThan(2 * 1.96 * Math.sqrt(0.3085 / 10) * 0.9);
    }

    @Test
    void atTheMinimumOfDrawnLabels_theIntervalCoversThePeoplesMean_inAtLeast93PercentOfRuns() {
        // The lenient judge: it passes 95% of what people pass and half of what they fail. Each
        // run: 200 cells of one system, Calibration.MIN_DRAWN_LABELS of them drawn at random and labelled.
        long seed = Long.getLong("raglens.seed", 36L);
        Random random = new Random(seed);
        int runs = 2_000;
        for (double truth : new double[] {0.3, 0.5, 0.7, 0.9}) {
            int covered = 0;
            for (int t = 0; t < runs; t++) {
                int cells = 200;
                int labelled = Calibration.MIN_DRAWN_LABELS;
                double[] unlabelled = new double[cells - labelled];
                double[] judge = new double[labelled];
                double[] human = new double[labelled];
                for (int i = 0; i < cells; i++) {
                    boolean pass = random.nextDouble() < truth;
                    double j = random.nextDouble() < (pass ? 0.95 : 0.5) ? 1 : 0;
                    if (i < labelled) {
                        judge[i] = j;
                        human[i] = pass ? 1 : 0;
                    } else {
                        unlabelled[i - labelled] = j;
                    }
                }
                PredictionPoweredMean p = PredictionPoweredInference.estimate(unlabelled, judge, human);
                covered += p.contains(truth) ? 1 : 0;
            }
            System.out.printf(
                    java.util.Locale.ROOT,
                    "prediction-powered coverage at %d labels, people's pass rate %.1f: %.3f (seed %d)%n",
                    Calibration.MIN_DRAWN_LABELS,
                    truth,
                    (double) covered / runs,
                    seed);
            assertThat((double) covered / runs)
                    .as("seed %d, pass rate %.1f", seed, truth)
                    .isGreaterThanOrEqualTo(0.93);
        }
    }

    @Test
    void lenientJudge_isCorrectedToTheHumanMean_andTheIntervalCoversIt95PercentOfTheTime() {
        // Humans pass 60% of cells; the judge passes 90% of those and half of the rest: its own mean is 0.74.
        long seed = Long.getLong("raglens.seed", 1_729L);
        Random random = new Random(seed);
        double truth = 0.6;
        int trials = 400;
        int covered = 0;
        int judgeCovered = 0;
        double sum = 0;
        for (int t = 0; t < trials; t++) {
            double[] unlabelled = new double[2_000];
            for (int i = 0; i < unlabelled.length; i++) {
                unlabelled[i] = judge(random, random.nextDouble() < truth);
            }
            double[] judge = new double[100];
            double[] human = new double[100];
            for (int i = 0; i < judge.length; i++) {
                boolean pass = random.nextDouble() < truth;
                human[i] = pass ? 1 : 0;
                judge[i] = judge(random, pass);
            }
            PredictionPoweredMean p = PredictionPoweredInference.estimate(unlabelled, judge, human);
            covered += p.contains(truth) ? 1 : 0;
            judgeCovered += Math.abs(p.judgeMean() - truth) < p.upper() - p.estimate() ? 1 : 0;
            sum += p.estimate();
        }
        assertThat(sum / trials).as("seed %d", seed).isCloseTo(truth, within(0.01));
        assertThat((double) covered / trials).as("seed %d", seed).isBetween(0.92, 0.98);
        assertThat(judgeCovered)
                .as("seed %d: the uncorrected judge mean is off by 0.14", seed)
                .isZero();
    }

    private static double judge(Random random, boolean humanPasses) {
        return random.nextDouble() < (humanPasses ? 0.9 : 0.5) ? 1 : 0;
    }

    @Test
    void onlyLabelledCells_giveTheHumanMean() {
        PredictionPoweredMean p =
                PredictionPoweredInference.estimate(new double[0], new double[] {1, 1, 1}, new double[] {1, 0, 1});
        assertThat(p.estimate()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(p.correction()).isZero();
        assertThat(p.unlabelled()).isZero();
    }

    @Test
    void badInputs_haveClearMessages() {
        assertThatThrownBy(
                        () -> PredictionPoweredInference.estimate(new double[] {1}, new double[] {1}, new double[] {1}))
                .hasMessage("a prediction-powered estimate needs at least 2 human-labelled cells, had 1");
        assertThatThrownBy(() ->
                        PredictionPoweredInference.estimate(new double[] {1}, new double[] {1, 0}, new double[] {1}))
                .hasMessage("labelledJudge has 2 values but labelledHuman has 1; they must be parallel");
    }
}
