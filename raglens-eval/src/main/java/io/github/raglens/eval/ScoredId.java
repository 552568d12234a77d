package io.github.raglens.eval;

import java.util.Objects;

/**
 * A document (or chunk) id with the score a system gave it, as in one line of a TREC run.
 *
 * @param id the document or chunk id
 * @param score the system's score; higher is better
 */
public record ScoredId(String id, double score) {

    /** Validates that the id is not null and the score is a number. */
    public ScoredId {
        Objects.requireNonNull(id, "id");
        if (Double.isNaN(score)) {
            throw new IllegalArgumentException("score of '" + id + "' is NaN");
        }
    }
}
