package io.github.raglens.eval.questions;

import java.util.Objects;

/**
 * Someone who asks questions of a corpus, as the persona style writes them.
 *
 * @param name a short name, e.g. {@code newcomer}
 * @param description who the person is and what they know, in a sentence
 */
public record Persona(String name, String description) {

    /** Validates. */
    public Persona {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a persona's name must not be blank");
        }
    }
}
