package io.github.raglens.spi;

import io.github.raglens.model.RetrievalResult;

/**
 * Finds the chunks that best answer a query.
 *
 * <p>Implementations must be thread-safe. A result holds at most {@code k} hits ranked 1..n with
 * non-increasing scores and no chunk twice.
 */
public interface Retriever {

    /** A short name used in files and reports, e.g. {@code bm25} or {@code hybrid}. */
    String name();

    /**
     * Retrieves the top hits.
     *
     * @param query the query text
     * @param k how many hits at most; must be positive
     * @return the ranked hits; empty for a query with no searchable terms or an empty index
     * @throws IllegalArgumentException if {@code k <= 0}
     */
    RetrievalResult retrieve(String query, int k);
}
