package io.github.raglens.studio;

import io.github.raglens.JudgedCell;
import io.github.raglens.RagLens;
import io.github.raglens.RunHistory;
import io.github.raglens.RunRecord;
import io.github.raglens.error.RagLensException;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.HumanLabel;
import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.LabelRequest;
import io.github.raglens.model.PassageLabel;
import io.github.raglens.model.PassageLabelRequest;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.result.Baseline;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.Calibration;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.store.HumanLabelsFile;
import io.github.raglens.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The workspace as the pages read it, through the facade. Each read is kept until one of the files
 * behind it changes (size or modification time), so a page does not parse the same files on every
 * request while a run that appends is still seen at once. Thread-safe.
 */
final class WorkspaceView {

    private final RagLens lens;
    private final Workspace workspace;
    /** How many cells a draw takes at a time. */
    private static final int DRAW_BLOCK = 100;

    private final Map<String, Cached<?>> cache = new ConcurrentHashMap<>();

    WorkspaceView(Path dir) {
        this.lens = RagLens.builder().workspace(dir).build();
        this.workspace = lens.workspace();
    }

    Workspace workspace() {
        return workspace;
    }

    RunHistory runs() {
        return cached(
                "runs",
                List.of(
                        workspace.runIndex(),
                        workspace.benchmarkJson(),
                        workspace.evaluation(),
                        workspace.evaluationBaseline(),
                        workspace.manifest()),
                lens::runs);
    }

    /** Every question of the workspace by id, in file order. */
    Map<String, QuestionSample> questions() {
        return cached("questions", List.of(workspace.questions()), () -> {
            Map<String, QuestionSample> byId = new java.util.LinkedHashMap<>();
            for (QuestionSample q : lens.storedQuestions()) {
                byId.putIfAbsent(q.id(), q);
            }
            return byId;
        });
    }

    /** Every chunk by id. */
    Map<String, Chunk> chunks() {
        return cached("chunks", List.of(workspace.chunks()), () -> {
            Map<String, Chunk> byId = new HashMap<>();
            if (Files.exists(workspace.chunks())) {
                ChunksFile.read(workspace.chunks()).forEach(c -> byId.put(c.id(), c));
            }
            return byId;
        });
    }

    /** The evaluation's answered cells, in file order. */
    List<JudgedCell> judgedCells() {
        return cached("cells", List.of(workspace.answers(), workspace.scores()), lens::judgedCells);
    }

    /** The evaluation's answered cells, by question id. */
    Map<String, List<JudgedCell>> cellsByQuestion() {
        return cached("cells by question", List.of(workspace.answers(), workspace.scores()), () -> {
            Map<String, List<JudgedCell>> byQuestion = new HashMap<>();
            for (JudgedCell c : judgedCells()) {
                byQuestion
                        .computeIfAbsent(c.questionId(), k -> new ArrayList<>())
                        .add(c);
            }
            return byQuestion;
        });
    }

    /** The metrics a judge model scored in the evaluation, in the order first scored. */
    List<String> judgeMetrics() {
        return cached(
                "judge metrics",
                List.of(workspace.answers(), workspace.scores()),
                () -> judgedCells().stream()
                        .flatMap(c -> c.verdicts().stream())
                        .filter(v -> !v.judgeModel().equals("none"))
                        .map(JudgedCell.Verdict::metric)
                        .distinct()
                        .toList());
    }

    /**
     * The first {@code count} cells the facade draws for a metric, kept while the evaluation is
     * unchanged. Cells are drawn a block at a time (a smaller draw is the start of a larger one), so the
     * next label's page reuses the draw instead of redrawing, and a labeller's session keeps one draw
     * per block, not one per label.
     */
    List<LabelRequest> draw(String metric, int count, LabelDesign design) {
        int block = (count + DRAW_BLOCK - 1) / DRAW_BLOCK * DRAW_BLOCK;
        List<LabelRequest> drawn = cached(
                "draw " + metric + " " + design + " " + block,
                List.of(workspace.answers(), workspace.scores(), workspace.questions()),
                () -> lens.labels().drawLabels(metric, block, design));
        return drawn.subList(0, Math.min(count, drawn.size()));
    }

    /** Whether a pool was graded for judged relevance, so its passages can be drawn for people to grade. */
    boolean hasGradedPool() {
        return Files.exists(workspace.judgedPassages());
    }

    /** The first {@code count} pooled passages the facade draws, kept while the graded pool is unchanged. */
    List<PassageLabelRequest> drawPassages(int count) {
        int block = (count + DRAW_BLOCK - 1) / DRAW_BLOCK * DRAW_BLOCK;
        List<PassageLabelRequest> drawn = cached(
                "draw passages " + block,
                List.of(workspace.judgedPassages()),
                () -> lens.labels().drawPassageLabels(block));
        return drawn.subList(0, Math.min(count, drawn.size()));
    }

    /** Saves a grade of a pooled passage in the workspace's labels file. */
    void record(PassageLabel label) {
        lens.labels().recordPassageLabel(label);
    }

    /** The labels given so far, or why the file cannot be read. */
    Labels labels() {
        Path file = workspace.humanLabels();
        return cached("labels", List.of(file), () -> {
            if (!Files.exists(file)) {
                return new Labels(List.of(), List.of(), Optional.empty());
            }
            try {
                HumanLabelsFile.Contents contents = HumanLabelsFile.read(file);
                return new Labels(contents.humanLabels(), contents.passageLabels(), Optional.empty());
            } catch (RagLensException e) {
                return new Labels(List.of(), List.of(), Optional.of(e.getMessage()));
            }
        });
    }

    /** The judge calibrated against the labels given so far; empty without labels. */
    Optional<Calibration> calibration() {
        Path file = workspace.humanLabels();
        return cached(
                "calibration",
                List.of(file, workspace.answers(), workspace.scores(), workspace.questions()),
                () -> labels().labels().isEmpty()
                        ? Optional.empty()
                        : Optional.of(lens.labels().calibration(file)));
    }

    /** Saves a label in the workspace's labels file, crash-safely and beside other writers. */
    void record(HumanLabel label) {
        lens.labels().recordLabel(label);
    }

    /** A run's per-question scores of one source; the run's files never change once written. */
    Optional<Baseline> baseline(RunRecord run, String source) {
        List<Path> files = run.files().values().stream()
                .map(f -> workspace.dir().resolve(f))
                .toList();
        return cached("baseline " + run.id() + " " + source, files, () -> runs().baseline(run, source));
    }

    /** A run's benchmark report, with every ranking. */
    Optional<BenchmarkResult> benchmark(RunRecord run) {
        List<Path> files = run.files().values().stream()
                .map(f -> workspace.dir().resolve(f))
                .toList();
        return cached("benchmark " + run.id(), files, () -> runs().benchmark(run));
    }

    /**
     * A value computed from two runs' files, kept while they are unchanged: a run's own copies never
     * change, so comparing the same two runs again costs nothing.
     */
    <T> T ofRuns(String key, RunRecord a, RunRecord b, Supplier<T> compute) {
        List<Path> files = java.util.stream.Stream.concat(a.files().values().stream(), b.files().values().stream())
                .map(f -> workspace.dir().resolve(f))
                .toList();
        return cached(key + " " + a.id() + " " + b.id(), files, compute);
    }

    /** The latest run that ran a benchmark. */
    Optional<RunRecord> latestBenchmark() {
        List<RunRecord> all = runs().runs();
        for (int i = all.size() - 1; i >= 0; i--) {
            if (all.get(i).files().containsKey(RunRecord.BENCHMARK_FILE)) {
                return Optional.of(all.get(i));
            }
        }
        return Optional.empty();
    }

    @SuppressWarnings("unchecked")
    private <T> T cached(String key, List<Path> files, Supplier<T> read) {
        List<String> stamp = stamp(files);
        Cached<?> hit = cache.get(key);
        if (hit != null && hit.stamp().equals(stamp)) {
            return (T) hit.value();
        }
        T value = read.get();
        cache.put(key, new Cached<>(stamp, value));
        return value;
    }

    private static List<String> stamp(List<Path> files) {
        List<String> out = new ArrayList<>(files.size());
        for (Path f : files) {
            try {
                out.add(
                        Files.exists(f)
                                ? Files.size(f) + "@"
                                        + Files.getLastModifiedTime(f).toMillis()
                                : "-");
            } catch (IOException e) {
                out.add("?");
            }
        }
        return out;
    }

    private record Cached<T>(List<String> stamp, T value) {}
}
