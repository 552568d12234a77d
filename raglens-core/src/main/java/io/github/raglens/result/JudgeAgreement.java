package io.github.raglens.result;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * How well two judge models agree on the same cells of one metric: Spearman's rank correlation of
 * their scores, and Cohen's kappa of their pass/fail verdicts (a score of at least {@value #PASS}
 * passes). Only cells both judges scored count, and only their first judgement (repeat 0).
 *
 * @param metric the metric
 * @param judgeA the first judge model
 * @param judgeB the second judge model
 * @param cells cells both judges scored
 * @param spearman Spearman's rho of the scores (average ranks for ties); empty when undefined (fewer
 *     than two cells, or one side gave every cell the same score)
 * @param kappa Cohen's kappa of the verdicts; empty when undefined: without cells, or when both sides
 *     gave every cell the same verdict (expected agreement 1, so kappa is 0 / 0)
 */
public record JudgeAgreement(
        String metric, String judgeA, String judgeB, int cells, OptionalDouble spearman, OptionalDouble kappa) {

    /** The score at which a cell's verdict is "pass". */
    public static final double PASS = 0.5;

    /** Validates the names. */
    public JudgeAgreement {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(judgeA, "judgeA");
        Objects.requireNonNull(judgeB, "judgeB");
        Objects.requireNonNull(spearman, "spearman");
        Objects.requireNonNull(kappa, "kappa");
    }

    /**
     * One cell two judge models scored far apart, for reading what they disagree on.
     *
     * @param metric the metric
     * @param retriever the cell's retriever
     * @param questionId the cell's question
     * @param scoreA the first judge's score
     * @param scoreB the second judge's score
     */
    public record JudgeDisagreement(String metric, String retriever, String questionId, double scoreA, double scoreB) {

        /** Validates that no name is null. */
        public JudgeDisagreement {
            Objects.requireNonNull(metric, "metric");
            Objects.requireNonNull(retriever, "retriever");
            Objects.requireNonNull(questionId, "questionId");
        }

        /** How far apart the two scores are. */
        public double gap() {
            return Math.abs(scoreA - scoreB);
        }
    }
}
