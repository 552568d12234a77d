package io.github.raglens.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/** Outcome of generating a question for one chunk; written in lower case ({@code success}). */
public enum QuestionStatus {
    /** A usable question, answer and verbatim evidence. */
    SUCCESS,
    /** The chunk was too thin to ask about. */
    SKIP,
    /** Generation failed; the reason says why. */
    FAILED;

    /** The status as {@code questions.jsonl} writes it. */
    @JsonValue
    public String fileName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The status a file names, in any case.
     *
     * @throws IllegalArgumentException naming the accepted values, for any other text
     */
    @JsonCreator
    public static QuestionStatus fromFileName(String name) {
        return Arrays.stream(values())
                .filter(s -> s.name().equalsIgnoreCase(name == null ? "" : name.strip()))
                .findFirst()
                .orElseThrow(() ->
                        new IllegalArgumentException("status must be success, skip or failed, was '" + name + "'"));
    }
}
