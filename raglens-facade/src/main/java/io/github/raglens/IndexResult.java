package io.github.raglens;

/**
 * What the index stage did.
 *
 * @param chunks chunks in the index
 * @param embeddingModel the model of its vectors, {@code none} for a BM25-only index
 * @param dimension the dimension of its vectors, 0 for a BM25-only index
 * @param rebuilt false when the index was already current for the chunks and the model
 * @param reused chunks already in the index that this run did not embed again: all of them when it
 *     was current, those an earlier stopped run had committed when it resumed, else 0
 * @param milliseconds time spent
 */
public record IndexResult(
        int chunks, String embeddingModel, int dimension, boolean rebuilt, int reused, long milliseconds) {}
