package io.github.raglens.eval.stats;

import io.github.raglens.result.Calibration.PredictionPoweredMean;
import java.util.Objects;

/** Estimates a mean by prediction-powered inference: the judge's mean corrected by human-labelled residuals. */
public final class PredictionPoweredInference {

    /** The standard normal quantile of 0.975, for the 95% interval. */
    private static final double Z_975 = 1.959963984540054;

    private PredictionPoweredInference() {}

    /**
     * Estimates a mean from judge scores and a few human labels.
     *
     * @param unlabelledJudge the judge's scores of the cells without a human label
     * @param labelledJudge the judge's scores of the labelled cells
     * @param labelledHuman the human labels, parallel to {@code labelledJudge}
     * @return the estimate with its interval
     * @throws IllegalArgumentException if the labelled arrays differ in length or hold fewer than two
     *     cells (the residuals' variance needs two), or a value is NaN
     */
    public static PredictionPoweredMean estimate(
            double[] unlabelledJudge, double[] labelledJudge, double[] labelledHuman) {
        Objects.requireNonNull(unlabelledJudge, "unlabelledJudge");
        Objects.requireNonNull(labelledJudge, "labelledJudge");
        Objects.requireNonNull(labelledHuman, "labelledHuman");
        int n = labelledJudge.length;
        if (labelledHuman.length != n) {
            throw new IllegalArgumentException("labelledJudge has " + n + " values but labelledHuman has "
                    + labelledHuman.length + "; they must be parallel");
        }
        if (n < 2) {
            throw new IllegalArgumentException(
                    "a prediction-powered estimate needs at least 2 human-labelled cells, had " + n);
        }
        double[] residuals = new double[n];
        for (int i = 0; i < n; i++) {
            residuals[i] = labelledHuman[i] - labelledJudge[i];
        }
        check(unlabelledJudge, "unlabelledJudge");
        check(residuals, "labelled values");
        int big = unlabelledJudge.length;
        if (big == 0) {
            double human = mean(labelledHuman);
            return interval(human, human, 0, variance(labelledHuman) / n, n, 0);
        }
        double judgeMean = mean(unlabelledJudge);
        double correction = mean(residuals);
        double variance = (big > 1 ? variance(unlabelledJudge) / big : 0) + variance(residuals) / n;
        return interval(judgeMean + correction, judgeMean, correction, variance, n, big);
    }

    private static PredictionPoweredMean interval(
            double estimate, double judgeMean, double correction, double variance, int n, int big) {
        double half = Z_975 * Math.sqrt(variance);
        return new PredictionPoweredMean(estimate, estimate - half, estimate + half, judgeMean, correction, n, big);
    }

    private static void check(double[] values, String name) {
        for (double v : values) {
            if (Double.isNaN(v)) {
                throw new IllegalArgumentException(name + " hold NaN");
            }
        }
    }

    private static double mean(double[] v) {
        double sum = 0;
        for (double x : v) {
            sum += x;
        }
        return sum / v.length;
    }

    /** The sample variance, {@code n − 1} in the denominator. */
    private static double variance(double[] v) {
        double m = mean(v);
        double sum = 0;
        for (double x : v) {
            sum += (x - m) * (x - m);
        }
        return sum / (v.length - 1);
    }
}
