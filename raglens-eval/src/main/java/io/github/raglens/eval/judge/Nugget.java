package io.github.raglens.eval.judge;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.Objects;

/**
 * One atomic fact a good answer to a question holds: made by the judge from the reference answer
 * and the question's source passage, or written by a person.
 *
 * @param id the nugget's id within its question ({@code n1}, {@code n2} …), kept when its text is
 *     edited
 * @param text the fact, one short sentence
 * @param importance whether an answer without it falls short ({@link Importance#VITAL}) or is merely
 *     less complete ({@link Importance#OKAY})
 * @param origin who wrote the text: {@link #BY_JUDGE} or {@link #BY_PERSON}
 */
public record Nugget(String id, String text, Importance importance, String origin) {

    /** The origin of a nugget the judge made. */
    public static final String BY_JUDGE = "judge";
    /** The origin of a nugget a person wrote or edited. */
    public static final String BY_PERSON = "person";

    /** How much a nugget matters to an answer. */
    public enum Importance {
        /** An answer without this fact is incomplete. */
        VITAL,
        /** A fact a good answer may hold. */
        OKAY;

        /** The name in files and prompts: {@code vital} or {@code okay}. */
        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * The importance of a {@link #label()}.
         *
         * @throws IllegalArgumentException for any other text
         */
        @JsonCreator
        public static Importance parse(String label) {
            for (Importance i : values()) {
                if (i.label().equals(label)) {
                    return i;
                }
            }
            throw new IllegalArgumentException("unknown nugget importance '" + label + "'; use vital or okay");
        }
    }

    /** Validates that no field is null or blank and that the origin is known. */
    public Nugget {
        Objects.requireNonNull(importance, "importance");
        if (Objects.requireNonNull(id, "id").isBlank()) {
            throw new IllegalArgumentException("a nugget needs an id");
        }
        text = Objects.requireNonNull(text, "text").strip();
        if (text.isEmpty()) {
            throw new IllegalArgumentException("nugget '" + id + "' has no text");
        }
        if (!origin.equals(BY_JUDGE) && !origin.equals(BY_PERSON)) {
            throw new IllegalArgumentException(
                    "nugget origin must be '" + BY_JUDGE + "' or '" + BY_PERSON + "', was '" + origin + "'");
        }
    }

    /** Whether the nugget is vital. */
    public boolean vital() {
        return importance == Importance.VITAL;
    }
}
