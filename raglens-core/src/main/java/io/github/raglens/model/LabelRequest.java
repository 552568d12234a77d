package io.github.raglens.model;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A cell raglens drew for a person to label, with what the judge saw: the question, the system's
 * answer, the contexts it was given and the reference answer. The judge's own score is left out
 * on purpose, so it cannot sway the person.
 *
 * @param retriever the system of the cell
 * @param questionId the question of the cell
 * @param metric the metric to label
 * @param inputs the hash of the answer and contexts the judge scored
 * @param draw how the cell was drawn
 * @param question the question
 * @param answer the system's answer
 * @param contexts the contexts the system answered from, in order
 * @param reference the reference answer; empty when the question has none
 */
public record LabelRequest(
        String retriever,
        String questionId,
        String metric,
        String inputs,
        LabelDraw draw,
        String question,
        String answer,
        List<String> contexts,
        String reference) {

    /** Validates that no field is null and copies the contexts. */
    public LabelRequest {
        Objects.requireNonNull(retriever, "retriever");
        Objects.requireNonNull(questionId, "questionId");
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(inputs, "inputs");
        Objects.requireNonNull(draw, "draw");
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(answer, "answer");
        contexts = List.copyOf(contexts);
        Objects.requireNonNull(reference, "reference");
    }

    /**
     * The label a person gave this cell.
     *
     * @param score the person's score in [0, 1]
     * @param labeller who gave it, e.g. a name or e-mail address
     * @param at when it was given
     * @return the label, carrying this cell's draw and inputs
     * @throws IllegalArgumentException if the score is outside [0, 1]
     */
    public HumanLabel label(double score, String labeller, Instant at) {
        Objects.requireNonNull(labeller, "labeller");
        Objects.requireNonNull(at, "at");
        return new HumanLabel(retriever, questionId, metric, score, labeller, at.toString(), inputs, Optional.of(draw));
    }
}
