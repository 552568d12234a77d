package io.github.raglens.model;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/** The check of when a person gave a label, shared by the kinds of label. */
final class LabelTimes {

    private LabelTimes() {}

    /**
     * Checks a label's time.
     *
     * @param labelledAt empty, or an ISO-8601 instant
     * @throws IllegalArgumentException for any other text
     */
    static void check(String labelledAt) {
        if (!labelledAt.isEmpty()) {
            try {
                Instant.parse(labelledAt);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(
                        "labelledAt must be an ISO-8601 instant such as 2026-03-01T12:00:00Z, was '" + labelledAt + "'",
                        e);
            }
        }
    }
}
