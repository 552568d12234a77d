package io.github.raglens.result;

/**
 * What the index stage did. The {@code PARENT_SECTION} chunk of a section that has fragments is indexed
 * for BM25 without a vector: dense search reaches it through its fragments.
 *
 * @param chunks chunks in the index
 * @param embeddingModel the model of its vectors, {@code none} for a BM25-only index
 * @param dimension the dimension of its vectors, 0 for a BM25-only index
 * @param rebuilt false when the index was already current for the chunks and the model
 * @param reused chunks already in the index that this run did not embed again: all of them when it
 *     was current, those an earlier stopped run had committed when it resumed, else 0
 * @param truncatedChunks chunks longer than the model's input, whose tail is not in their vector; 0 when
 *     the index was current or the provider does not count them (only the local ONNX models do, and only
 *     when told to truncate)
 * @param windowedChunks chunks longer than the model's input embedded whole, as the mean of windows
 *     that fit it; 0 when the index was current or the provider does not count them
 * @param milliseconds time spent
 */
public record IndexResult(
        int chunks,
        String embeddingModel,
        int dimension,
        boolean rebuilt,
        int reused,
        long truncatedChunks,
        long windowedChunks,
        long milliseconds) {}
