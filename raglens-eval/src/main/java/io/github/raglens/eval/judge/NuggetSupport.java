package io.github.raglens.eval.judge;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How far an answer states one nugget, with the credit each level earns in the non-strict scores.
 * The strict scores credit {@link #SUPPORTED} alone.
 */
public enum NuggetSupport {
    /** The answer states the fact in full. */
    SUPPORTED("support", 1.0),
    /** The answer states part of the fact, or states it vaguely. */
    PARTLY("partial_support", 0.5),
    /** The answer does not state the fact, or contradicts it. */
    NOT("not_support", 0.0);

    private final String label;
    private final double credit;

    NuggetSupport(String label, double credit) {
        this.label = label;
        this.credit = credit;
    }

    /** The name in prompts and files: {@code support}, {@code partial_support}, {@code not_support}. */
    @JsonValue
    public String label() {
        return label;
    }

    /** The credit in the non-strict scores: 1, 0.5 or 0. */
    public double credit() {
        return credit;
    }

    /**
     * The level of a {@link #label()}.
     *
     * @throws IllegalArgumentException for any other text
     */
    @JsonCreator
    public static NuggetSupport parse(String label) {
        for (NuggetSupport s : values()) {
            if (s.label.equals(label)) {
                return s;
            }
        }
        throw new IllegalArgumentException(
                "unknown nugget support '" + label + "'; use support, partial_support or not_support");
    }
}
