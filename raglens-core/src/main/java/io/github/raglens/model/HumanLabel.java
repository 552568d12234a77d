package io.github.raglens.model;

import java.util.Objects;
import java.util.Optional;

/**
 * A person's score of one cell (a system's answer to one question) on one judge metric, for
 * calibrating the judge: how well judge and people agree, and, for labels raglens drew, the
 * judge's mean corrected by what the labels show.
 *
 * @param retriever the system of the cell
 * @param questionId the question of the cell
 * @param metric the metric's name, e.g. {@code faithfulness}
 * @param score the person's score in [0, 1] (a verdict is 0 or 1)
 * @param labeller who gave the label; empty when not recorded
 * @param labelledAt when, as an ISO-8601 instant ({@code 2026-03-01T12:00:00Z}); empty when not
 *     recorded
 * @param inputs the hash of what the judge scored (answer and contexts) when the cell was drawn:
 *     a label of an answer that has since changed is left out; empty when not recorded
 * @param draw how raglens drew the cell; empty for a label raglens did not draw, which counts for
 *     agreement only
 */
public record HumanLabel(
        String retriever,
        String questionId,
        String metric,
        double score,
        String labeller,
        String labelledAt,
        String inputs,
        Optional<LabelDraw> draw) {

    /**
     * Validates the fields.
     *
     * @throws IllegalArgumentException if the score is outside [0, 1] or NaN, or {@code labelledAt}
     *     is neither empty nor an ISO-8601 instant
     */
    public HumanLabel {
        Objects.requireNonNull(retriever, "retriever");
        Objects.requireNonNull(questionId, "questionId");
        Objects.requireNonNull(metric, "metric");
        labeller = Objects.requireNonNullElse(labeller, "");
        labelledAt = Objects.requireNonNullElse(labelledAt, "");
        inputs = Objects.requireNonNullElse(inputs, "");
        draw = Objects.requireNonNullElse(draw, Optional.empty());
        if (!(score >= 0 && score <= 1)) {
            throw new IllegalArgumentException("score must be in [0, 1], was " + score);
        }
        LabelTimes.check(labelledAt);
    }

    /** A label written by hand: no labeller, time, inputs or draw recorded. */
    public HumanLabel(String retriever, String questionId, String metric, double score) {
        this(retriever, questionId, metric, score, "", "", "", Optional.empty());
    }

    /** Whether raglens drew the cell, so the label may correct the judge's mean. */
    public boolean isDrawn() {
        return draw.isPresent();
    }
}
