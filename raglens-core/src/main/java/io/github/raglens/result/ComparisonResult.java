package io.github.raglens.result;

import io.github.raglens.result.Aggregation.PairedTestResult;
import java.util.List;
import java.util.Objects;

/**
 * Two pipeline variants benchmarked on the same questions with evidence relevance, which does not
 * depend on how either variant chunked the corpus, and the paired difference per retriever.
 *
 * <p>The pairs are the questions at least one variant judged. A question one variant left out (its
 * chunks do not hold the quote whole: that variant's chunking cut the passage, or hold it in too
 * many chunks) counts as a miss there, so a chunker does not gain by losing passages; a question
 * both left out (no quote, or one the documents do not hold) is not compared.
 *
 * @param a the first variant's benchmark
 * @param b the second variant's benchmark
 * @param differences per retriever both variants ran: Hit@K of a minus b with its paired test
 */
public record ComparisonResult(BenchmarkResult a, BenchmarkResult b, List<Difference> differences) {

    /** Copies the differences. */
    public ComparisonResult {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        differences = List.copyOf(differences);
    }

    /**
     * The paired difference of one retriever between the variants.
     *
     * @param retriever the retriever
     * @param metric the metric compared, {@code hit@K}
     * @param meanA the metric's mean in variant a, over the compared questions
     * @param meanB the metric's mean in variant b, over the same questions
     * @param test the paired randomization test of a minus b over the questions
     */
    public record Difference(String retriever, String metric, double meanA, double meanB, PairedTestResult test) {}
}
