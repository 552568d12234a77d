package io.github.raglens.eval.baseline;

import static io.github.raglens.result.Baseline.FORMAT;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.eval.RetrievalMetrics;
import io.github.raglens.eval.scoring.ScoreRecord;
import io.github.raglens.internal.Json;
import io.github.raglens.result.Baseline;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.BenchmarkResult.QuestionResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Records baselines from a benchmark report or score records, and reads baseline files. */
public final class BaselineRecorder {

    /** How many hits of a ranking {@link Baseline#returned} names, with the start of their text. */
    private static final int SHOWN_HITS = QuestionResult.TEXTS_OF_OWN_HITS;

    /** Most characters of a hit's text {@link Baseline#returned} quotes. */
    private static final int SHOWN_CHARS = 80;

    private BaselineRecorder() {}

    /**
     * The per-question retrieval metrics of a benchmark: {@code hit@K}, {@code mrr@K} and {@code
     * ndcg@K} at each of its cutoffs, and {@code map}, computed from each question's stored ranking
     * exactly as the benchmark computed its means.
     *
     * @param report a benchmark report, e.g. read from {@code benchmark.json}
     * @return the baseline of every retriever in it
     */
    public static Baseline fromBenchmark(BenchmarkResult report) {
        Map<String, String> questions = new TreeMap<>();
        Map<String, Map<String, Map<String, Double>>> scores = new TreeMap<>();
        Map<String, Map<String, String>> returned = new TreeMap<>();
        for (QuestionResult r : report.perQuestion()) {
            questions.put(r.queryId(), r.question());
            Map<String, Map<String, Double>> metrics = scores.computeIfAbsent(r.retriever(), x -> new TreeMap<>());
            Set<String> relevant = Set.copyOf(r.targets());
            for (int k : report.ks()) {
                put(metrics, "hit@" + k, r.queryId(), RetrievalMetrics.hitAt(r.ranking(), relevant, k));
                put(metrics, "mrr@" + k, r.queryId(), RetrievalMetrics.reciprocalRankAt(r.ranking(), relevant, k));
                put(metrics, "ndcg@" + k, r.queryId(), RetrievalMetrics.ndcgAt(r.ranking(), relevant, k));
            }
            put(metrics, "map", r.queryId(), RetrievalMetrics.averagePrecision(r.ranking(), relevant));
            returned.computeIfAbsent(r.retriever(), x -> new TreeMap<>()).put(r.queryId(), describe(r));
        }
        return Baseline.ofBenchmark(report.relevance(), questions, scores, returned);
    }

    /**
     * The per-question scores of an evaluation, from the same records its aggregation counts: the
     * first judgement of each cell at each metric's current version, by the given judge model for
     * judge metrics. Cells that failed are kept apart with their reason, so the gate can compare
     * how many cells each run scored.
     *
     * @param records score records, e.g. those of {@code scores.jsonl} that the current answers made
     * @param versions metric → its current version, for every metric to record
     * @param judgeModel the judge model whose scores count for judge metrics
     * @param questionTexts the question text by question id, shown for the questions that got worst
     * @return the baseline of every retriever (system) scored, with the versions and judge recorded
     */
    public static Baseline fromScores(
            List<ScoreRecord> records,
            Map<String, String> versions,
            String judgeModel,
            Map<String, String> questionTexts) {
        Map<String, Map<String, Map<String, Double>>> scores = new TreeMap<>();
        Map<String, Map<String, Map<String, String>>> unscored = new TreeMap<>();
        Map<String, String> questions = new TreeMap<>();
        for (ScoreRecord r : records) {
            boolean ofThisJudge =
                    r.judgeModel().equals(judgeModel) || r.judgeModel().equals(ScoreRecord.NO_JUDGE);
            if (r.repeat() != 0 || !ofThisJudge || !r.promptVersion().equals(versions.get(r.metric()))) {
                continue;
            }
            questions.put(r.questionId(), questionTexts.getOrDefault(r.questionId(), ""));
            if (r.isScored()) {
                put(scores.computeIfAbsent(r.retriever(), x -> new TreeMap<>()), r.metric(), r.questionId(), r.score());
            } else {
                unscored.computeIfAbsent(r.retriever(), x -> new TreeMap<>())
                        .computeIfAbsent(r.metric(), x -> new TreeMap<>())
                        .put(r.questionId(), r.reason());
            }
        }
        return new Baseline(FORMAT, "evaluation", "", questions, scores, Map.of(), versions, judgeModel, unscored);
    }

    /**
     * Reads a baseline file, or a {@code benchmark.json} (whose baseline is taken on the fly).
     *
     * @param file the file
     * @return the baseline
     * @throws IllegalArgumentException if the file is missing, is neither of the two or is a malformed
     *     one, with the fix
     */
    public static Baseline read(Path file) {
        JsonNode tree;
        try {
            tree = Json.readTree(file);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(missing(file), e);
        } catch (IOException e) {
            if (!Files.exists(file)) {
                throw new IllegalArgumentException(missing(file), e);
            }
            throw new IllegalArgumentException("cannot read " + file + " as JSON: " + Json.problem(e), e);
        }
        try {
            if (tree != null && tree.path("format").asText("").startsWith("raglens-baseline/")) {
                String format = tree.path("format").asText();
                if (!format.equals(FORMAT)) {
                    throw new IllegalArgumentException(file + " is a baseline of format '" + format
                            + "', this raglens reads '" + FORMAT + "'; record it again with this version");
                }
                return Json.fromTree(tree, Baseline.class);
            }
            if (tree != null && tree.has("perQuestion") && tree.has("ks")) {
                return fromBenchmark(Json.fromTree(tree, BenchmarkResult.class));
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    file + " is not a valid baseline (" + Json.problem(e) + "); record it again", e);
        }
        if (tree != null && tree.has("metrics")) {
            throw new IllegalArgumentException(file + " holds an evaluation's means only; compare the per-question"
                    + " scores every evaluation writes beside it, evaluation-baseline.json");
        }
        throw new IllegalArgumentException(file
                + " is neither a raglens baseline nor a benchmark.json; write a baseline from a benchmark"
                + " with RagLens.baseline().write(file)");
    }

    private static String describe(QuestionResult r) {
        String found = r.firstRelevantRank() > 0
                ? "relevant at rank " + r.firstRelevantRank()
                : "no relevant hit in " + r.ranking().size();
        List<String> top = new ArrayList<>();
        for (int i = 0; i < Math.min(SHOWN_HITS, r.ranking().size()); i++) {
            String text = r.text(i);
            String shown = text.codePointCount(0, text.length()) <= SHOWN_CHARS
                    ? text
                    : text.substring(0, text.offsetByCodePoints(0, SHOWN_CHARS - 1)) + "…";
            top.add(text.isEmpty() ? r.ranking().get(i) : r.ranking().get(i) + " \"" + shown + "\"");
        }
        return found + (top.isEmpty() ? "" : "; top: " + String.join(", ", top));
    }

    private static void put(Map<String, Map<String, Double>> metrics, String metric, String id, double value) {
        metrics.computeIfAbsent(metric, x -> new TreeMap<>()).put(id, value);
    }

    private static String missing(Path file) {
        return "no baseline at " + file + "; record one from a benchmark with RagLens.baseline().write(file) and"
                + " commit it";
    }
}
