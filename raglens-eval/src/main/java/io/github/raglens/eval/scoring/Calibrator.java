package io.github.raglens.eval.scoring;

import static io.github.raglens.result.Calibration.HUMAN;
import static io.github.raglens.result.Calibration.MIN_DRAWN_LABELS;

import io.github.raglens.eval.stats.PredictionPoweredInference;
import io.github.raglens.model.HumanLabel;
import io.github.raglens.result.Calibration;
import io.github.raglens.result.Calibration.MetricCalibration;
import io.github.raglens.result.Calibration.PredictionPoweredMean;
import java.util.ArrayList;
import java.util.HashMap;
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
     * @param records the records of {@code scores.jsonl} for the cells of the evaluation; the judge
     *     model's first judgements (repeat 0) at each metric's current version count
     * @param labels the human labels; those of cells the judge did not score, or of an answer that
     *     changed since the cell was drawn, are left out and counted
     * @param versions the current version of each judge metric, in the order to report them
     * @param judgeModel the judge model
     * @return the calibration
     */
    static Calibration calibrate(
            List<ScoreRecord> records, List<HumanLabel> labels, Map<String, String> versions, String judgeModel) {
        Objects.requireNonNull(judgeModel, "judgeModel");
        List<MetricCalibration> out = new ArrayList<>();
        versions.forEach((metric, version) -> out.add(calibrate(records, labels, metric, version, judgeModel)));
        return new Calibration(out);
    }

    private static MetricCalibration calibrate(
            List<ScoreRecord> records, List<HumanLabel> labels, String metric, String version, String judgeModel) {
        // retriever -> question -> the judge's record: the population the labels were drawn from
        Map<String, Map<String, ScoreRecord>> judge = LabelDrawer.population(records, metric, version, judgeModel);
        Map<String, Map<String, Double>> drawn = new HashMap<>();
        List<ScoreRecord> compared = new ArrayList<>(records);
        int drawnCount = 0;
        int agreementOnly = 0;
        int stale = 0;
        for (HumanLabel l : labels) {
            if (!l.metric().equals(metric)) {
                continue;
            }
            ScoreRecord judged = judge.getOrDefault(l.retriever(), Map.of()).get(l.questionId());
            if (judged == null || !(l.inputs().isEmpty() || l.inputs().equals(judged.inputs()))) {
                stale++;
                continue;
            }
            compared.add(new ScoreRecord(
                    l.retriever(),
                    l.questionId(),
                    metric,
                    HUMAN,
                    version,
                    ScoreRecord.SCORED,
                    l.score(),
                    "",
                    "",
                    0,
                    "",
                    ""));
            if (l.draw()
                    .filter(d -> d.version().equals(version) && d.judgeModel().equals(judgeModel))
                    .isPresent()) {
                drawnCount++;
                drawn.computeIfAbsent(l.retriever(), x -> new HashMap<>()).put(l.questionId(), l.score());
            } else {
                agreementOnly++;
            }
        }
        Map<String, PredictionPoweredMean> byRetriever = new TreeMap<>();
        Map<String, Integer> tooFew = new TreeMap<>();
        for (var e : judge.entrySet()) {
            Map<String, Double> human = drawn.getOrDefault(e.getKey(), Map.of());
            if (human.isEmpty()) {
                continue;
            }
            if (human.size() < MIN_DRAWN_LABELS) {
                tooFew.put(e.getKey(), human.size());
                continue;
            }
            List<Double> unlabelled = new ArrayList<>();
            List<double[]> pairs = new ArrayList<>();
            e.getValue().forEach((q, r) -> {
                Double h = human.get(q);
                if (h == null) {
                    unlabelled.add(r.score());
                } else {
                    pairs.add(new double[] {r.score(), h});
                }
            });
            byRetriever.put(
                    e.getKey(),
                    PredictionPoweredInference.estimate(
                            unlabelled.stream().mapToDouble(Double::doubleValue).toArray(),
                            pairs.stream().mapToDouble(p -> p[0]).toArray(),
                            pairs.stream().mapToDouble(p -> p[1]).toArray()));
        }
        return new MetricCalibration(
                metric,
                AgreementMeasure.measure(compared, metric, version, judgeModel, HUMAN),
                byRetriever,
                tooFew,
                drawnCount,
                agreementOnly,
                stale);
    }
}
