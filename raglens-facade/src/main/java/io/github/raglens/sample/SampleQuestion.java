package io.github.raglens.sample;

import java.util.Objects;

/**
 * A hand-checked question about the sample corpus.
 *
 * @param id stable identifier, e.g. {@code tidal-03}
 * @param document the document's base name, e.g. {@code tidal-power}
 * @param question the question as a user would ask it
 * @param answer the reference answer
 * @param evidence a quote of at least six words that occurs exactly once, verbatim (up to whitespace), in
 *     the document
 */
public record SampleQuestion(String id, String document, String question, String answer, String evidence) {

    /** Validates that no field is null. */
    public SampleQuestion {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(document, "document");
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(answer, "answer");
        Objects.requireNonNull(evidence, "evidence");
    }
}
