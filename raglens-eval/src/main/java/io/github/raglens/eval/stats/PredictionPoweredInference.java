package io.github.raglens.eval.stats;

import io.github.raglens.result.Calibration.PredictionPoweredMean;
import java.util.Objects;

/**
 * Estimates a mean by prediction-powered inference: the judge's mean corrected by human-labelled
 * residuals, with a 95% Student-t interval.
 *
 * <p>The interval's standard error adds the judge's spread over the unlabelled cells to the
 * residuals' spread over the labelled ones, with Welch–Satterthwaite degrees of freedom, so a few
 * labels widen it as a t interval does. Residuals that are all equal (the judge agreed with every
 * label, common with few labels) have no spread to measure: their variance is not taken as 0 but
 * bounded by the share of cells that could still disagree unseen (the exact binomial 97.5% bound
 * on a rate observed as 0), and the estimate says so.
 */
public final class PredictionPoweredInference {

    private static final double LEVEL = 0.95;

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
            // Labels lie in [0, 1]: a value can sit at most max(mean, 1 - mean) from an all-equal mean.
            Spread s = spread(labelledHuman, Math.max(human, 1 - human));
            return interval(human, human, 0, s.variance / n, n - 1, n, 0, s.constant);
        }
        double judgeMean = mean(unlabelledJudge);
        double correction = mean(residuals);
        // Residuals lie in [-1, 1]: one can sit at most 1 + |mean| from an all-equal mean.
        Spread s = spread(residuals, 1 + Math.abs(correction));
        double judgeTerm = big > 1 ? variance(unlabelledJudge) / big : 0;
        double labelTerm = s.variance / n;
        double df = welchSatterthwaite(judgeTerm, big - 1, labelTerm, n - 1);
        return interval(judgeMean + correction, judgeMean, correction, judgeTerm + labelTerm, df, n, big, s.constant);
    }

    /** A sample variance, or, for values all equal, the bound described in the class comment. */
    private record Spread(double variance, boolean constant) {}

    private static Spread spread(double[] values, double reach) {
        double v = variance(values);
        if (v > 0) {
            return new Spread(v, false);
        }
        int n = values.length;
        double unseen = 1 - Math.pow((1 - LEVEL) / 2, 1.0 / n);
        return new Spread(unseen * reach * reach, true);
    }

    private static double welchSatterthwaite(double a, int dfA, double b, int dfB) {
        double denominator = (dfA > 0 ? a * a / dfA : 0) + b * b / dfB;
        return denominator > 0 ? (a + b) * (a + b) / denominator : dfB;
    }

    private static PredictionPoweredMean interval(
            double estimate,
            double judgeMean,
            double correction,
            double variance,
            double df,
            int n,
            int big,
            boolean constant) {
        double half = StudentT.quantile(1 - (1 - LEVEL) / 2, df) * Math.sqrt(variance);
        return new PredictionPoweredMean(
                estimate, estimate - half, estimate + half, judgeMean, correction, n, big, constant);
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
