package io.github.raglens.eval.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ParseException;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.Metrics;
import io.github.raglens.eval.stats.PredictionPoweredInference;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.result.Calibration;
import io.github.raglens.spi.Judge;
import io.github.raglens.testkit.ScriptedLlm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibrationTest {

    private static final Judge FAITH = Metrics.create(
                    List.of(JudgeMetric.FAITHFULNESS),
                    JudgeSession.builder(ScriptedLlm.of("fake/judge")).build())
            .get(0);

    @TempDir
    Path dir;

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
                "",
                "");
    }

    @Test
    void perRetriever_predictionPoweredMean_andJudgeHumanAgreement_onTheLabelledCells() throws IOException {
        double[] scores = {1, 1, 0, 1, 1, 0, 1, 1};
        List<ScoreRecord> records = new ArrayList<>();
        for (int q = 0; q < scores.length; q++) {
            records.add(judged("bm25", "q" + q, scores[q]));
        }
        records.add(judged("dense", "q0", 1)); // one labelled cell only: no estimate
        records.add(new ScoreRecord(
                "bm25",
                "q0",
                FAITH.metric(),
                "other/judge",
                FAITH.version(),
                ScoreRecord.SCORED,
                0.0,
                "",
                "",
                0,
                "",
                ""));
        Path file = Files.writeString(dir.resolve("labels.jsonl"), """
                {"retriever":"bm25","questionId":"q0","metric":"faithfulness","score":0}
                {"retriever":"bm25","questionId":"q1","metric":"faithfulness","score":1}

                {"retriever":"bm25","questionId":"q2","metric":"faithfulness","score":0}
                {"retriever":"bm25","questionId":"q9","metric":"faithfulness","score":1}
                {"retriever":"dense","questionId":"q0","metric":"faithfulness","score":1}
                """);
        Calibration c = Calibrator.calibrate(
                records,
                HumanLabel.read(file),
                List.of(
                        FAITH,
                        Metrics.create(List.of(JudgeMetric.ROUGE_L), null).get(0)),
                "fake/judge");
        assertThat(c.metrics()).hasSize(1);
        Calibration.MetricCalibration m = c.metrics().getFirst();
        assertThat(m.byRetriever()).containsOnlyKeys("bm25");
        // Labelled q0, q1, q2: judge 1, 1, 0 against humans 0, 1, 0; q9 was never judged.
        assertThat(m.byRetriever().get("bm25"))
                .isEqualTo(PredictionPoweredInference.estimate(
                        new double[] {1, 1, 0, 1, 1}, new double[] {1, 1, 0}, new double[] {0, 1, 0}));
        assertThat(m.agreement().judgeB()).isEqualTo(Calibration.HUMAN);
        assertThat(m.agreement().cells()).isEqualTo(4); // bm25 q0-q2 and dense q0
        assertThat(m.agreement().kappa()).isPresent();
    }

    @Test
    void badLabelFiles_nameTheLineAndField() throws IOException {
        Path score = Files.writeString(
                dir.resolve("a.jsonl"),
                "{\"retriever\":\"r\",\"questionId\":\"q\",\"metric\":\"m\",\"score\":\"yes\"}\n");
        assertThatThrownBy(() -> HumanLabel.read(score))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("line 1: field 'score' must be a number from 0 to 1, was \"yes\"");
        Path twice = Files.writeString(dir.resolve("b.jsonl"), """
                {"retriever":"r","questionId":"q","metric":"m","score":1}
                {"retriever":"r","questionId":"q","metric":"m","score":0}
                """);
        assertThatThrownBy(() -> HumanLabel.read(twice))
                .hasMessageContaining("line 2 labels retriever 'r', question 'q', metric 'm' a second time; keep one"
                        + " label per cell");
        Path missing =
                Files.writeString(dir.resolve("c.jsonl"), "{\"questionId\":\"q\",\"metric\":\"m\",\"score\":1}\n");
        assertThatThrownBy(() -> HumanLabel.read(missing))
                .hasMessageContaining("line 1: field 'retriever' must be a non-empty string");
    }
}
