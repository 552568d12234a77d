package io.github.raglens.result;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One retriever's scores on a BEIR-format benchmark, each the mean over the judged queries as
 * trec_eval computes it.
 *
 * @param retriever the retriever's name
 * @param queries the queries evaluated
 * @param ndcgAt10 mean nDCG@10 with graded gains
 * @param recallAt100 mean Recall@100
 * @param mrrAt10 mean reciprocal rank of the first relevant document within the top 10
 * @param p50Millis median latency of one retrieval, in milliseconds
 * @param runFile the TREC run file written
 */
public record BeirScore(
        String retriever,
        int queries,
        double ndcgAt10,
        double recallAt100,
        double mrrAt10,
        double p50Millis,
        Path runFile) {

    /** Checks the fields: names non-null, counts and latency not negative. */
    public BeirScore {
        Objects.requireNonNull(retriever, "retriever");
        Objects.requireNonNull(runFile, "runFile");
        if (queries < 0 || p50Millis < 0) {
            throw new IllegalArgumentException(
                    "queries and p50Millis must be >= 0, were " + queries + ", " + p50Millis);
        }
    }
}
