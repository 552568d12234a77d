package io.github.raglens;

import io.github.raglens.result.BeirScore;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@link RagLens#beir} found.
 *
 * @param dataset the dataset's folder name
 * @param documents documents in the corpus
 * @param queries judged queries of the split
 * @param reused documents whose vectors an earlier run had indexed and this one reused
 * @param index the folder of the kept index, empty for a BM25-only run (held in memory)
 * @param scores one per retriever, in the order they were configured
 */
public record BeirResult(
        String dataset, int documents, int queries, int reused, Optional<Path> index, List<BeirScore> scores) {

    /** Copies the scores. */
    public BeirResult {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(index, "index");
        scores = List.copyOf(scores);
    }
}
