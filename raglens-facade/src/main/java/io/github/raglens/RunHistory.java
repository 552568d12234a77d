package io.github.raglens;

import io.github.raglens.eval.baseline.BaselineRecorder;
import io.github.raglens.facade.internal.RunRecorder;
import io.github.raglens.internal.Json;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.result.Baseline;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The runs of a workspace as its run index holds them ({@code run-index.jsonl}, one {@link RunRecord}
 * a line), read without locking it: a run may be appending while this is read. A corrupt line is
 * skipped, never stops the lines after it, and is named in {@link #problems()}. A workspace whose
 * results predate the run index shows them as one run of kind {@link RunRecord#EXISTING}.
 *
 * <p>Immutable and thread-safe once read.
 */
public final class RunHistory {

    private final Workspace workspace;
    private final List<RunRecord> runs;
    private final List<String> problems;

    private RunHistory(Workspace workspace, List<RunRecord> runs, List<String> problems) {
        this.workspace = workspace;
        this.runs = List.copyOf(runs);
        this.problems = List.copyOf(problems);
    }

    /**
     * Reads a workspace's run index.
     *
     * @throws io.github.raglens.error.StoreException if the index exists but cannot be read
     */
    public static RunHistory read(Workspace workspace) {
        Objects.requireNonNull(workspace, "workspace");
        JsonlStore.Snapshot<RunRecord> snapshot = JsonlStore.read(workspace.runIndex(), RunRecord.class, RunRecord::id);
        List<String> problems = snapshot.report().corruptLines().stream()
                .map(line ->
                        workspace.runIndex().getFileName() + " line " + line + " is not a run record and was skipped")
                .toList();
        List<RunRecord> runs = snapshot.records();
        if (runs.isEmpty() && !Files.exists(workspace.runIndex())) {
            Map<String, Path> existing = RunRecorder.existingFiles(workspace);
            if (!existing.isEmpty()) {
                Map<String, String> files = new TreeMap<>();
                existing.forEach(
                        (role, file) -> files.put(role, file.getFileName().toString()));
                Instant when = RunRecorder.lastModified(existing.values());
                runs = List.of(RunRecorder.describe(workspace, "1", RunRecord.EXISTING, when, when, files));
            }
        }
        return new RunHistory(workspace, runs, problems);
    }

    /** The runs in the order they finished; empty when nothing ran. */
    public List<RunRecord> runs() {
        return runs;
    }

    /** Lines of the index that were skipped, each named with its number; empty when none was. */
    public List<String> problems() {
        return problems;
    }

    /** The run with this id. */
    public Optional<RunRecord> run(String id) {
        return runs.stream().filter(r -> r.id().equals(id)).findFirst();
    }

    /**
     * A run's per-question scores, as the regression gate compares them.
     *
     * @param run a run of this history
     * @param source {@link RunRecord.Estimate#RETRIEVAL} or {@link RunRecord.Estimate#JUDGE}
     * @return empty when the run has no results of that source
     * @throws IllegalArgumentException if the run's file is missing or is not a baseline
     */
    public Optional<Baseline> baseline(RunRecord run, String source) {
        Objects.requireNonNull(run, "run");
        Map<String, String> files = run.files();
        String role = switch (source) {
            case RunRecord.Estimate.RETRIEVAL ->
                files.containsKey(RunRecord.BENCHMARK_BASELINE_FILE)
                        ? RunRecord.BENCHMARK_BASELINE_FILE
                        : RunRecord.BENCHMARK_FILE;
            case RunRecord.Estimate.JUDGE -> RunRecord.EVALUATION_BASELINE_FILE;
            default ->
                throw new IllegalArgumentException("source must be " + RunRecord.Estimate.RETRIEVAL + " or "
                        + RunRecord.Estimate.JUDGE + ", was '" + source + "'");
        };
        return Optional.ofNullable(files.get(role))
                .map(f -> BaselineRecorder.read(workspace.dir().resolve(f)));
    }

    /**
     * A run's {@code benchmark.json}: every retriever's ranking of every question.
     *
     * @return empty when the run ran no benchmark
     * @throws UncheckedIOException if the file cannot be read
     */
    public Optional<BenchmarkResult> benchmark(RunRecord run) {
        Objects.requireNonNull(run, "run");
        return Optional.ofNullable(run.files().get(RunRecord.BENCHMARK_FILE)).map(f -> {
            Path file = workspace.dir().resolve(f);
            try {
                return Json.reader().forType(BenchmarkResult.class).readValue(file.toFile());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
            }
        });
    }
}
