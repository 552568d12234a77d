package io.github.raglens.eval.pool;

import java.util.Objects;

/**
 * One passage of a question's pool: every hit of any system within the pool's depth whose text is
 * this text once normalised.
 *
 * @param id the passage's id in the judged qrels and runs: the first id a system gave it
 * @param text its text, as the first system returned it
 * @param holdsEvidence whether it holds one of the question's evidence quotes (grade 3 without a call)
 */
public record PooledPassage(String id, String text, boolean holdsEvidence) {

    /** Validates that no field is null. */
    public PooledPassage {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(text, "text");
    }
}
