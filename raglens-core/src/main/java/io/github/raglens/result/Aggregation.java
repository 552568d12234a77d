package io.github.raglens.result;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Scores summarised per metric and retriever. Retrievers are compared on the questions that
 * <em>every</em> compared retriever scored for that metric (the common set), so a retriever whose
 * hard questions failed does not look better for it; beside each mean stands its coverage (scored /
 * attempted), and failures are counted per reason. Only the first judgement of a cell counts (repeat
 * 0); repeats are for {@link SelfConsistency}. Pairwise p-values are Holm-corrected (Holm's step-down
 * method) across every pair of retrievers and every metric of the summary.
 *
 * @param metrics one summary per metric, in the order asked for
 */
public record Aggregation(List<MetricSummary> metrics) {

    /** Copies the list. */
    public Aggregation {
        metrics = List.copyOf(metrics);
    }

    /**
     * A metric's summary.
     *
     * @param metric the metric's name
     * @param version the metric's version the scores were made with
     * @param judgeModel the judge model ({@code none} for text metrics)
     * @param commonQuestions how many questions every retriever scored
     * @param retrievers one row per retriever
     * @param pairs a paired randomization test for every pair of retrievers, on the common set
     */
    public record MetricSummary(
            String metric,
            String version,
            String judgeModel,
            int commonQuestions,
            List<RetrieverSummary> retrievers,
            List<PairedComparison> pairs) {
        /** Copies the lists. */
        public MetricSummary {
            retrievers = List.copyOf(retrievers);
            pairs = List.copyOf(pairs);
        }
    }

    /**
     * One retriever's row of a metric.
     *
     * @param retriever the retriever
     * @param interval mean and bootstrap 95% interval over the common questions; empty when there is
     *     no common question
     * @param scored questions this retriever scored
     * @param attempted questions in the sample
     * @param failuresByReason failed questions per reason
     */
    public record RetrieverSummary(
            String retriever,
            Optional<ConfidenceInterval> interval,
            int scored,
            int attempted,
            Map<String, Integer> failuresByReason) {
        /** Copies the map. */
        public RetrieverSummary {
            failuresByReason = Map.copyOf(failuresByReason);
        }

        /** Scored / attempted; 0 when nothing was attempted. */
        public double coverage() {
            return attempted == 0 ? 0 : (double) scored / attempted;
        }
    }

    /**
     * Two retrievers compared on the common questions.
     *
     * @param a the first retriever
     * @param b the second retriever
     * @param test mean(a) − mean(b) and its two-sided p-value alone
     * @param adjustedPValue the p-value Holm-adjusted across every pair and metric of the summary
     */
    public record PairedComparison(String a, String b, PairedTestResult test, double adjustedPValue) {

        /**
         * Validates the adjusted p-value, so that a summary written before the correction existed is
         * refused rather than read with adjusted p-values of 0.
         *
         * @throws IllegalArgumentException if {@code adjustedPValue} is not in [{@code test.pValue()}, 1]
         */
        public PairedComparison {
            Objects.requireNonNull(test, "test");
            if (!(adjustedPValue >= test.pValue() && adjustedPValue <= 1)) {
                throw new IllegalArgumentException("adjustedPValue must be in [pValue, 1], was " + adjustedPValue
                        + " with pValue " + test.pValue()
                        + "; a summary from before the Holm correction must be made again");
            }
        }

        /** Whether the difference is significant with the Holm correction, at the family-wise level 0.05. */
        public boolean significant() {
            return adjustedPValue < 0.05;
        }
    }

    /**
     * The outcome of a paired test between two systems.
     *
     * @param meanDifference mean of the first system's values minus mean of the second's
     * @param pValue two-sided p-value in (0, 1]
     * @param n number of paired samples
     * @param permutations number of random sign flips behind the p-value
     */
    public record PairedTestResult(double meanDifference, double pValue, int n, int permutations) {

        /** Validates the p-value's range. */
        public PairedTestResult {
            if (!(pValue > 0 && pValue <= 1)) {
                throw new IllegalArgumentException("pValue must be in (0, 1], was " + pValue);
            }
        }

        /** Whether the difference is significant at level {@code alpha}, e.g. 0.05. */
        public boolean significantAt(double alpha) {
            return pValue < alpha;
        }
    }

    /**
     * How consistent one judge model is with itself on one metric, from the repeats a scorer
     * with repeats stored: over the cells whose every repeat is scored, the mean
     * spread of a cell's scores, the share of cells whose repeats all gave the same score, and, averaged
     * over every pair of repeats, Cohen's kappa of the pass/fail verdicts and Spearman's rho of the
     * scores (as {@link JudgeAgreement} computes them for two judges).
     *
     * @param metric the metric
     * @param judgeModel the judge model
     * @param repeats how many judgements per cell the records hold (1 + the highest repeat index)
     * @param cells cells whose every repeat is scored
     * @param meanStdDev the mean over those cells of the (population) standard deviation of their
     *     repeats' scores; 0 is perfectly consistent; empty without such cells
     * @param identicalShare the share of those cells whose repeats all gave the same score; empty
     *     without such cells
     * @param kappa Cohen's kappa of the verdicts averaged over the pairs of repeats where it is defined;
     *     empty when it is defined for none (fewer than two repeats, no cells)
     * @param spearman Spearman's rho averaged over the pairs of repeats where it is defined; empty when
     *     it is defined for none
     */
    public record SelfConsistency(
            String metric,
            String judgeModel,
            int repeats,
            int cells,
            OptionalDouble meanStdDev,
            OptionalDouble identicalShare,
            OptionalDouble kappa,
            OptionalDouble spearman) {

        /** Validates that no field is null. */
        public SelfConsistency {
            Objects.requireNonNull(metric, "metric");
            Objects.requireNonNull(judgeModel, "judgeModel");
            Objects.requireNonNull(meanStdDev, "meanStdDev");
            Objects.requireNonNull(identicalShare, "identicalShare");
            Objects.requireNonNull(kappa, "kappa");
            Objects.requireNonNull(spearman, "spearman");
        }
    }
}
