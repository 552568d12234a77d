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

    /**
     * A prediction-powered estimate of a mean (Angelopoulos et al., "Prediction-powered inference",
     * Science 2023): the judge's mean over the cells nobody labelled, corrected by the mean residual
     * (human minus judge) on the cells a human labelled, with a 95% normal-approximation interval.
     *
     * <p>With judge scores {@code f} on {@code N} unlabelled cells and pairs {@code (f_i, y_i)} on
     * {@code n} labelled ones: {@code estimate = mean(f) + mean(y − f)}, standard error {@code sqrt(s²(f)
     * / N + s²(y − f) / n)} with sample variances ({@code n − 1} in the denominator). A judge that agrees
     * with the humans gains precision from the unlabelled cells; a biased judge is corrected by the
     * residuals instead of passing its bias on. Without unlabelled cells the estimate is the human mean.
     *
     * @param estimate the corrected mean
     * @param lower lower bound of the 95% interval
     * @param upper upper bound of the 95% interval
     * @param judgeMean the judge's uncorrected mean over the unlabelled cells (the human mean when there
     *     are none)
     * @param correction the mean residual, human minus judge, on the labelled cells (0 when there are no
     *     unlabelled cells)
     * @param labelled cells with a human label
     * @param unlabelled cells with the judge's score only
     */
    public record PredictionPoweredMean(
            double estimate,
            double lower,
            double upper,
            double judgeMean,
            double correction,
            int labelled,
            int unlabelled) {

        /** Whether {@code value} lies in the closed interval. */
        public boolean contains(double value) {
            return value >= lower && value <= upper;
        }
    }
}
