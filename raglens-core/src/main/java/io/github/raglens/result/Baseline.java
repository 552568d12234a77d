package io.github.raglens.result;

import io.github.raglens.internal.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Every system's per-question score on every metric of one run: what a regression gate compares, and
 * the file a team commits as its baseline.
 *
 * <p>The file is JSON with every map sorted by key, so that a re-recorded baseline diffs line by line
 * against the committed one. Instances are immutable and thread-safe.
 *
 * @param format the file format, {@value #FORMAT}
 * @param source what the scores come from: {@code benchmark} (retrieval metrics of {@code
 *     benchmark.json}) or {@code evaluation} (judge scores, written by every evaluation as {@code
 *     evaluation-baseline.json})
 * @param relevance the benchmark's relevance mode, empty for judge scores
 * @param questions question text by question id
 * @param scores system → metric → question id → score
 * @param returned system → question id → a one-line account of what the system returned, shown when
 *     that question got worse
 * @param versions metric → the version its scores were made with (judge metrics' prompt, mode and
 *     arithmetic); empty for benchmark scores, and in files written before raglens recorded it
 * @param judgeModel the judge model of the judge metrics' scores; empty for benchmark scores
 * @param unscored system → metric → question id → why the cell could not be scored (judge scores
 *     only): the gate compares how many cells each run scored, so a run that loses cells cannot
 *     pass on the ones left
 */
public record Baseline(
        String format,
        String source,
        String relevance,
        Map<String, String> questions,
        Map<String, Map<String, Map<String, Double>>> scores,
        Map<String, Map<String, String>> returned,
        Map<String, String> versions,
        String judgeModel,
        Map<String, Map<String, Map<String, String>>> unscored) {

    /** The file format written and read by this version. */
    public static final String FORMAT = "raglens-baseline/1";

    /** Validates the fields and copies every map into key order. */
    public Baseline {
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(relevance, "relevance");
        questions = sorted(questions);
        SortedMap<String, Map<String, Map<String, Double>>> byScores = new TreeMap<>();
        scores.forEach((system, metrics) -> {
            SortedMap<String, Map<String, Double>> byMetric = new TreeMap<>();
            metrics.forEach((metric, values) -> byMetric.put(metric, sorted(values)));
            byScores.put(system, Collections.unmodifiableSortedMap(byMetric));
        });
        scores = Collections.unmodifiableSortedMap(byScores);
        SortedMap<String, Map<String, String>> byReturned = new TreeMap<>();
        returned.forEach((system, lines) -> byReturned.put(system, sorted(lines)));
        returned = Collections.unmodifiableSortedMap(byReturned);
        versions = sorted(versions == null ? Map.of() : versions);
        judgeModel = Objects.requireNonNullElse(judgeModel, "");
        SortedMap<String, Map<String, Map<String, String>>> byUnscored = new TreeMap<>();
        if (unscored != null) {
            unscored.forEach((system, metrics) -> {
                SortedMap<String, Map<String, String>> byMetric = new TreeMap<>();
                metrics.forEach((metric, reasons) -> byMetric.put(metric, sorted(reasons)));
                byUnscored.put(system, Collections.unmodifiableSortedMap(byMetric));
            });
        }
        unscored = Collections.unmodifiableSortedMap(byUnscored);
    }

    /** A benchmark's baseline: retrieval metrics need no version, judge or coverage. */
    public static Baseline ofBenchmark(
            String relevance,
            Map<String, String> questions,
            Map<String, Map<String, Map<String, Double>>> scores,
            Map<String, Map<String, String>> returned) {
        return new Baseline(FORMAT, "benchmark", relevance, questions, scores, returned, Map.of(), "", Map.of());
    }

    /**
     * Why each question of a system's metric could not be scored; empty when every attempted cell
     * was (always so for benchmark scores).
     */
    public Map<String, String> unscored(String system, String metric) {
        return unscored.getOrDefault(system, Map.of()).getOrDefault(metric, Map.of());
    }

    /**
     * Writes the baseline as pretty-printed JSON, keys in order.
     *
     * @throws UncheckedIOException if the file cannot be written
     */
    public void write(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, Json.prettyWriter().writeValueAsString(this) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The systems (retrievers) scored, in name order. */
    public Set<String> systems() {
        return scores.keySet();
    }

    /**
     * The metrics scored for a system, in name order.
     *
     * @throws IllegalArgumentException if the system is not in this baseline
     */
    public Set<String> metrics(String system) {
        return system(system).keySet();
    }

    /**
     * One system's score per question on one metric.
     *
     * @throws IllegalArgumentException if the system or metric is not in this baseline
     */
    public Map<String, Double> values(String system, String metric) {
        Map<String, Double> values = system(system).get(metric);
        if (values == null) {
            throw new IllegalArgumentException(
                    "no metric '" + metric + "' for '" + system + "'; it has " + String.join(", ", metrics(system)));
        }
        return values;
    }

    /**
     * One system's score per question on one metric, empty when the baseline has no such system or
     * metric: for a reader asking whether a cell was scored, where {@link #values} refuses an unknown
     * name.
     */
    public Map<String, Double> scores(String system, String metric) {
        return scores.getOrDefault(system, Map.of()).getOrDefault(metric, Map.of());
    }

    /** What the system returned for a question, empty when not recorded. */
    public String returned(String system, String questionId) {
        return returned.getOrDefault(system, Map.of()).getOrDefault(questionId, "");
    }

    private Map<String, Map<String, Double>> system(String system) {
        Map<String, Map<String, Double>> metrics = scores.get(system);
        if (metrics == null) {
            throw new IllegalArgumentException(
                    "no system '" + system + "' in this baseline; it has " + String.join(", ", systems()));
        }
        return metrics;
    }

    private static <V> SortedMap<String, V> sorted(Map<String, V> map) {
        return Collections.unmodifiableSortedMap(new TreeMap<>(map));
    }
}
