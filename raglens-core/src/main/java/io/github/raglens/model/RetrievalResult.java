package io.github.raglens.model;

import java.util.List;
import java.util.Objects;

/**
 * The ranked answer of a retriever to one query; the one result type of every retriever.
 *
 * @param retriever name of the retriever that produced it
 * @param query the query text
 * @param hits hits ordered by rank (1, 2, …), no chunk twice
 * @param latencyNanos wall time of the retrieval, excluding query embedding when measured apart
 */
public record RetrievalResult(String retriever, String query, List<RetrievedChunk> hits, long latencyNanos) {

    /** Validates the fields and copies the hits. */
    public RetrievalResult {
        Objects.requireNonNull(retriever, "retriever");
        Objects.requireNonNull(query, "query");
        hits = List.copyOf(hits);
        if (latencyNanos < 0) {
            throw new IllegalArgumentException("latencyNanos must be >= 0, was " + latencyNanos);
        }
    }

    /** The ids of the hits' chunks, in rank order. */
    public List<String> chunkIds() {
        return hits.stream().map(h -> h.chunk().id()).toList();
    }
}
