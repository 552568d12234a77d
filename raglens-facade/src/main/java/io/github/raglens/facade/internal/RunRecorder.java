package io.github.raglens.facade.internal;

import io.github.raglens.RunRecord;
import io.github.raglens.error.StoreException;
import io.github.raglens.eval.baseline.BaselineRecorder;
import io.github.raglens.eval.evidence.EvidenceRule;
import io.github.raglens.internal.Json;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.Relevance;
import io.github.raglens.result.Aggregation;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.MetricSummary;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.workspace.Workspace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Appends a finished run to the workspace's run index: first the run's own copies of its
 * per-question results under {@code run-history/<id>/}, then its line in {@code run-index.jsonl}, so
 * a crash between the two leaves an unused folder and never a line naming missing files. The index
 * is a {@link JsonlStore}, held only while one line is appended.
 */
public final class RunRecorder {

    /** How long a run waits for another process appending to the index (it holds the lock for milliseconds). */
    private static final int LOCK_ATTEMPTS = 50;

    private static final long LOCK_PAUSE_MILLIS = 100;

    private RunRecorder() {}

    /**
     * Records the results a workspace holds from before it had a run index as one run of kind {@link
     * RunRecord#EXISTING}, so the run about to overwrite them does not lose them. Does nothing when the
     * workspace has a run index or no results.
     */
    static void adoptExisting(Workspace ws) {
        if (Files.exists(ws.runIndex()) || existingFiles(ws).isEmpty()) {
            return;
        }
        Instant when = lastModified(existingFiles(ws).values());
        record(ws, RunRecord.EXISTING, when, when);
    }

    /**
     * Appends a run whose stage has just written its results and completed its manifest entry.
     *
     * @param kind {@link RunRecord#BENCHMARK} or {@link RunRecord#EVALUATE}
     * @param startedAt when the stage started
     * @return the run as recorded
     */
    static RunRecord record(Workspace ws, String kind, Instant startedAt) {
        return record(ws, kind, startedAt, Instant.now());
    }

    private static RunRecord record(Workspace ws, String kind, Instant startedAt, Instant finishedAt) {
        try (JsonlStore<RunRecord> index = openIndex(ws)) {
            String id = String.valueOf(index.records().stream()
                            .mapToLong(r -> parseId(r.id()))
                            .max()
                            .orElse(0)
                    + 1);
            Map<String, String> files = copyFiles(ws, id, kind);
            RunRecord run = describe(ws, id, kind, startedAt, finishedAt, files);
            index.append(run);
            return run;
        }
    }

    private static JsonlStore<RunRecord> openIndex(Workspace ws) {
        StoreException last = null;
        for (int i = 0; i < LOCK_ATTEMPTS; i++) {
            try {
                return JsonlStore.open(ws.runIndex(), RunRecord.class, RunRecord::id);
            } catch (StoreException e) {
                if (!e.getMessage().contains("in use by another raglens process")) {
                    throw e;
                }
                last = e;
                try {
                    Thread.sleep(LOCK_PAUSE_MILLIS);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
        throw last;
    }

    private static long parseId(String id) {
        try {
            return Long.parseLong(id);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The workspace's result files a run of this kind made, by role. */
    private static Map<String, Path> filesOf(Workspace ws, String kind) {
        Map<String, Path> out = new LinkedHashMap<>();
        if (!kind.equals(RunRecord.EVALUATE) && Files.exists(ws.benchmarkJson())) {
            out.put(RunRecord.BENCHMARK_FILE, ws.benchmarkJson());
        }
        if (!kind.equals(RunRecord.BENCHMARK)) {
            if (Files.exists(ws.evaluation())) {
                out.put(RunRecord.EVALUATION_FILE, ws.evaluation());
            }
            if (Files.exists(ws.evaluationBaseline())) {
                out.put(RunRecord.EVALUATION_BASELINE_FILE, ws.evaluationBaseline());
            }
        }
        return out;
    }

    /** The results a workspace holds in place, by role: those an {@link RunRecord#EXISTING} run reads. */
    public static Map<String, Path> existingFiles(Workspace ws) {
        return filesOf(ws, RunRecord.EXISTING);
    }

    private static Map<String, String> copyFiles(Workspace ws, String id, String kind) {
        Path folder = ws.runHistory().resolve(id);
        Map<String, String> out = new TreeMap<>();
        try {
            Files.createDirectories(folder);
            for (Map.Entry<String, Path> e : filesOf(ws, kind).entrySet()) {
                Path copy = folder.resolve(e.getValue().getFileName());
                Files.copy(e.getValue(), copy, StandardCopyOption.REPLACE_EXISTING);
                out.put(e.getKey(), relative(ws, copy));
                if (e.getKey().equals(RunRecord.BENCHMARK_FILE)) {
                    // the per-question metrics a comparison reads, without the rankings of benchmark.json
                    Path baseline = folder.resolve("benchmark-baseline.json");
                    BaselineRecorder.read(copy).write(baseline);
                    out.put(RunRecord.BENCHMARK_BASELINE_FILE, relative(ws, baseline));
                }
            }
        } catch (IOException e) {
            throw new StoreException(folder, "cannot copy the run's results to " + folder + ": " + e.getMessage(), e);
        }
        return out;
    }

    private static String relative(Workspace ws, Path file) {
        return ws.dir().relativize(file).toString().replace('\\', '/');
    }

    /**
     * Describes a run from the workspace's files: the options its stages recorded in the manifest, the
     * content hashes of its inputs, and the results in the given files.
     *
     * @param files the run's result files by role, relative to the workspace
     */
    public static RunRecord describe(
            Workspace ws, String id, String kind, Instant startedAt, Instant finishedAt, Map<String, String> files) {
        Manifest manifest = Manifest.load(ws.manifest());
        Map<String, String> options = new TreeMap<>();
        Map<String, String> stageLines = new TreeMap<>();
        for (Stage stage : Stage.values()) {
            manifest.entry(stage).ifPresent(e -> {
                stageLines.put(stage.key(), e.description());
                lines(e.description()).forEach((k, v) -> options.put(stage.key() + "." + k, v));
            });
        }
        boolean benchmark = files.containsKey(RunRecord.BENCHMARK_FILE);
        boolean evaluation = files.containsKey(RunRecord.EVALUATION_FILE);
        if (!benchmark) {
            options.keySet().removeIf(k -> k.startsWith(Stage.BENCHMARK.key() + "."));
        }
        if (!evaluation) {
            options.keySet().removeIf(k -> k.startsWith(Stage.EVALUATE.key() + "."));
        }
        Map<String, String> inputs = new TreeMap<>();
        if (Files.exists(ws.chunks())) {
            List<Chunk> chunks = ChunksFile.read(ws.chunks());
            inputs.put(
                    "corpus",
                    hash(String.join(
                            "\n",
                            new TreeSet<>(chunks.stream().map(Chunk::documentId).toList()))));
            inputs.put("chunks", hash(ws.chunks()));
        }
        Optional.ofNullable(
                        lines(stageLines.getOrDefault(Stage.INGEST.key(), "")).get("chunker"))
                .ifPresent(c -> inputs.put("chunker", hash(c)));
        Optional.ofNullable(stageLines.get(Stage.INDEX.key())).ifPresent(d -> inputs.put("index", hash(d)));
        if (Files.exists(ws.questions())) {
            inputs.put("questions", hash(ws.questions()));
        }
        Map<String, String> versions = new TreeMap<>();
        List<RunRecord.Estimate> estimates = new ArrayList<>();
        if (benchmark) {
            BenchmarkResult report = read(ws.dir().resolve(files.get(RunRecord.BENCHMARK_FILE)), BenchmarkResult.class);
            inputs.put("retrievers", hash(stageLines.getOrDefault(Stage.BENCHMARK.key(), "")));
            // which questions evidence relevance counts follows from its rule: a rule other than the default breaks
            // the trend
            String rule = options.getOrDefault(
                    Stage.BENCHMARK.key() + ".evidenceRule",
                    EvidenceRule.defaults().toString());
            boolean otherRule = report.relevance().equals(Relevance.EVIDENCE.label())
                    && !rule.equals(EvidenceRule.defaults().toString());
            versions.put("relevance", report.relevance() + (otherRule ? " " + rule : ""));
            for (BenchmarkResult.RetrieverSummary r : report.retrievers()) {
                for (Map.Entry<String, MetricSummary> m : r.metrics().entrySet()) {
                    MetricSummary s = m.getValue();
                    estimates.add(new RunRecord.Estimate(
                            RunRecord.Estimate.RETRIEVAL,
                            r.retriever(),
                            m.getKey(),
                            s.mean(),
                            s.lower(),
                            s.upper(),
                            s.n()));
                }
            }
        }
        if (evaluation) {
            Aggregation aggregation =
                    EvaluationFile.aggregation(ws.dir().resolve(files.get(RunRecord.EVALUATION_FILE)));
            Map<String, String> evaluate = lines(stageLines.getOrDefault(Stage.EVALUATE.key(), ""));
            inputs.put(
                    "systems",
                    hash(evaluate.getOrDefault("systems", "") + "\n" + evaluate.getOrDefault("external", "")));
            StringBuilder judge = new StringBuilder(evaluate.getOrDefault("judge-model", ""));
            for (Aggregation.MetricSummary m : aggregation.metrics()) {
                versions.put(m.metric(), m.version());
                if (!m.judgeModel().equals("none")) {
                    versions.put("judge-model", m.judgeModel());
                }
                judge.append('\n').append(m.metric()).append('=').append(m.version());
                for (Aggregation.RetrieverSummary r : m.retrievers()) {
                    r.interval()
                            .ifPresent(ci -> estimates.add(new RunRecord.Estimate(
                                    RunRecord.Estimate.JUDGE,
                                    r.retriever(),
                                    m.metric(),
                                    ci.mean(),
                                    ci.lower(),
                                    ci.upper(),
                                    ci.n())));
                }
            }
            inputs.put("judge", hash(judge.toString()));
        }
        return new RunRecord(
                id, kind, startedAt.toString(), finishedAt.toString(), options, inputs, versions, estimates, files);
    }

    private static <T> T read(Path file, Class<T> type) {
        try {
            return Json.reader().forType(type).readValue(file.toFile());
        } catch (IOException e) {
            throw new StoreException(file, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The {@code key=value} lines of a manifest description. */
    private static Map<String, String> lines(String description) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : description.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                out.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return out;
    }

    /** When the newest of the files was last written. */
    public static Instant lastModified(Collection<Path> files) {
        return files.stream()
                .map(p -> {
                    try {
                        return Files.getLastModifiedTime(p).toInstant();
                    } catch (IOException e) {
                        return Instant.EPOCH;
                    }
                })
                .max(Instant::compareTo)
                .orElse(Instant.EPOCH);
    }

    /** 16 hex digits of the SHA-256 of a text. */
    static String hash(String text) {
        MessageDigest sha = sha256();
        return hex(sha.digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static String hash(Path file) {
        MessageDigest sha = sha256();
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), sha)) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw new StoreException(file, "cannot read " + file + ": " + e.getMessage(), e);
        }
        return hex(sha.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static String hex(byte[] digest) {
        return java.util.HexFormat.of().formatHex(digest, 0, 8);
    }
}
