package io.github.raglens.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * The judge checked against human labels: per judge metric, how well judge and people agree on the
 * cells both scored, and each system's mean estimated by prediction-powered inference (the judge's
 * mean corrected by what the labels show; see {@link PredictionPoweredMean}).
 *
 * <p>Only labels of cells raglens drew at random (with a {@link io.github.raglens.model.LabelDraw})
 * correct the judge's mean: cells picked by hand, or where two judges disagree most, are not a
 * sample of the cells and would bias the correction. Other labels count for agreement only. A
 * system needs {@value #MIN_DRAWN_LABELS} drawn labels for an estimate.
 *
 * @param metrics one entry per judge metric, in the order asked for
 */
public record Calibration(List<MetricCalibration> metrics) {

    /** The judge model name under which human labels are compared, in {@link JudgeAgreement}. */
    public static final String HUMAN = "human";

    /**
     * Drawn labels a system needs for a prediction-powered estimate: with fewer, the interval
     * covers the human mean too rarely (simulated with a lenient judge, 95% intervals held 37% at 2
     * labels and 71% at 5; from 10 labels they hold at least 93%).
     */
    public static final int MIN_DRAWN_LABELS = 10;

    /** Copies the list. */
    public Calibration {
        metrics = List.copyOf(metrics);
    }

    /**
     * One metric's calibration.
     *
     * @param metric the metric's name
     * @param agreement judge versus people on the labelled cells the judge scored ({@code judgeB} is
     *     {@value #HUMAN}), drawn or not
     * @param byRetriever the prediction-powered mean of each system with at least {@value
     *     #MIN_DRAWN_LABELS} drawn labels, by system name in sorted order
     * @param tooFewLabels the drawn labels of each system that has some but fewer than {@value
     *     #MIN_DRAWN_LABELS}, by system name in sorted order
     * @param drawnLabels labels of cells raglens drew for this metric's version and judge, the ones
     *     that correct the judge's mean
     * @param agreementOnlyLabels labels of cells raglens did not draw (or drew for another version
     *     of the metric or another judge): counted for agreement only
     * @param staleLabels labels left out entirely: the answer changed since the cell was drawn, or
     *     the judge did not score the cell in this evaluation
     */
    public record MetricCalibration(
            String metric,
            JudgeAgreement agreement,
            Map<String, PredictionPoweredMean> byRetriever,
            Map<String, Integer> tooFewLabels,
            int drawnLabels,
            int agreementOnlyLabels,
            int staleLabels) {

        /** Copies the maps, keeping their order. */
        public MetricCalibration {
            Objects.requireNonNull(metric, "metric");
            Objects.requireNonNull(agreement, "agreement");
            byRetriever = Collections.unmodifiableMap(new LinkedHashMap<>(byRetriever));
            tooFewLabels = Collections.unmodifiableMap(new LinkedHashMap<>(tooFewLabels));
        }

        /**
         * What the figures say, in sentences for a report: the agreement, each estimate beside the
         * judge's own mean and what its interval means, and which labels did not correct the judge
         * and why.
         */
        public List<String> describe() {
            List<String> out = new ArrayList<>();
            out.add(String.format(
                    Locale.ROOT,
                    "%s: judge and people both scored %d cells; Cohen's kappa of their pass/fail verdicts (pass"
                            + " from %.1f) is %s and Spearman's rho of their scores %s (1: full agreement, 0: no"
                            + " better than chance; undefined when a side gave every cell the same).",
                    metric,
                    agreement.cells(),
                    JudgeAgreement.PASS,
                    fixed(agreement.kappa()),
                    fixed(agreement.spearman())));
            byRetriever.forEach((system, p) -> out.add(String.format(
                    Locale.ROOT,
                    "%s: people would give %.3f [95%% interval %.3f, %.3f] where the judge alone gives %.3f"
                            + " (%d drawn labels correct it by %+.3f)%s.",
                    system,
                    p.estimate(),
                    p.lower(),
                    p.upper(),
                    p.judgeMean(),
                    p.labelled(),
                    p.correction(),
                    p.constantResiduals()
                            ? "; the judge matched every label, so the interval assumes disagreements as rare as"
                                    + " the labels allow rather than none"
                            : "")));
            tooFewLabels.forEach((system, has) -> out.add(String.format(
                    Locale.ROOT,
                    "%s: %d drawn labels, %d needed for a corrected estimate; draw and label %d more.",
                    system,
                    has,
                    MIN_DRAWN_LABELS,
                    MIN_DRAWN_LABELS - has)));
            if (agreementOnlyLabels > 0) {
                out.add(agreementOnlyLabels + " labels of cells raglens did not draw count for agreement only:"
                        + " cells chosen by hand are not a random sample and would bias the correction.");
            }
            if (staleLabels > 0) {
                out.add(staleLabels + " labels were left out: the answer changed since the cell was drawn, or the"
                        + " judge did not score the cell in this evaluation.");
            }
            return List.copyOf(out);
        }

        private static String fixed(OptionalDouble v) {
            return v.isPresent() ? String.format(Locale.ROOT, "%.3f", v.getAsDouble()) : "undefined";
        }
    }

    /**
     * A prediction-powered estimate of a mean (Angelopoulos et al., "Prediction-powered inference",
     * Science 2023): the judge's mean over the cells nobody labelled, corrected by the mean residual
     * (human minus judge) on the cells a human labelled, with a 95% Student-t interval.
     *
     * <p>With judge scores {@code f} on {@code N} unlabelled cells and pairs {@code (f_i, y_i)} on
     * {@code n} labelled ones: {@code estimate = mean(f) + mean(y − f)}, standard error {@code sqrt(s²(f)
     * / N + s²(y − f) / n)} with sample variances ({@code n − 1} in the denominator), and Student's t
     * with Welch–Satterthwaite degrees of freedom. A judge that agrees with the humans gains
     * precision from the unlabelled cells; a biased judge is corrected by the residuals instead of
     * passing its bias on. Without unlabelled cells the estimate is the human mean. The labelled cells
     * must be a random sample of the cells, which is why only drawn labels count.
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
     * @param constantResiduals whether every residual was the same (the judge matched every label, as
     *     often with few labels): their variance could not be measured, so the interval uses the
     *     largest variance the labels leave plausible instead of 0
     */
    public record PredictionPoweredMean(
            double estimate,
            double lower,
            double upper,
            double judgeMean,
            double correction,
            int labelled,
            int unlabelled,
            boolean constantResiduals) {

        /** Whether {@code value} lies in the closed interval. */
        public boolean contains(double value) {
            return value >= lower && value <= upper;
        }
    }
}
