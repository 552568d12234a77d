package io.github.raglens;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One line of the workspace's run index ({@code run-index.jsonl}): a {@code benchmark} or {@code
 * evaluate} run, when it ran, its options, content hashes of what it used and its results. Two runs
 * whose {@link #inputs()} differ say exactly which of the corpus, chunker, index, question set,
 * retrievers or judge changed; these hashes are the data set's versions.
 *
 * @param id the run's id in its workspace ({@code 1}, {@code 2} …, in the order the runs finished)
 * @param kind {@value #BENCHMARK}, {@value #EVALUATE}, or {@value #EXISTING} for the results a
 *     workspace held before it had a run index
 * @param startedAt when the run started (ISO-8601 instant)
 * @param finishedAt when it finished
 * @param options the options of the run, as its stage recorded them ({@code benchmark.relevance},
 *     {@code evaluate.judge-model} …)
 * @param inputs content hashes (16 hex digits of SHA-256) of what the run used: {@code corpus} (the
 *     documents' files), {@code chunker}, {@code chunks}, {@code index} (embedding model and settings),
 *     {@code questions}, {@code retrievers}, {@code systems}, {@code judge} (judge model and metric
 *     versions); a run records those it used
 * @param versions what makes two runs' figures incomparable, beyond the question set: {@code
 *     relevance} (the benchmark's relevance mode), each judge metric's version and {@code judge-model}
 * @param estimates every system's mean and 95% interval on every metric
 * @param files the run's own copies of its per-question results, by role ({@value #BENCHMARK_FILE},
 *     {@value #BENCHMARK_BASELINE_FILE}, {@value #EVALUATION_FILE}, {@value
 *     #EVALUATION_BASELINE_FILE}), relative to the workspace
 */
public record RunRecord(
        String id,
        String kind,
        String startedAt,
        String finishedAt,
        Map<String, String> options,
        Map<String, String> inputs,
        Map<String, String> versions,
        List<Estimate> estimates,
        Map<String, String> files) {

    /** The kind of a benchmark run. */
    public static final String BENCHMARK = "benchmark";
    /** The kind of an evaluate run. */
    public static final String EVALUATE = "evaluate";
    /** The kind of the results a workspace held before it had a run index. */
    public static final String EXISTING = "existing";

    /** The role of the run's copy of {@code benchmark.json}. */
    public static final String BENCHMARK_FILE = "benchmark";
    /** The role of the per-question retrieval metrics of the run, a baseline file. */
    public static final String BENCHMARK_BASELINE_FILE = "benchmark-baseline";
    /** The role of the run's copy of {@code evaluation.json}. */
    public static final String EVALUATION_FILE = "evaluation";
    /** The role of the run's copy of {@code evaluation-baseline.json}. */
    public static final String EVALUATION_BASELINE_FILE = "evaluation-baseline";

    /**
     * Validates the fields and copies the maps into key order.
     *
     * @throws IllegalArgumentException if the id is blank or the kind unknown
     */
    public RunRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(finishedAt, "finishedAt");
        if (id.isBlank()) {
            throw new IllegalArgumentException("id must not be blank");
        }
        if (!List.of(BENCHMARK, EVALUATE, EXISTING).contains(kind)) {
            throw new IllegalArgumentException(
                    "kind must be " + BENCHMARK + ", " + EVALUATE + " or " + EXISTING + ", was '" + kind + "'");
        }
        options = sorted(options);
        inputs = sorted(inputs);
        versions = sorted(versions);
        estimates = List.copyOf(estimates == null ? List.of() : estimates);
        files = sorted(files);
    }

    /** The estimates of one source ({@value Estimate#RETRIEVAL} or {@value Estimate#JUDGE}). */
    public List<Estimate> estimates(String source) {
        return estimates.stream().filter(e -> e.source().equals(source)).toList();
    }

    private static Map<String, String> sorted(Map<String, String> map) {
        return Collections.unmodifiableSortedMap(new TreeMap<>(map == null ? Map.of() : map));
    }

    /**
     * A system's mean and 95% interval on a metric in one run.
     *
     * @param source {@value #RETRIEVAL} (the benchmark's metrics) or {@value #JUDGE} (the evaluation's)
     * @param system the retriever or system
     * @param metric the metric, e.g. {@code hit@5} or {@code faithfulness}
     * @param mean the mean
     * @param lower the interval's lower bound
     * @param upper the interval's upper bound
     * @param n the questions behind the mean
     */
    public record Estimate(
            String source, String system, String metric, double mean, double lower, double upper, int n) {

        /** The source of a retrieval metric. */
        public static final String RETRIEVAL = "retrieval";
        /** The source of a judge metric. */
        public static final String JUDGE = "judge";

        /** Validates that no field is null. */
        public Estimate {
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(system, "system");
            Objects.requireNonNull(metric, "metric");
        }
    }
}
