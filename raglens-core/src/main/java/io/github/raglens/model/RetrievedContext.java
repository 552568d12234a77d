package io.github.raglens.model;

import java.util.Map;
import java.util.Objects;

/**
 * One ranked context returned by a system under test, which need not know raglens's chunks.
 *
 * <p>Only the text is required: relevance by evidence (the text contains the question's evidence
 * quote) grades it without matching ids.
 *
 * @param text the context's text; never empty
 * @param id the system's own identifier, empty when it gave none
 * @param score the system's score, {@link Double#NaN} when it gave none
 * @param source the document it came from (a file name or path), empty when unknown
 * @param page the 1-based page it came from, 0 when unknown
 * @param metadata anything else the system returned, as strings
 */
public record RetrievedContext(
        String text, String id, double score, String source, int page, Map<String, String> metadata) {

    /** Validates the fields and copies the metadata. */
    public RetrievedContext {
        Objects.requireNonNull(text, "text");
        if (text.isEmpty()) {
            throw new IllegalArgumentException("text must not be empty");
        }
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(source, "source");
        if (page < 0) {
            throw new IllegalArgumentException("page must be >= 0, was " + page);
        }
        metadata = Map.copyOf(metadata);
    }

    /** A context known by its text alone. */
    public static RetrievedContext of(String text) {
        return new RetrievedContext(text, "", Double.NaN, "", 0, Map.of());
    }
}
