package io.github.raglens.result;

import java.util.Objects;
import java.util.OptionalDouble;

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
