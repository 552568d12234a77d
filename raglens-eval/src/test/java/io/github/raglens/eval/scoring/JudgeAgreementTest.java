package io.github.raglens.eval.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.eval.judge.Cases;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.Metrics;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.result.JudgeAgreement;
import io.github.raglens.spi.Judge;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.testkit.SimulatedJudge;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two-judge agreement on hand-computed cases; undefined values are empty, never NaN. */
class JudgeAgreementTest {

    private static double value(OptionalDouble d) {
        assertThat(d).isPresent();
        return d.getAsDouble();
    }

    @Test
    void cohenKappa_handComputed() {
        // 10 pairs: both 1 on 4, both 0 on 3, disagree on 3 -> po 0.7; pa 0.6, pb 0.5 -> pe 0.5; kappa 0.4
        int[] a = {1, 1, 1, 1, 0, 0, 0, 1, 1, 0};
        int[] b = {1, 1, 1, 1, 0, 0, 0, 0, 0, 1};
        assertThat(value(AgreementMeasure.cohenKappa(a, b))).isCloseTo(0.4, within(1e-12));
        // Worse than chance: po 0, pa = pb = 0.5 -> pe 0.5 -> kappa -1.
        assertThat(value(AgreementMeasure.cohenKappa(new int[] {1, 0}, new int[] {0, 1})))
                .isCloseTo(-1, within(1e-12));
    }

    @Test
    void cohenKappa_bothSidesGivingTheSameOneVerdict_isUndefined_notOne() {
        // The same single verdict on both sides: expected agreement is 1 and kappa 0 / 0.
        assertThat(AgreementMeasure.cohenKappa(new int[] {1, 1, 1}, new int[] {1, 1, 1}))
                .isEmpty();
        assertThat(AgreementMeasure.cohenKappa(new int[] {0, 0}, new int[] {0, 0}))
                .isEmpty();
        // Two different single verdicts: expected and observed agreement are both 0, so kappa is 0.
        assertThat(value(AgreementMeasure.cohenKappa(new int[] {1, 1}, new int[] {0, 0})))
                .isEqualTo(0.0);
        assertThat(AgreementMeasure.cohenKappa(new int[0], new int[0])).isEmpty();
        // One side constant, the other not: defined, and no better than chance.
        assertThat(value(AgreementMeasure.cohenKappa(new int[] {1, 1, 1, 1}, new int[] {1, 0, 1, 1})))
                .isEqualTo(0.0);
    }

    @Test
    void spearman_usesAverageRanksForTies() {
        assertThat(value(AgreementMeasure.spearman(new double[] {0.1, 0.5, 0.9}, new double[] {1, 2, 3})))
                .isCloseTo(1, within(1e-12));
        assertThat(value(AgreementMeasure.spearman(new double[] {0.1, 0.5, 0.9}, new double[] {3, 2, 1})))
                .isCloseTo(-1, within(1e-12));
        // x ranks 1, 2.5, 2.5, 4; y ranks 1, 2, 3, 4: r = 4.5 / sqrt(4.5 * 5)
        assertThat(value(AgreementMeasure.spearman(new double[] {0, 0.5, 0.5, 1}, new double[] {1, 2, 3, 4})))
                .isCloseTo(4.5 / Math.sqrt(4.5 * 5), within(1e-12));
    }

    @Test
    void spearman_undefined_isEmpty_notNaN() {
        assertThat(AgreementMeasure.spearman(new double[] {0.3}, new double[] {0.9}))
                .isEmpty();
        assertThat(AgreementMeasure.spearman(new double[] {0.5, 0.5, 0.5}, new double[] {0.1, 0.2, 0.3}))
                .isEmpty();
    }

    @Test
    void of_comparesTheCellsBothJudgesScored_firstJudgementOnly() {
        List<ScoreRecord> records = List.of(
                rec("a", "q1", "m1", 1.0, 0),
                rec("a", "q2", "m1", 0.0, 0),
                rec("a", "q3", "m1", 0.6, 0),
                rec("a", "q3", "m1", 0.1, 1),
                rec("a", "q1", "m2", 0.9, 0),
                rec("a", "q2", "m2", 0.2, 0),
                rec("a", "q3", "m2", 0.4, 0),
                rec("a", "q4", "m2", 1.0, 0),
                new ScoreRecord("a", "q4", "faithfulness", "m1", "old", ScoreRecord.SCORED, 1.0, "", "", 0, "", ""),
                new ScoreRecord(
                        "a", "q4", "faithfulness", "m1", "v", ScoreRecord.FAILED, null, "timeout", "", 0, "", ""));
        JudgeAgreement ag = AgreementMeasure.measure(records, SelfConsistencyTest.FAITHFULNESS, "m1", "m2");
        assertThat(ag.cells()).isEqualTo(3);
        assertThat(value(ag.spearman())).isCloseTo(1.0, within(1e-12));
        // verdicts m1: 1,0,1; m2: 1,0,0 -> po 2/3, pa 2/3, pb 1/3, pe 4/9 -> kappa (2/3 - 4/9) / (5/9) = 0.4
        assertThat(value(ag.kappa())).isCloseTo(0.4, within(1e-12));

        JudgeAgreement none =
                AgreementMeasure.measure(records, SelfConsistencyTest.named("context_recall"), "m1", "m2");
        assertThat(none.cells()).isZero();
        assertThat(none.kappa()).isEmpty();
        assertThat(none.spearman()).isEmpty();
    }

    @Test
    void twoJudgeModels_scoringTheSameCases_areComparedCellByCell(@TempDir Path dir) {
        List<EvalCase> cases = Cases.of(4, Cases.RETRIEVERS, 5);
        Path scores = dir.resolve("scores.jsonl");
        SimulatedJudge a = SimulatedJudge.of();
        // The second judge fails every context the first one passes: usefulness verdicts flipped.
        LlmProvider b = new LlmProvider() {
            @Override
            public String modelName() {
                return "fake/contrary";
            }

            @Override
            public ChatOutcome chat(ChatRequest r) {
                var out = (ChatOutcome.Completed) a.chat(r);
                String flipped = out.text()
                        .replace("\"verdict\":1", "\"verdict\":x")
                        .replace("\"verdict\":0", "\"verdict\":1")
                        .replace("\"verdict\":x", "\"verdict\":0");
                return new ChatOutcome.Completed(flipped, out.usage());
            }
        };
        List<Judge> metrics = null;
        for (LlmProvider judge : List.of(a, b)) {
            try (JudgeSession s = JudgeSession.builder(judge).build()) {
                metrics = Metrics.create(List.of(JudgeMetric.CONTEXT_PRECISION), s);
                Scorer.builder(scores).session(s).metrics(metrics).build().score(cases);
            }
        }
        List<JudgeAgreement> ag = AgreementMeasure.measure(Scorer.read(scores), metrics, a.modelName(), b.modelName());
        assertThat(ag).hasSize(1);
        assertThat(ag.get(0).metric()).isEqualTo(JudgeMetric.CONTEXT_PRECISION.label());
        assertThat(ag.get(0).cells()).isEqualTo(20);
        assertThat(value(ag.get(0).kappa()))
                .as("contrary judges agree less than chance")
                .isNegative();
    }

    static ScoreRecord rec(String r, String q, String model, double s, int repeat) {
        return new ScoreRecord(r, q, "faithfulness", model, "v", ScoreRecord.SCORED, s, "", "", repeat, "", "");
    }
}
