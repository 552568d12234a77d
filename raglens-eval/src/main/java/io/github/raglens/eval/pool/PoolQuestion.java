package io.github.raglens.eval.pool;

import java.util.Objects;

/**
 * A question whose passages are pooled.
 *
 * @param queryId the id the TREC files use for it
 * @param question the question the judge grades passages for
 * @param evidence its evidence quote: a passage holding it is grade 3 without a call; empty when
 *     the question has none
 */
public record PoolQuestion(String queryId, String question, String evidence) {

    /** Validates that no field is null. */
    public PoolQuestion {
        Objects.requireNonNull(queryId, "queryId");
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(evidence, "evidence");
    }
}
