package io.github.raglens.eval.scoring;

import static io.github.raglens.eval.scoring.JudgeAgreementTest.rec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.spi.Judge;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScoreAnalysisTest {

    private static final List<Judge> METRICS = List.of(SelfConsistencyTest.FAITHFULNESS);
    private static final Set<String> QUESTIONS = Set.of("q1", "q2", "q3");

    // Judge m1 scored three cells, one of them twice; judge m2 the same three cells once.
    private static final List<ScoreRecord> RECORDS = List.of(
            rec("a", "q1", "m1", 1.0, 0),
            rec("a", "q2", "m1", 0.0, 0),
            rec("a", "q3", "m1", 0.6, 0),
            rec("a", "q3", "m1", 0.1, 1),
            rec("a", "q1", "m2", 0.9, 0),
            rec("a", "q2", "m2", 0.5, 0),
            rec("a", "q3", "m2", 0.4, 0));

    @Test
    void byDefault_onlyAggregates_asTheAggregatorDoesWithDefaultStatistics() {
        ScoreAnalysis.Result r = ScoreAnalysis.builder(RECORDS, METRICS, "m1")
                .systems(List.of("a"), QUESTIONS)
                .analyse();

        assertThat(r.aggregation())
                .isEqualTo(ScoreAggregator.aggregate(
                        RECORDS,
                        List.of("a"),
                        QUESTIONS,
                        METRICS,
                        "m1",
                        Bootstrap.defaults(),
                        PairedRandomizationTest.defaults()));
        assertThat(r.aggregation().metrics())
                .singleElement()
                .satisfies(m -> assertThat(m.retrievers())
                        .singleElement()
                        .satisfies(s -> assertThat(s.scored()).isEqualTo(3)));
        assertThat(r.consistency()).isEmpty();
        assertThat(r.calibration()).isEmpty();
        assertThat(r.agreement()).isEmpty();
        assertThat(r.disagreements()).isEmpty();
    }

    @Test
    void withRepeatsAndASecondJudge_measuresConsistencyAgreementAndTheLargestDisagreements() {
        ScoreAnalysis.Result r = ScoreAnalysis.builder(RECORDS, METRICS, "m1")
                .systems(List.of("a"), QUESTIONS)
                .selfConsistency(true)
                .secondJudge("m2", 1)
                .analyse();

        assertThat(r.consistency()).isEqualTo(ConsistencyMeasure.measure(RECORDS, METRICS, "m1"));
        assertThat(r.consistency())
                .singleElement()
                .satisfies(c -> assertThat(c.cells()).isEqualTo(1));
        assertThat(r.agreement()).isEqualTo(AgreementMeasure.measure(RECORDS, METRICS, "m1", "m2"));
        assertThat(r.agreement())
                .singleElement()
                .satisfies(a -> assertThat(a.cells()).isEqualTo(3));
        // Gaps: q1 0.1, q2 0.5, q3 0.2; one shown per metric.
        assertThat(r.disagreements()).singleElement().satisfies(d -> {
            assertThat(d.questionId()).isEqualTo("q2");
            assertThat(d.scoreA()).isEqualTo(0.0);
            assertThat(d.scoreB()).isEqualTo(0.5);
        });
    }

    @Test
    void aNegativeNumberOfDisagreementsToShow_isRefused() {
        ScoreAnalysis.Builder b = ScoreAnalysis.builder(RECORDS, METRICS, "m1");
        assertThatThrownBy(() -> b.secondJudge("m2", -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("disagreementsShown");
    }
}
