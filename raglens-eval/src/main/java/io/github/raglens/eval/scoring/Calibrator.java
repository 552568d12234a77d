package io.github.raglens.eval.scoring;

import static io.github.raglens.result.Calibration.HUMAN;

import io.github.raglens.eval.stats.PredictionPoweredInference;
import io.github.raglens.result.Calibration;
import io.github.raglens.result.Calibration.MetricCalibration;
import io.github.raglens.result.Calibration.PredictionPoweredMean;
import io.github.raglens.spi.Judge;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/** Calibrates a judge's scores against human labels. */
final class Calibrator {

    private Calibrator() {}

    /**
     * Calibrates a judge model's scores against human labels.
     *
     * @param records the records of {@code scores.jsonl}; the judge model's first judgements (repeat 0)
     *     at each metric's current version count
     * @param labels the human labels; labels of cells the judge did not score are left out
     * @param metrics the metrics; text metrics are left out
     * @param judgeModel the judge model
     * @return the calibration
     */
    public static Calibration calibrate(
            List<ScoreRecord> records, List<HumanLabel> labels, List<Judge> metrics, String judgeModel) {
        Objects.requireNonNull(judgeModel, "judgeModel");
        List<MetricCalibration> out = new ArrayList<>();
        for (Judge m : metrics) {
            if (!m.usesModel()) {
                continue;
            }
            // retriever -> question -> score
            Map<String, Map<String, Double>> judge = new TreeMap<>();
            for (ScoreRecord r : records) {
                if (r.metric().equals(m.metric())
                        && r.judgeModel().equals(judgeModel)
                        && r.promptVersion().equals(m.version())
                        && r.isScored()
                        && r.repeat() == 0) {
                    judge.computeIfAbsent(r.retriever(), x -> new TreeMap<>()).put(r.questionId(), r.score());
                }
            }
            Map<String, Map<String, Double>> human = new TreeMap<>();
            List<ScoreRecord> compared = new ArrayList<>(records);
            for (HumanLabel l : labels) {
                if (l.metric().equals(m.metric())) {
                    human.computeIfAbsent(l.retriever(), x -> new TreeMap<>()).put(l.questionId(), l.score());
                    compared.add(new ScoreRecord(
                            l.retriever(),
                            l.questionId(),
                            m.metric(),
                            HUMAN,
                            m.version(),
                            ScoreRecord.SCORED,
                            l.score(),
                            "",
                            "",
                            0,
                            "",
                            ""));
                }
            }
            Map<String, PredictionPoweredMean> byRetriever = new LinkedHashMap<>();
            for (var e : judge.entrySet()) {
                Map<String, Double> labelled = human.getOrDefault(e.getKey(), Map.of());
                List<Double> unlabelled = new ArrayList<>();
                List<double[]> pairs = new ArrayList<>();
                e.getValue().forEach((q, score) -> {
                    Double h = labelled.get(q);
                    if (h == null) {
                        unlabelled.add(score);
                    } else {
                        pairs.add(new double[] {score, h});
                    }
                });
                if (pairs.size() >= 2) {
                    byRetriever.put(
                            e.getKey(),
                            PredictionPoweredInference.estimate(
                                    unlabelled.stream()
                                            .mapToDouble(Double::doubleValue)
                                            .toArray(),
                                    pairs.stream().mapToDouble(p -> p[0]).toArray(),
                                    pairs.stream().mapToDouble(p -> p[1]).toArray()));
                }
            }
            out.add(new MetricCalibration(
                    m.metric(), AgreementMeasure.measure(compared, m, judgeModel, HUMAN), byRetriever));
        }
        return new Calibration(out);
    }
}
