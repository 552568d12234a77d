package io.github.raglens.result;

import io.github.raglens.internal.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Everything a benchmark run measured; written as {@code benchmark.json}.
 *
 * @param relevance the relevance mode
 * @param ks the cutoffs
 * @param questions questions benchmarked
 * @param excludedQuestions questions left out because their source chunk no longer exists
 * @param corpusChunks chunks in the corpus
 * @param bootstrapResamples resamples behind each interval
 * @param permutations sign flips behind each p-value
 * @param seed the seed of the intervals and tests
 * @param meanLexicalOverlap mean share of question terms present in the source text
 * @param warnings problems that did not stop the run
 * @param retrievers per retriever: metrics with intervals and latency
 * @param comparisons paired tests between every two retrievers on the headline metrics
 * @param breakdowns headline metrics by chunk type, by document and by lexical overlap
 * @param perQuestion every retriever's result for every question
 * @param phaseMillis wall time of each phase: {@code retrieval} (the retrievers' calls, warm-up included), {@code metrics}
 *     (relevance judging, every metric at every K, lexical overlap), {@code intervals}, {@code tests},
 *     {@code breakdowns}
 * @param latencyTiming how the latencies were taken (warm-up, queries at once)
 */
public record BenchmarkReport(
        String relevance,
        List<Integer> ks,
        int questions,
        int excludedQuestions,
        int corpusChunks,
        int bootstrapResamples,
        int permutations,
        long seed,
        double meanLexicalOverlap,
        List<String> warnings,
        List<RetrieverSummary> retrievers,
        List<PairwiseComparison> comparisons,
        List<Breakdown> breakdowns,
        List<QuestionResult> perQuestion,
        Map<String, Double> phaseMillis,
        LatencyTiming latencyTiming) {

    /**
     * Copies the lists.
     *
     * @throws NullPointerException if {@code latencyTiming} is null (a report from before it was
     *     recorded: run the benchmark again)
     */
    public BenchmarkReport {
        java.util.Objects.requireNonNull(latencyTiming, "latencyTiming");
        ks = List.copyOf(ks);
        warnings = List.copyOf(warnings);
        retrievers = List.copyOf(retrievers);
        comparisons = List.copyOf(comparisons);
        breakdowns = List.copyOf(breakdowns);
        perQuestion = List.copyOf(perQuestion);
        phaseMillis = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(phaseMillis));
    }

    /** The summary of the named retriever. */
    public RetrieverSummary retriever(String name) {
        return retrievers.stream()
                .filter(r -> r.retriever().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no retriever '" + name + "' in this report"));
    }

    /**
     * Writes the report as pretty-printed JSON.
     *
     * @throws UncheckedIOException if the file cannot be written
     */
    public void writeJson(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Json.prettyWriter().writeValue(file.toFile(), this);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
