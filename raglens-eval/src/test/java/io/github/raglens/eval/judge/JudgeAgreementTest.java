package io.github.raglens.eval.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Two-judge agreement on hand-computed cases. */
class JudgeAgreementTest {

    @Test
    void cohenKappa_handComputed() {
        // 10 pairs: both 1 on 4, both 0 on 3, disagree on 3 -> po 0.7; pa 0.6, pb 0.5 -> pe 0.5; kappa 0.4
        int[] a = {1, 1, 1, 1, 0, 0, 0, 1, 1, 0};
        int[] b = {1, 1, 1, 1, 0, 0, 0, 0, 0, 1};
        assertThat(JudgeAgreement.cohenKappa(a, b)).isCloseTo(0.4, within(1e-12));
        assertThat(JudgeAgreement.cohenKappa(new int[] {1, 1}, new int[] {1, 1}))
                .isEqualTo(1.0);
    }

    @Test
    void spearman_usesAverageRanksForTies() {
        assertThat(JudgeAgreement.spearman(new double[] {0.1, 0.5, 0.9}, new double[] {1, 2, 3}))
                .isCloseTo(1, within(1e-12));
        assertThat(JudgeAgreement.spearman(new double[] {0.1, 0.5, 0.9}, new double[] {3, 2, 1}))
                .isCloseTo(-1, within(1e-12));
        // x ranks 1, 2.5, 2.5, 4; y ranks 1, 2, 3, 4: r = 4.5 / sqrt(4.5 * 5)
        assertThat(JudgeAgreement.spearman(new double[] {0, 0.5, 0.5, 1}, new double[] {1, 2, 3, 4}))
                .isCloseTo(4.5 / Math.sqrt(4.5 * 5), within(1e-12));
    }

    @Test
    void of_comparesTheCellsBothJudgesScored() {
        List<ScoreRecord> records = List.of(
                rec("a", "q1", "m1", 1.0),
                rec("a", "q2", "m1", 0.0),
                rec("a", "q3", "m1", 0.6),
                rec("a", "q1", "m2", 0.9),
                rec("a", "q2", "m2", 0.2),
                rec("a", "q3", "m2", 0.4),
                rec("a", "q4", "m2", 1.0));
        JudgeAgreement ag = JudgeAgreement.of(records, "faithfulness", "m1", "m2");
        assertThat(ag.cells()).isEqualTo(3);
        assertThat(ag.spearman()).isCloseTo(1.0, within(1e-12));
        // verdicts m1: 1,0,1; m2: 1,0,0 -> po 2/3, pa 2/3, pb 1/3, pe 4/9 -> kappa (2/3 - 4/9) / (5/9) = 0.4
        assertThat(ag.kappa()).isCloseTo(0.4, within(1e-12));
    }

    private static ScoreRecord rec(String r, String q, String model, double s) {
        return new ScoreRecord(r, q, "faithfulness", model, "v", ScoreRecord.SCORED, s, "", "");
    }
}
