package io.github.raglens.result;

import java.util.List;
import java.util.Objects;

/**
 * What {@code RagLens.beir} found.
 *
 * @param dataset the dataset's folder name
 * @param documents documents in the corpus
 * @param queries judged queries of the split
 * @param reused documents whose vectors an earlier run had indexed and this one reused
 * @param index where the index is, for messages: the folder of a kept Lucene index, the in-memory
 *     index of a BM25-only run, or the backend's description (a SolrCloud collection)
 * @param scores one per retriever, in the order they were configured
 */
public record BeirResult(String dataset, int documents, int queries, int reused, String index, List<BeirScore> scores) {

    /** Copies the scores. */
    public BeirResult {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(index, "index");
        scores = List.copyOf(scores);
    }
}
