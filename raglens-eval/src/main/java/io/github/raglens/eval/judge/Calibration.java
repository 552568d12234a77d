package io.github.raglens.eval.judge;

import io.github.raglens.eval.stats.PredictionPoweredMean;
import io.github.raglens.spi.Judge;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The judge checked against a few human labels: per judge metric, how well judge and humans agree on
 * the cells both scored, and each retriever's mean estimated by prediction-powered inference (the
 * judge's mean corrected by the human-labelled residuals; see {@link PredictionPoweredMean}).
 *
 * @param metrics one entry per judge metric, in the order asked for
 */
public record Calibration(List<MetricCalibration> metrics) {

    /** The judge model name under which human labels are compared, in {@link JudgeAgreement}. */
    public static final String HUMAN = "human";

    /** Copies the list. */
    public Calibration {
        metrics = List.copyOf(metrics);
    }

    /**
     * One metric's calibration.
     *
     * @param metric the metric's name
     * @param agreement judge versus humans on the cells both scored ({@code judgeB} is {@value #HUMAN})
     * @param byRetriever the prediction-powered mean of each retriever with at least two cells that
     *     both the judge and a human scored, by retriever name in sorted order
     */
    public record MetricCalibration(
            String metric, JudgeAgreement agreement, Map<String, PredictionPoweredMean> byRetriever) {
        /** Copies the map, keeping its order. */
        public MetricCalibration {
            Objects.requireNonNull(metric, "metric");
            Objects.requireNonNull(agreement, "agreement");
            byRetriever = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byRetriever));
        }
    }

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
    public static Calibration of(
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
                            0));
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
                            PredictionPoweredMean.of(
                                    unlabelled.stream()
                                            .mapToDouble(Double::doubleValue)
                                            .toArray(),
                                    pairs.stream().mapToDouble(p -> p[0]).toArray(),
                                    pairs.stream().mapToDouble(p -> p[1]).toArray()));
                }
            }
            out.add(new MetricCalibration(m.metric(), JudgeAgreement.of(compared, m, judgeModel, HUMAN), byRetriever));
        }
        return new Calibration(out);
    }
}
