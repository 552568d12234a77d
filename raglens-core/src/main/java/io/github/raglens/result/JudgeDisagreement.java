package io.github.raglens.result;

import java.util.Objects;

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
