package io.github.raglens.eval.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.eval.judge.Metrics;
import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.result.Aggregation;
import io.github.raglens.spi.Judge;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Aggregation compares retrievers on the questions all of them scored, with coverage beside. */
class AggregationTest {

    private static final Judge FAITH =
            Metrics.create(List.of(JudgeMetric.ROUGE_L), null).get(0);

    private static ScoreRecord scored(String r, String q, double s) {
        return new ScoreRecord(
                r, q, FAITH.metric(), ScoreRecord.NO_JUDGE, FAITH.version(), ScoreRecord.SCORED, s, "", "", 0, "", "");
    }

    private static ScoreRecord failed(String r, String q, String reason) {
        return new ScoreRecord(
                r,
                q,
                FAITH.metric(),
                ScoreRecord.NO_JUDGE,
                FAITH.version(),
                ScoreRecord.FAILED,
                null,
                reason,
                "x",
                0,
                "",
                "");
    }

    @Test
    void meansUseTheCommonQuestions_coverageCountsEveryScoredOne_andOtherVersionsAreIgnored() {
        List<ScoreRecord> records = new ArrayList<>(List.of(
                scored("a", "q1", 1),
                scored("a", "q2", 0.5),
                scored("a", "q3", 0),
                scored("a", "q4", 1),
                scored("b", "q1", 0.5),
                scored("b", "q2", 0.5),
                failed("b", "q3", "timeout"),
                scored("b", "q4", 0.5),
                scored("c", "q1", 0),
                scored("c", "q2", 0),
                scored("c", "q3", 1),
                scored("c", "q4", 0)));
        // Another version and a question outside the sample must not count.
        records.add(new ScoreRecord(
                "b", "q3", FAITH.metric(), ScoreRecord.NO_JUDGE, "old", ScoreRecord.SCORED, 1.0, "", "", 0, "", ""));
        records.add(scored("a", "q9", 0));

        Aggregation agg = ScoreAggregator.aggregate(
                records,
                List.of("a", "b", "c"),
                Set.of("q1", "q2", "q3", "q4"),
                List.of(FAITH),
                "fake/judge",
                Bootstrap.defaults(),
                PairedRandomizationTest.defaults());

        Aggregation.MetricSummary m = agg.metrics().get(0);
        assertThat(m.commonQuestions()).isEqualTo(3);
        Aggregation.RetrieverSummary a = m.retrievers().get(0);
        Aggregation.RetrieverSummary b = m.retrievers().get(1);
        Aggregation.RetrieverSummary c = m.retrievers().get(2);
        assertThat(a.interval().orElseThrow().mean()).isCloseTo(2.5 / 3, within(1e-12));
        assertThat(a.interval().orElseThrow().n()).isEqualTo(3);
        assertThat(b.interval().orElseThrow().mean()).isEqualTo(0.5);
        assertThat(c.interval().orElseThrow().mean()).isZero();
        assertThat(a.coverage()).isEqualTo(1.0);
        assertThat(b.coverage()).isEqualTo(0.75);
        assertThat(b.failuresByReason()).isEqualTo(Map.of("timeout", 1));
        assertThat(a.interval().orElseThrow().lower()).isLessThanOrEqualTo(2.5 / 3);
        assertThat(a.interval().orElseThrow().upper()).isGreaterThanOrEqualTo(2.5 / 3);
        assertThat(m.pairs()).hasSize(3);
        assertThat(m.pairs().get(0).a()).isEqualTo("a");
        assertThat(m.pairs().get(0).b()).isEqualTo("b");
        assertThat(m.pairs().get(0).test().meanDifference()).isCloseTo(2.5 / 3 - 0.5, within(1e-12));
        assertThat(m.pairs().get(0).test().n()).isEqualTo(3);
    }

    @Test
    void pairTests_areHolmCorrectedAcrossEveryPairAndMetric() {
        Judge rouge = Metrics.create(List.of(JudgeMetric.ROUGE_L), null).get(0);
        Judge bleu = Metrics.create(List.of(JudgeMetric.BLEU), null).get(0);
        List<ScoreRecord> records = new ArrayList<>();
        for (int q = 0; q < 12; q++) {
            for (Judge m : List.of(rouge, bleu)) {
                for (String r : List.of("a", "b", "c")) {
                    double score = r.equals("a") ? 0.9 : r.equals("b") ? (q % 3 == 0 ? 0.9 : 0.2) : 0.5 + 0.01 * q;
                    records.add(new ScoreRecord(
                            r,
                            "q" + q,
                            m.metric(),
                            ScoreRecord.NO_JUDGE,
                            m.version(),
                            ScoreRecord.SCORED,
                            score,
                            "",
                            "",
                            0,
                            "",
                            ""));
                }
            }
        }
        Set<String> ids = new java.util.HashSet<>();
        for (int q = 0; q < 12; q++) {
            ids.add("q" + q);
        }
        Aggregation agg = ScoreAggregator.aggregate(
                records,
                List.of("a", "b", "c"),
                ids,
                List.of(rouge, bleu),
                "fake/judge",
                Bootstrap.defaults(),
                PairedRandomizationTest.defaults());
        List<Aggregation.PairedComparison> pairs =
                agg.metrics().stream().flatMap(m -> m.pairs().stream()).toList();
        assertThat(pairs).hasSize(6);
        double[] adjusted = io.github.raglens.eval.stats.HolmCorrection.adjust(
                pairs.stream().mapToDouble(p -> p.test().pValue()).toArray());
        for (int i = 0; i < pairs.size(); i++) {
            assertThat(pairs.get(i).adjustedPValue()).isEqualTo(adjusted[i]);
            assertThat(pairs.get(i).adjustedPValue())
                    .isGreaterThanOrEqualTo(pairs.get(i).test().pValue());
            assertThat(pairs.get(i).significant()).isEqualTo(adjusted[i] < 0.05);
        }
        assertThat(pairs.get(0).adjustedPValue())
                .isGreaterThan(pairs.get(0).test().pValue());
    }

    @Test
    void noCommonQuestion_givesNoMeanAndNoTests() {
        List<ScoreRecord> records = List.of(scored("a", "q1", 1), failed("b", "q1", "refusal"));
        Aggregation.MetricSummary m = ScoreAggregator.aggregate(
                        records,
                        List.of("a", "b"),
                        Set.of("q1"),
                        List.of(FAITH),
                        "fake/judge",
                        Bootstrap.defaults(),
                        PairedRandomizationTest.defaults())
                .metrics()
                .get(0);
        assertThat(m.commonQuestions()).isZero();
        assertThat(m.retrievers().get(0).interval()).isEmpty();
        assertThat(m.retrievers().get(0).scored()).isEqualTo(1);
        assertThat(m.pairs()).isEmpty();
    }
}
