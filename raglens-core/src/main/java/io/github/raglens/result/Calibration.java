package io.github.raglens.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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
}
