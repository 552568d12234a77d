package io.github.raglens.eval.pool;

import java.util.Objects;

/**
 * One passage a system returned for a question, in its rank order.
 *
 * @param docId the system's id of the passage (a chunk id, or the id a service gave)
 * @param text the passage's text as the system returned it (for an expanding retriever, the context)
 */
public record PoolHit(String docId, String text) {

    /** Validates that no field is null. */
    public PoolHit {
        Objects.requireNonNull(docId, "docId");
        Objects.requireNonNull(text, "text");
    }
}
