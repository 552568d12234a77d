package io.github.raglens.workspace;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The folder holding everything a run makes, and the names of its files (see CLI.md).
 *
 * @param dir the workspace folder, {@code .raglens} by default
 */
public record Workspace(Path dir) {

    /** Validates the folder. */
    public Workspace {
        Objects.requireNonNull(dir, "dir");
    }

    /** One chunk per line. */
    public Path chunks() {
        return dir.resolve("chunks.jsonl");
    }

    /** Per-file outcome of the last ingest. */
    public Path ingestReport() {
        return dir.resolve("ingest-report.json");
    }

    /** The Lucene index. */
    public Path index() {
        return dir.resolve("index");
    }

    /** Parsed documents keyed by file hash and parser version. */
    public Path parseCache() {
        return dir.resolve("parse-cache");
    }

    /** Generated ground-truth questions. */
    public Path questions() {
        return dir.resolve("questions.jsonl");
    }

    /** Generated answers. */
    public Path answers() {
        return dir.resolve("answers.jsonl");
    }

    /** The judge's call cache: every completed judge call, so a rerun never sends it again. */
    public Path judgeCalls() {
        return dir.resolve("judge-calls.jsonl");
    }

    /**
     * The Batch API folder of {@code evaluate} with batch on: the checkpoint of every batch sent
     * ({@code batches.jsonl}), so a rerun waits for a pending batch instead of sending it again, and
     * each batch's input, output and error files.
     */
    public Path batch() {
        return dir.resolve("batch");
    }

    /**
     * The nuggets of every question the {@code nuggets} metrics judged: one line per question (a
     * person's edit adds a line for it; the latest wins).
     */
    public Path nuggets() {
        return dir.resolve("nuggets.jsonl");
    }

    /** The judge's label of each nugget for each answer, keyed by the nugget's text. */
    public Path nuggetAssignments() {
        return dir.resolve("nugget-assignments.jsonl");
    }

    /** Judge scores. */
    public Path scores() {
        return dir.resolve("scores.jsonl");
    }

    /** Aggregated judge scores per metric and retriever. */
    public Path evaluation() {
        return dir.resolve("evaluation.json");
    }

    /** Agreement of the judge and the second judge in the last evaluation; absent without a second judge. */
    public Path judgeAgreement() {
        return dir.resolve("judge-agreement.json");
    }

    /** The judge's per-question scores of the last evaluation, as a baseline file a gate compares. */
    public Path evaluationBaseline() {
        return dir.resolve("evaluation-baseline.json");
    }

    /**
     * Human labels of judged cells, for calibrating the judge: the cells raglens drew, waiting for a
     * label, and the labels given ({@link io.github.raglens.store.HumanLabelsFile}).
     */
    public Path humanLabels() {
        return dir.resolve("human-labels.jsonl");
    }

    /** Aggregated benchmark figures. */
    public Path benchmarkJson() {
        return dir.resolve("benchmark.json");
    }

    /** TREC run files, one per retriever. */
    public Path runs() {
        return dir.resolve("runs");
    }

    /**
     * The last graded pool of judged relevance, beside the graded qrels in {@link #runs()}: each
     * pooled passage with its question, text and grade, the passages people's grades are drawn from.
     */
    public Path judgedPassages() {
        return runs().resolve(io.github.raglens.eval.pool.JudgedPassages.FILE);
    }

    /** The self-contained HTML report. */
    public Path reportHtml() {
        return dir.resolve("report.html");
    }

    /** The Markdown report. */
    public Path reportMarkdown() {
        return dir.resolve("report.md");
    }

    /** Tokens and cost per stage and model, summed over runs. */
    public Path usage() {
        return dir.resolve("usage.json");
    }

    /** The stage manifest. */
    public Path manifest() {
        return dir.resolve("manifest.json");
    }

    /** The run index: one line per benchmark and evaluate run (see {@code RunHistory}). */
    public Path runIndex() {
        return dir.resolve("run-index.jsonl");
    }

    /** Each run's own copies of its per-question results, one folder per run id. */
    public Path runHistory() {
        return dir.resolve("run-history");
    }
}
