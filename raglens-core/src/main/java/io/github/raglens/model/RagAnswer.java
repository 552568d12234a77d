package io.github.raglens.model;

import java.util.List;
import java.util.Objects;

/**
 * What a {@link io.github.raglens.spi.RagSystem} answered to one question.
 *
 * @param answer the generated answer text
 * @param contexts the contexts the answer was built on, best first; empty when there were none
 */
public record RagAnswer(String answer, List<RetrievedContext> contexts) {

    /** Validates that no field is null and copies the contexts. */
    public RagAnswer {
        Objects.requireNonNull(answer, "answer");
        contexts = List.copyOf(contexts);
    }

    /** The contexts' texts, in rank order. */
    public List<String> contextTexts() {
        return contexts.stream().map(RetrievedContext::text).toList();
    }
}
