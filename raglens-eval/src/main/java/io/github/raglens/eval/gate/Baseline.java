package io.github.raglens.eval.gate;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.eval.RetrievalMetrics;
import io.github.raglens.eval.judge.ScoreRecord;
import io.github.raglens.internal.Json;
import io.github.raglens.result.BenchmarkReport;
import io.github.raglens.result.QuestionResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
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
 */
public record Baseline(
        String format,
        String source,
        String relevance,
        Map<String, String> questions,
        Map<String, Map<String, Map<String, Double>>> scores,
        Map<String, Map<String, String>> returned) {

    /** The file format written and read by this version. */
    public static final String FORMAT = "raglens-baseline/1";

    /** How many ids of a ranking {@link #returned} names. */
    private static final int SHOWN_HITS = 3;

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
    }

    /**
     * The per-question retrieval metrics of a benchmark: {@code hit@K}, {@code mrr@K} and {@code
     * ndcg@K} at each of its cutoffs, and {@code map}, computed from each question's stored ranking
     * exactly as the benchmark computed its means.
     *
     * @param report a benchmark report, e.g. read from {@code benchmark.json}
     * @return the baseline of every retriever in it
     */
    public static Baseline fromBenchmark(BenchmarkReport report) {
        Map<String, String> questions = new TreeMap<>();
        Map<String, Map<String, Map<String, Double>>> scores = new TreeMap<>();
        Map<String, Map<String, String>> returned = new TreeMap<>();
        for (QuestionResult r : report.perQuestion()) {
            questions.put(r.queryId(), r.question());
            Map<String, Map<String, Double>> metrics = scores.computeIfAbsent(r.retriever(), x -> new TreeMap<>());
            Set<String> relevant = Set.of(r.target());
            for (int k : report.ks()) {
                put(metrics, "hit@" + k, r.queryId(), RetrievalMetrics.hitAt(r.ranking(), relevant, k));
                put(metrics, "mrr@" + k, r.queryId(), RetrievalMetrics.reciprocalRankAt(r.ranking(), relevant, k));
                put(metrics, "ndcg@" + k, r.queryId(), RetrievalMetrics.ndcgAt(r.ranking(), relevant, k));
            }
            put(metrics, "map", r.queryId(), RetrievalMetrics.averagePrecision(r.ranking(), relevant));
            returned.computeIfAbsent(r.retriever(), x -> new TreeMap<>()).put(r.queryId(), describe(r));
        }
        return new Baseline(FORMAT, "benchmark", report.relevance(), questions, scores, returned);
    }

    /**
     * The per-question scores of an evaluation: the first judgement of each cell that the given judge
     * model scored, and the scores of the metrics that need no judge (failed cells are left out, so
     * the gate compares the questions both runs scored).
     *
     * @param records score records, e.g. those of {@code scores.jsonl} that the current answers made
     * @param judgeModel the judge model whose scores count
     * @param questionTexts the question text by question id, shown for the questions that got worst
     * @return the baseline of every retriever (system) scored
     */
    public static Baseline fromScores(List<ScoreRecord> records, String judgeModel, Map<String, String> questionTexts) {
        Map<String, Map<String, Map<String, Double>>> scores = new TreeMap<>();
        Map<String, String> questions = new TreeMap<>();
        for (ScoreRecord r : records) {
            boolean ofThisJudge =
                    r.judgeModel().equals(judgeModel) || r.judgeModel().equals(ScoreRecord.NO_JUDGE);
            if (r.isScored() && r.repeat() == 0 && ofThisJudge) {
                questions.put(r.questionId(), questionTexts.getOrDefault(r.questionId(), ""));
                put(scores.computeIfAbsent(r.retriever(), x -> new TreeMap<>()), r.metric(), r.questionId(), r.score());
            }
        }
        return new Baseline(FORMAT, "evaluation", "", questions, scores, Map.of());
    }

    /**
     * Reads a baseline file, or a {@code benchmark.json} (whose baseline is taken on the fly).
     *
     * @param file the file
     * @return the baseline
     * @throws IllegalArgumentException if the file is missing or is neither of the two, with the fix
     * @throws UncheckedIOException if the file cannot be read
     */
    public static Baseline read(Path file) {
        JsonNode tree;
        try {
            tree = Json.mapper().readTree(file.toFile());
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(missing(file), e);
        } catch (IOException e) {
            if (!Files.exists(file)) {
                throw new IllegalArgumentException(missing(file), e);
            }
            throw new IllegalArgumentException("cannot read " + file + " as JSON: " + e.getMessage(), e);
        }
        try {
            if (tree != null && tree.path("format").asText("").startsWith("raglens-baseline/")) {
                String format = tree.path("format").asText();
                if (!format.equals(FORMAT)) {
                    throw new IllegalArgumentException(file + " is a baseline of format '" + format
                            + "', this raglens reads '" + FORMAT + "'; record it again with this version");
                }
                return Json.mapper().treeToValue(tree, Baseline.class);
            }
            if (tree != null && tree.has("perQuestion") && tree.has("ks")) {
                return fromBenchmark(Json.mapper().treeToValue(tree, BenchmarkReport.class));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (tree != null && tree.has("metrics")) {
            throw new IllegalArgumentException(file + " holds an evaluation's means only; compare the per-question"
                    + " scores every evaluation writes beside it, evaluation-baseline.json");
        }
        throw new IllegalArgumentException(file
                + " is neither a raglens baseline nor a benchmark.json; write a baseline from a benchmark"
                + " with Baseline.fromBenchmark(report).write(file)");
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
            Files.writeString(
                    file, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(this) + "\n");
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

    private static String describe(QuestionResult r) {
        String found = r.firstRelevantRank() > 0
                ? "relevant at rank " + r.firstRelevantRank()
                : "no relevant hit in " + r.ranking().size();
        List<String> top =
                r.ranking().subList(0, Math.min(SHOWN_HITS, r.ranking().size()));
        return found + (top.isEmpty() ? "" : "; top: " + String.join(", ", top));
    }

    private static void put(Map<String, Map<String, Double>> metrics, String metric, String id, double value) {
        metrics.computeIfAbsent(metric, x -> new TreeMap<>()).put(id, value);
    }

    private static <V> SortedMap<String, V> sorted(Map<String, V> map) {
        return Collections.unmodifiableSortedMap(new TreeMap<>(map));
    }

    private static String missing(Path file) {
        return "no baseline at " + file + "; record one from a benchmark with Baseline.fromBenchmark(report)"
                + ".write(file) and commit it";
    }
}
