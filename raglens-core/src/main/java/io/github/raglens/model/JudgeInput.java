package io.github.raglens.model;

import java.util.List;
import java.util.Objects;

/**
 * Everything a judge may look at for one (question, retriever) cell.
 *
 * @param question the user question
 * @param answer the generated answer being judged
 * @param contexts the retrieved contexts, in rank order
 * @param reference the reference answer, empty when there is none
 * @param referenceContexts the text the question was written from (its source chunk), for metrics
 *     that compare retrieved contexts with it; empty when unknown
 */
public record JudgeInput(
        String question, String answer, List<String> contexts, String reference, List<String> referenceContexts) {

    /** Validates that no field is null and copies the lists. */
    public JudgeInput {
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(answer, "answer");
        Objects.requireNonNull(reference, "reference");
        contexts = List.copyOf(contexts);
        referenceContexts = List.copyOf(referenceContexts);
    }

    /**
     * A cell with no reference contexts.
     *
     * @param question the user question
     * @param answer the generated answer being judged
     * @param contexts the retrieved contexts, in rank order
     * @param reference the reference answer, empty when there is none
     */
    public JudgeInput(String question, String answer, List<String> contexts, String reference) {
        this(question, answer, contexts, reference, List.of());
    }
}
