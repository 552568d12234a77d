package io.github.raglens.model;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A pooled passage raglens drew for a person to grade for a question, with what the judge saw when
 * it graded it (the question and the passage's text, not the judge's grade).
 *
 * @param queryId the question, by its id in the judged qrels
 * @param passage the passage, by its id in the judged qrels
 * @param inputs the hash of the question and passage text, recorded with the label
 * @param draw how the pair was drawn
 * @param question the question's text
 * @param text the passage's text
 */
public record PassageLabelRequest(
        String queryId, String passage, String inputs, LabelDraw draw, String question, String text) {

    /** Validates that no field is null. */
    public PassageLabelRequest {
        Objects.requireNonNull(queryId, "queryId");
        Objects.requireNonNull(passage, "passage");
        Objects.requireNonNull(inputs, "inputs");
        Objects.requireNonNull(draw, "draw");
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(text, "text");
    }

    /**
     * The grade a person gave this pair.
     *
     * @param grade 0 to {@value PassageLabel#MAX_GRADE}
     * @param labeller who gave it
     * @param at when it was given
     * @return the label, carrying this pair's draw and inputs
     * @throws IllegalArgumentException if the grade is outside 0–3
     */
    public PassageLabel label(int grade, String labeller, Instant at) {
        Objects.requireNonNull(labeller, "labeller");
        Objects.requireNonNull(at, "at");
        return new PassageLabel(queryId, passage, grade, labeller, at.toString(), inputs, Optional.of(draw));
    }
}
