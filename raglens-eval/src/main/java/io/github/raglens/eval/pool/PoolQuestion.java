package io.github.raglens.eval.pool;

import java.util.List;
import java.util.Objects;

/**
 * A question whose passages are pooled.
 *
 * @param queryId the id the TREC files use for it
 * @param question the question the judge grades passages for
 * @param quotes its evidence quotes (two for a multi-hop question, one from each of its chunks): a
 *     passage holding any of them is grade 3 without a call; empty when the question has none
 */
public record PoolQuestion(String queryId, String question, List<String> quotes) {

    /** Validates that no field is null and copies the quotes. */
    public PoolQuestion {
        Objects.requireNonNull(queryId, "queryId");
        Objects.requireNonNull(question, "question");
        quotes = List.copyOf(quotes);
    }
}
