package io.github.raglens.result;

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
