package io.github.raglens.eval.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.Judgement;
import io.github.raglens.result.Aggregation.SelfConsistency;
import io.github.raglens.spi.Judge;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A judge's agreement with its own repeats, on hand-computed cases. */
class SelfConsistencyTest {

    /** A judge metric named faithfulness at version v, for selecting records. */
    static final Judge FAITHFULNESS = named("faithfulness");

    /** A judge metric of that name at version v, for selecting records. */
    static Judge named(String name) {
        return new Judge() {
            @Override
            public String metric() {
                return name;
            }

            @Override
            public String version() {
                return "v";
            }

            @Override
            public Judgement judge(JudgeInput input) {
                throw new AssertionError("not scored here");
            }
        };
    }

    private static ScoreRecord rec(String q, double s, int repeat) {
        return JudgeAgreementTest.rec("a", q, "m1", s, repeat);
    }

    @Test
    void twoRepeats_handComputed() {
        List<ScoreRecord> records = List.of(
                rec("q1", 1.0, 0),
                rec("q1", 1.0, 1),
                rec("q2", 0.2, 0),
                rec("q2", 0.6, 1),
                rec("q3", 0.5, 0),
                rec("q3", 0.0, 1),
                // q4 lacks its second repeat, q5's second repeat failed, q6 is another judge: left out
                rec("q4", 0.9, 0),
                rec("q5", 0.9, 0),
                new ScoreRecord(
                        "a", "q5", "faithfulness", "m1", "v", ScoreRecord.FAILED, null, "timeout", "", 1, "", ""),
                JudgeAgreementTest.rec("a", "q6", "m2", 0.3, 0),
                JudgeAgreementTest.rec("a", "q6", "m2", 0.3, 1));
        SelfConsistency sc = ConsistencyMeasure.measure(records, FAITHFULNESS, "m1");
        assertThat(sc.repeats()).isEqualTo(2);
        assertThat(sc.cells()).isEqualTo(3);
        // standard deviations 0, 0.2, 0.25 -> mean 0.15; one cell of three identical
        assertThat(sc.meanStdDev().getAsDouble()).isCloseTo(0.15, within(1e-12));
        assertThat(sc.identicalShare().getAsDouble()).isCloseTo(1.0 / 3, within(1e-12));
        // verdicts 1,0,1 vs 1,1,0: po 1/3, pa = pb = 2/3, pe 5/9 -> kappa (1/3 - 5/9) / (4/9) = -0.5
        assertThat(sc.kappa().getAsDouble()).isCloseTo(-0.5, within(1e-12));
        // ranks (3,1,2) vs (3,2,1): deviations (1,-1,0), (1,0,-1) -> 1 / 2 = 0.5
        assertThat(sc.spearman().getAsDouble()).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void threeRepeats_averageThePairs() {
        // Repeats 0 and 1 agree on every verdict (kappa 1); repeat 2 flips q2 (kappa vs each 0).
        List<ScoreRecord> records = List.of(
                rec("q1", 1.0, 0),
                rec("q1", 1.0, 1),
                rec("q1", 1.0, 2),
                rec("q2", 0.0, 0),
                rec("q2", 0.0, 1),
                rec("q2", 1.0, 2));
        SelfConsistency sc = ConsistencyMeasure.measure(records, FAITHFULNESS, "m1");
        assertThat(sc.repeats()).isEqualTo(3);
        assertThat(sc.cells()).isEqualTo(2);
        // pairs (0,1): kappa 1; (0,2) and (1,2): verdicts 1,0 vs 1,1 -> po 1/2, pe 1/2 -> 0. Mean 1/3.
        assertThat(sc.kappa().getAsDouble()).isCloseTo(1.0 / 3, within(1e-12));
        // (0,1): rho 1; (0,2), (1,2): the second side is constant, undefined -> mean of the defined: 1
        assertThat(sc.spearman().getAsDouble()).isCloseTo(1.0, within(1e-12));
        // q1: sd 0; q2: scores 0,0,1 -> sd sqrt(2/9)
        assertThat(sc.meanStdDev().getAsDouble()).isCloseTo(Math.sqrt(2.0 / 9) / 2, within(1e-12));
        assertThat(sc.identicalShare().getAsDouble()).isEqualTo(0.5);
    }

    @Test
    void noRepeats_orNoCells_areEmpty_notNaN() {
        SelfConsistency none = ConsistencyMeasure.measure(List.of(), FAITHFULNESS, "m1");
        assertThat(none.cells()).isZero();
        assertThat(none.meanStdDev()).isEmpty();
        assertThat(none.kappa()).isEmpty();

        SelfConsistency once =
                ConsistencyMeasure.measure(List.of(rec("q1", 1.0, 0), rec("q2", 0.0, 0)), FAITHFULNESS, "m1");
        assertThat(once.repeats()).isEqualTo(1);
        assertThat(once.cells()).isEqualTo(2);
        assertThat(once.meanStdDev().getAsDouble()).isZero();
        assertThat(once.kappa()).as("no pair of repeats").isEmpty();
        assertThat(once.spearman()).isEmpty();
    }
}
