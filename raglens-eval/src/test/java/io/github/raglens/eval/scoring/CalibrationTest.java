package io.github.raglens.eval.scoring;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.Metrics;
import io.github.raglens.eval.stats.PredictionPoweredInference;
import io.github.raglens.model.HumanLabel;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.LabelDraw;
import io.github.raglens.result.Calibration;
import io.github.raglens.spi.Judge;
import io.github.raglens.testkit.ScriptedLlm;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CalibrationTest {

    private static final Judge FAITH = Metrics.create(
                    List.of(JudgeMetric.FAITHFULNESS),
                    JudgeSession.builder(ScriptedLlm.of("fake/judge")).build())
            .get(0);

    private static final Map<String, String> VERSIONS = Map.of(FAITH.metric(), FAITH.version());

    private static ScoreRecord judged(String retriever, String q, double score) {
        return new ScoreRecord(
                retriever,
                q,
                FAITH.metric(),
                "fake/judge",
                FAITH.version(),
                ScoreRecord.SCORED,
                score,
                "",
                "",
                0,
                "in-" + q,
                "");
    }

    private static HumanLabel drawnLabel(String retriever, String q, double score, int position) {
        return new HumanLabel(
                retriever,
                q,
                FAITH.metric(),
                score,
                "ana",
                "2026-03-01T12:00:00Z",
                "in-" + q,
                Optional.of(new LabelDraw(
                        LabelDesign.PER_SYSTEM, 42, position, retriever, 30, FAITH.version(), "fake/judge")));
    }

    /** 30 cells of bm25 and 30 of dense, the judge passing every third one off. */
    private static List<ScoreRecord> records() {
        List<ScoreRecord> records = new ArrayList<>();
        for (int q = 0; q < 30; q++) {
            records.add(judged("bm25", "q" + q, q % 3 == 0 ? 0 : 1));
            records.add(judged("dense", "q" + q, 1));
        }
        return records;
    }

    @Test
    void drawnLabels_correctTheJudgesMean_andOnlyThem() {
        List<ScoreRecord> records = records();
        List<HumanLabel> labels = new ArrayList<>();
        for (int q = 0; q < Calibration.MIN_DRAWN_LABELS; q++) {
            // people fail q0, q1 and q2, the judge only q0
            labels.add(drawnLabel("bm25", "q" + q, q < 3 ? 0 : 1, q + 1));
        }
        labels.add(new HumanLabel("bm25", "q20", FAITH.metric(), 0)); // hand-picked: agreement only
        Calibration.MetricCalibration m = Calibrator.calibrate(records, labels, VERSIONS, "fake/judge")
                .metrics()
                .getFirst();

        // The cells in question-id order, as the calibration takes them.
        List<Double> unlabelledList = new ArrayList<>();
        List<Double> judgeList = new ArrayList<>();
        List<Double> humanList = new ArrayList<>();
        java.util.SortedSet<String> ids = new java.util.TreeSet<>();
        for (int q = 0; q < 30; q++) {
            ids.add("q" + q);
        }
        for (String id : ids) {
            int q = Integer.parseInt(id.substring(1));
            double score = q % 3 == 0 ? 0 : 1;
            if (q < Calibration.MIN_DRAWN_LABELS) {
                judgeList.add(score);
                humanList.add(q < 3 ? 0.0 : 1.0);
            } else {
                unlabelledList.add(score);
            }
        }
        double[] unlabelled =
                unlabelledList.stream().mapToDouble(Double::doubleValue).toArray();
        double[] judge = judgeList.stream().mapToDouble(Double::doubleValue).toArray();
        double[] human = humanList.stream().mapToDouble(Double::doubleValue).toArray();
        assertThat(m.byRetriever()).containsOnlyKeys("bm25");
        assertThat(m.byRetriever().get("bm25"))
                .isEqualTo(PredictionPoweredInference.estimate(unlabelled, judge, human));
        assertThat(m.drawnLabels()).isEqualTo(10);
        assertThat(m.agreementOnlyLabels()).isEqualTo(1);
        assertThat(m.staleLabels()).isZero();
        assertThat(m.agreement().cells()).isEqualTo(11);
        assertThat(m.describe())
                .contains("1 labels of cells raglens did not draw count for agreement only: cells chosen by hand"
                        + " are not a random sample and would bias the correction.");
    }

    @Test
    void handPickedLabels_giveAgreement_butNoEstimate_whateverTheirNumber() {
        List<HumanLabel> labels = new ArrayList<>();
        for (int q = 0; q < 30; q++) {
            labels.add(new HumanLabel("bm25", "q" + q, FAITH.metric(), 1));
        }
        Calibration.MetricCalibration m = Calibrator.calibrate(records(), labels, VERSIONS, "fake/judge")
                .metrics()
                .getFirst();
        assertThat(m.byRetriever()).isEmpty();
        assertThat(m.agreementOnlyLabels()).isEqualTo(30);
        assertThat(m.agreement().cells()).isEqualTo(30);
    }

    @Test
    void fewerDrawnLabelsThanTheMinimum_giveNoEstimate_andSayHowManyMoreAreNeeded() {
        List<HumanLabel> labels = new ArrayList<>();
        for (int q = 0; q < 4; q++) {
            labels.add(drawnLabel("dense", "q" + q, 1, q + 1));
        }
        Calibration.MetricCalibration m = Calibrator.calibrate(records(), labels, VERSIONS, "fake/judge")
                .metrics()
                .getFirst();
        assertThat(m.byRetriever()).isEmpty();
        assertThat(m.tooFewLabels()).containsExactly(Map.entry("dense", 4));
        assertThat(m.describe())
                .contains("dense: 4 drawn labels, 10 needed for a corrected estimate; draw and label 6" + " more.");
    }

    @Test
    void labelsOfAChangedAnswer_orAnUnscoredCell_areLeftOut_andLabelsDrawnForAnotherVersionOnlyAgree() {
        List<HumanLabel> labels = new ArrayList<>();
        labels.add(
                new HumanLabel("bm25", "q1", FAITH.metric(), 1, "", "", "an-older-answer", Optional.empty())); // stale
        labels.add(new HumanLabel("bm25", "q99", FAITH.metric(), 1)); // never judged
        labels.add(new HumanLabel(
                "bm25",
                "q2",
                FAITH.metric(),
                1,
                "",
                "",
                "in-q2",
                Optional.of(new LabelDraw(LabelDesign.UNIFORM, 42, 1, "", 60, "faithfulness-v0", "fake/judge"))));
        Calibration.MetricCalibration m = Calibrator.calibrate(records(), labels, VERSIONS, "fake/judge")
                .metrics()
                .getFirst();
        assertThat(m.staleLabels()).isEqualTo(2);
        assertThat(m.agreementOnlyLabels()).isEqualTo(1);
        assertThat(m.drawnLabels()).isZero();
        assertThat(m.agreement().cells()).isEqualTo(1);
    }

    @Test
    void everyJudgeMetric_isReported_inTheOrderGiven() {
        Map<String, String> versions = new LinkedHashMap<>();
        versions.put("faithfulness", FAITH.version());
        versions.put("context_recall", "cr-v1");
        Calibration c = Calibrator.calibrate(records(), List.of(), versions, "fake/judge");
        assertThat(c.metrics())
                .extracting(Calibration.MetricCalibration::metric)
                .containsExactly("faithfulness", "context_recall");
    }
}
