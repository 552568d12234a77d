package io.github.raglens.facade.internal;

import io.github.raglens.ProgressListener;
import io.github.raglens.RagLens;
import io.github.raglens.RunRecord;
import io.github.raglens.chunk.corpus.ChunkedCorpus;
import io.github.raglens.chunk.corpus.CorpusChunker;
import io.github.raglens.error.RagLensException;
import io.github.raglens.error.Remedy;
import io.github.raglens.error.Setting;
import io.github.raglens.error.SettingException;
import io.github.raglens.error.StoreException;
import io.github.raglens.eval.benchmark.BenchmarkRunner;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.PassageGrader;
import io.github.raglens.eval.questions.QuestionGenerator;
import io.github.raglens.eval.trec.TrecRuns;
import io.github.raglens.internal.Json;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.Document;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStyle;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.onnx.OnnxEmbeddings;
import io.github.raglens.parse.CorpusParser;
import io.github.raglens.parse.DocumentParser;
import io.github.raglens.parse.FileOutcome;
import io.github.raglens.parse.ParseCache;
import io.github.raglens.result.AnswerSummary;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.Calibration;
import io.github.raglens.result.ChunkAudit;
import io.github.raglens.result.CostEstimate;
import io.github.raglens.result.IndexResult;
import io.github.raglens.result.IngestReport;
import io.github.raglens.result.IngestResult;
import io.github.raglens.result.QuestionGenerationResult;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.IndexBackend;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.Parser;
import io.github.raglens.spi.Retriever;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.store.HumanLabelsFile;
import io.github.raglens.usage.UsageLedger;
import io.github.raglens.workspace.Workspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The stages of a {@link RagLens}, each reading and writing the workspace's files. Stateless between
 * calls: every stage starts from the files, so stages can run in separate processes.
 */
public final class Pipeline {

    /** The name of the workspace's index in a backend ({@link IndexBackend#open}). */
    public static final String WORKSPACE_INDEX = "workspace";

    private final RagLensConfig config;
    private final Workspace workspace;

    public Pipeline(RagLensConfig config) {
        this.config = config;
        this.workspace = new Workspace(config.workspace());
    }

    Workspace workspace() {
        return workspace;
    }

    /** Parses and chunks every file under {@code docs}; writes chunks.jsonl and ingest-report.json. */
    public IngestResult ingest(Path docs, ProgressListener progress) {
        List<Path> files = CorpusParser.files(docs);
        List<String> unsupported =
                CorpusParser.unsupportedFiles(docs).stream().map(Path::toString).toList();
        if (files.isEmpty()) {
            throw new SettingException(
                    "no " + DocumentParser.formatNames("or") + " files under " + docs
                            + (unsupported.isEmpty()
                                    ? ""
                                    : " (" + unsupported.size() + " files of types raglens does not read: "
                                            + String.join(", ", extensions(unsupported)) + ")"),
                    Setting.DOCUMENTS);
        }
        requireWritable(config.workspace());
        Parser parser = config.parser().get();
        CorpusParser corpus = parser instanceof DocumentParser dp
                ? CorpusParser.cached(
                        dp.withOcrProgress((file, page, pages, took) -> progress.progress(
                                "ocr",
                                page,
                                pages,
                                file.getFileName() + ": OCR, "
                                        + String.format(Locale.ROOT, "%.1f", took.toMillis() / 1000.0) + " s a page")),
                        new ParseCache(workspace.parseCache()))
                : CorpusParser.of(parser);
        List<FileOutcome> outcomes = new ArrayList<>();
        long parseStart = System.nanoTime();
        corpus.parse(docs, outcome -> {
            // Parsing ignores interrupts; stop between files. Parsed files are in the parse cache, so
            // the next run skips them; nothing of this run is written.
            if (Thread.currentThread().isInterrupted()) {
                throw new CancellationException("ingest stopped after " + outcomes.size() + " of " + files.size()
                        + " files; the parsed files are cached and the next run skips them");
            }
            outcomes.add(outcome);
            progress.progress("ingest", outcomes.size(), files.size(), outcome.file());
        });
        List<Document> documents = outcomes.stream()
                .filter(o -> o instanceof FileOutcome.Parsed)
                .map(o -> ((FileOutcome.Parsed) o).document())
                .toList();
        long parseMillis = (System.nanoTime() - parseStart) / 1_000_000;
        ChunkedCorpus chunked;
        try {
            chunked = CorpusChunker.of(config.chunker()).chunk(documents);
        } catch (IllegalArgumentException e) {
            throw new RagLensException("cannot chunk the corpus: " + e.getMessage(), e);
        }
        List<IngestReport.Entry> entries = new ArrayList<>();
        for (FileOutcome o : outcomes) {
            int made = o instanceof FileOutcome.Parsed p
                    ? chunked.chunksPerDocument().getOrDefault(p.document().id(), 0)
                    : 0;
            entries.add(o.reportEntry(made));
        }
        IngestReport report = IngestReport.of(entries, unsupported);
        report.write(workspace.ingestReport());
        ChunkAudit audit = chunked.audit();
        Map<ChunkType, Integer> byType = new EnumMap<>(ChunkType.class);
        chunked.chunks().forEach(c -> byType.merge(c.type(), 1, Integer::sum));
        if (!audit.hasErrors()) {
            ChunksFile.write(workspace.chunks(), chunked.chunks());
            manifest().complete(Stage.INGEST, ingestConfiguration(docs), RagLensVersion.get());
        }
        return new IngestResult(report, audit, byType, documents.size(), parseMillis, chunked.chunkingMillis());
    }

    /** The distinct extensions of these files, {@code .docx}, or the file name when it has none, sorted. */
    private static List<String> extensions(List<String> files) {
        return files.stream()
                .map(f -> Path.of(f).getFileName().toString())
                .map(name -> name.lastIndexOf('.') > 0
                        ? name.substring(name.lastIndexOf('.')).toLowerCase(Locale.ROOT)
                        : name)
                .distinct()
                .sorted()
                .toList();
    }

    private String ingestConfiguration(Path docs) {
        return "docs=" + docs.toAbsolutePath().normalize() + "\nparser="
                + config.parser().get() + "\nchunker=" + config.chunker();
    }

    /**
     * Chunks embedded and committed together: a stopped run keeps every finished slice, and Ctrl-C
     * waits for at most one slice.
     */
    private static final int INDEX_SLICE = 128;

    /**
     * Embeds and indexes chunks.jsonl into the backend's index of the workspace, unless that index is
     * complete for these chunks and these vectors ({@link IndexLoader}): a stopped run is resumed, and
     * a changed chunk, model or model setting loads the index afresh. The thread's interrupt stops the
     * stage between slices with a {@link CancellationException}; what was committed stays for the next
     * run.
     */
    public IndexResult index(ProgressListener progress) {
        List<Chunk> chunks = ChunksFile.read(workspace.chunks());
        EmbeddingProvider embeddings =
                config.embeddings() == null ? null : config.embeddings().get();
        IndexBackend backend = config.backend();
        if (embeddings == null && backend.needsVectors()) {
            throw new RagLensException("the " + backend.name()
                    + " backend loads every chunk with its vector; index with an embedding model"
                    + " (" + Setting.EMBEDDINGS.apiName() + ")");
        }
        String model = embeddings == null ? "none" : embeddings.modelName();
        long t0 = System.nanoTime();
        UsageLedger ledger = new UsageLedger();
        LongTexts before = LongTexts.of(embeddings);
        try (IndexBackend.Index index = backend.open(config.backendOptions(), WORKSPACE_INDEX, workspace.index())) {
            IndexLoader.Result loaded;
            try {
                loaded = new IndexLoader("index", INDEX_SLICE)
                        .load(index, chunks, embeddings == null ? null : ledger.meter(embeddings, "index"), progress);
            } finally {
                new UsageFile(workspace.usage()).save(ledger);
            }
            String configuration = "embeddings=" + model + "\nbackend=" + backend.name() + "\n" + loaded.state();
            Manifest manifest = manifest();
            if (loaded.loaded() || !manifest.isCurrent(Stage.INDEX, configuration)) {
                manifest.complete(Stage.INDEX, configuration, RagLensVersion.get());
            }
            LongTexts longTexts = LongTexts.of(embeddings).since(before);
            return new IndexResult(
                    (int) index.size(),
                    model,
                    embeddings == null ? 0 : embeddings.dimension(),
                    loaded.loaded(),
                    loaded.reused(),
                    longTexts.truncated(),
                    longTexts.windowed(),
                    (System.nanoTime() - t0) / 1_000_000);
        }
    }

    /**
     * Texts longer than the provider's input that it has truncated, and that it has embedded whole in
     * windows, so far; 0 for providers that do not count them.
     */
    private record LongTexts(long truncated, long windowed) {
        static LongTexts of(EmbeddingProvider embeddings) {
            return embeddings instanceof OnnxEmbeddings onnx
                    ? new LongTexts(onnx.truncatedTexts(), onnx.windowedTexts())
                    : new LongTexts(0, 0);
        }

        LongTexts since(LongTexts before) {
            return new LongTexts(truncated - before.truncated, windowed - before.windowed);
        }
    }

    /** Generates a question of each style per chunk that has none yet, appending to questions.jsonl. */
    public QuestionGenerationResult questions(int limit, Set<QuestionStyle> styles, ProgressListener progress) {
        List<Chunk> chunks = ChunksFile.read(workspace.chunks());
        UsageLedger ledger = new UsageLedger();
        LlmProvider llm = ledger.meter(new FirstCallGate(config.llm().get()), "questions");
        QuestionGenerator generator = questionGenerator(llm, styles);
        AtomicInteger ok = new AtomicInteger();
        AtomicInteger skip = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        QuestionGenerationResult run;
        boolean fresh = !Files.exists(workspace.questions());
        try {
            run = generator.generate(
                    chunks, workspace.questions(), limit == 0 ? Integer.MAX_VALUE : limit, (done, total, record) -> {
                        switch (record.status()) {
                            case SUCCESS -> ok.incrementAndGet();
                            case SKIP -> skip.incrementAndGet();
                            default -> failed.incrementAndGet();
                        }
                        progress.progress(
                                "questions", done, total, ok + " ok, " + skip + " skip, " + failed + " failed");
                    });
        } catch (RuntimeException e) {
            // stopped before its first record (bad model, no server): leave no empty store behind
            if (fresh) {
                JsonlStore.deleteIfEmpty(workspace.questions());
            }
            throw e;
        } finally {
            new UsageFile(workspace.usage()).save(ledger);
        }
        manifest().complete(Stage.QUESTIONS, "llm=" + config.llm().get().modelName(), RagLensVersion.get());
        return run;
    }

    /** What {@link #questions} would send, without sending anything. */
    public CostEstimate estimateQuestions(int limit, Set<QuestionStyle> styles) {
        List<Chunk> chunks = ChunksFile.read(workspace.chunks());
        LlmProvider llm = config.llm().get();
        return questionGenerator(llm, styles)
                .estimate(
                        chunks,
                        workspace.questions(),
                        limit == 0 ? Integer.MAX_VALUE : limit,
                        new UsageLedger().price(llm.modelName()).orElse(TokenPrice.FREE));
    }

    private QuestionGenerator questionGenerator(LlmProvider llm, Set<QuestionStyle> styles) {
        return QuestionGenerator.builder(llm)
                .concurrency(config.concurrency())
                .seed(config.seed())
                .evidenceRule(config.evidenceRule())
                .styles(styles)
                .build();
    }

    public boolean hasQuestions() {
        return Files.exists(workspace.questions());
    }

    /** Every question of questions.jsonl in file order, failed and skipped ones too; empty without the file. */
    public List<QuestionSample> allQuestions() {
        if (!hasQuestions()) {
            return List.of();
        }
        // read without the store's lock, so a page can show them while questions are being generated
        return JsonlStore.read(workspace.questions(), QuestionSample.class, QuestionSample::key)
                .records();
    }

    /** The usable questions of questions.jsonl. */
    public List<QuestionSample> loadQuestions() {
        if (!Files.exists(workspace.questions())) {
            throw new StoreException(
                    workspace.questions(),
                    "no questions in " + workspace.questions() + "; " + Remedy.QUESTIONS.first(),
                    null);
        }
        return JsonlStore.read(workspace.questions(), QuestionSample.class, QuestionSample::key).records().stream()
                .filter(QuestionSample::isSuccess)
                .toList();
    }

    /** Runs every retriever over the questions; writes benchmark.json and the TREC run files. */
    public BenchmarkResult benchmark(List<QuestionSample> questions, ProgressListener progress) {
        if (questions.isEmpty()) {
            throw new RagLensException("no usable questions to benchmark; " + Remedy.QUESTIONS.first());
        }
        Instant startedAt = Instant.now();
        List<Chunk> chunks = ChunksFile.read(workspace.chunks());
        // results from before the run index are kept as a run before this one overwrites them
        RunRecorder.adoptExisting(workspace);
        UsageLedger ledger = new UsageLedger();
        EmbeddingProvider embeddings = config.embeddings() == null
                ? null
                : ledger.meter(config.embeddings().get(), "benchmark");
        // Only retrievers of your own: no index needed.
        try (IndexBackend.Index index = config.retrieverKinds().isEmpty() ? null : openIndex()) {
            List<Retriever> retrievers = config.retrievers(index, embeddings);
            SourceDocuments sources = SourceDocuments.of(chunks);
            BenchmarkRunner.Builder runner = BenchmarkRunner.builder()
                    .retrievers(config.builtInRetrievers(index, embeddings))
                    .ks(config.ks().stream().mapToInt(Integer::intValue).toArray())
                    .relevance(config.relevance())
                    .evidenceRule(config.evidenceRule());
            config.lengthFair().ifPresent(runner::lengthFair);
            for (Retriever own : config.customRetrievers()) {
                runner.externalRetriever(sources.mapped(own), ExternalOrigin.of(own));
            }
            progress.progress(
                    "benchmark",
                    0,
                    retrievers.size(),
                    questions.size() + " questions × " + retrievers.size() + " retrievers");
            BenchmarkResult report;
            try (JudgeSession grading = config.relevance() == Relevance.JUDGED ? gradingSession(ledger) : null) {
                if (grading != null) {
                    runner.judgedRelevance(PassageGrader.of(grading), workspace.runs());
                    if (Files.exists(workspace.humanLabels())) {
                        runner.passageLabels(
                                HumanLabelsFile.read(workspace.humanLabels()).passageLabels());
                    }
                }
                report = runner.build().run(questions, chunks);
            } finally {
                new UsageFile(workspace.usage()).save(ledger);
            }
            report.writeJson(workspace.benchmarkJson());
            TrecRuns.write(report, workspace.runs());
            manifest()
                    .complete(
                            Stage.BENCHMARK,
                            "retrievers=" + config.retrieverKinds() + "\nexternal="
                                    + config.customRetrievers().stream()
                                            .map(r -> r.name() + "@" + ExternalOrigin.of(r))
                                            .toList()
                                    + "\nk=" + config.ks() + "\nrelevance="
                                    + config.relevance().label()
                                    + "\nlengthFair=" + config.lengthFair()
                                    + "\nevidenceRule=" + config.evidenceRule(),
                            RagLensVersion.get());
            RunRecorder.record(workspace, RunRecord.BENCHMARK, startedAt);
            progress.progress("benchmark", retrievers.size(), retrievers.size(), "done");
            return report;
        }
    }

    /** The judge grading pooled passages under judged relevance, with the workspace's call cache. */
    private JudgeSession gradingSession(UsageLedger ledger) {
        return JudgeSession.builder(config.judgeModel().get())
                .concurrency(config.concurrency())
                .callCache(workspace.judgeCalls())
                .ledger(ledger)
                .build();
    }

    /**
     * The backend's index of the workspace's chunks, for searching.
     *
     * @throws RagLensException when no index run has completed on it: there is none, or the last one
     *     stopped before the end
     */
    IndexBackend.Index openIndex() {
        IndexBackend.Index index = config.backend().open(config.backendOptions(), WORKSPACE_INDEX, workspace.index());
        Optional<LoadState> state = index.loadState().flatMap(LoadState::parse);
        if (state.map(LoadState::complete).orElse(false)) {
            return index;
        }
        String where = index.describe();
        boolean empty = state.isEmpty() && index.size() == 0;
        index.close();
        throw new RagLensException(
                empty
                        ? "no index at " + where + "; " + Remedy.INDEX.first()
                        : "the index at " + where + " is incomplete: its last run stopped before the end; "
                                + Remedy.INDEX.again());
    }

    /** Writes report.html and report.md from the workspace's files. */
    public Path report(String title, List<QuestionSample> questions) {
        BenchmarkResult benchmark = readBenchmark();
        List<Chunk> chunks = ChunksFile.read(workspace.chunks());
        Map<String, String> evidence = new HashMap<>();
        questions.forEach(q -> evidence.put(q.id(), String.join(" … ", q.evidenceQuotes())));
        ReportModel model = ReportModels.from(
                title,
                benchmark,
                chunks,
                evidence,
                ingestReport(),
                EvaluationFile.aggregation(workspace.evaluation()),
                EvaluationFile.answers(workspace.evaluation())
                        .map(AnswerSummary::systems)
                        .orElse(List.of()),
                UsageFile.read(workspace.usage()),
                JudgeAgreementFile.read(workspace.judgeAgreement()),
                calibration());
        try {
            Files.writeString(workspace.reportHtml(), HtmlReport.render(model), StandardCharsets.UTF_8);
            Files.writeString(workspace.reportMarkdown(), MarkdownReport.render(model), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new StoreException(workspace.reportHtml(), "cannot write the report: " + e.getMessage(), e);
        }
        return workspace.reportHtml();
    }

    /**
     * The judge against the labels given so far in the workspace's {@code human-labels.jsonl} (by the
     * studio or by hand), so the report shows the agreement as soon as labels exist; without labels,
     * the calibration the last evaluation recorded, if any.
     */
    private Optional<Calibration> calibration() {
        Path labels = workspace.humanLabels();
        if (Files.exists(workspace.evaluation())
                && Files.exists(labels)
                && !HumanLabelsFile.read(labels).labels().isEmpty()) {
            return Optional.of(new Labelling(workspace, this::loadQuestions).calibrate(labels));
        }
        return EvaluationFile.calibration(workspace.evaluation());
    }

    private BenchmarkResult readBenchmark() {
        Path file = workspace.benchmarkJson();
        if (!Files.exists(file)) {
            throw new StoreException(file, "no benchmark at " + file + "; " + Remedy.BENCHMARK.first(), null);
        }
        try {
            return Json.reader().forType(BenchmarkResult.class).readValue(file.toFile());
        } catch (IOException e) {
            throw new StoreException(
                    file, file + " is not a benchmark report (" + e.getMessage() + "); " + Remedy.BENCHMARK.again(), e);
        }
    }

    /** The last ingest's report; an empty one when there is none. */
    private IngestReport ingestReport() {
        Path file = workspace.ingestReport();
        if (!Files.exists(file)) {
            return IngestReport.of(List.of(), List.of());
        }
        try {
            return Json.reader().forType(IngestReport.class).readValue(file.toFile());
        } catch (IOException e) {
            throw new StoreException(file, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private Manifest manifest() {
        return Manifest.load(workspace.manifest());
    }

    /** Fails before any work when the workspace cannot be written, instead of after parsing every file. */
    private static void requireWritable(Path dir) {
        try {
            Files.createDirectories(dir);
            Files.delete(Files.createTempFile(dir, ".write-check", ".tmp"));
        } catch (IOException e) {
            throw new RagLensException(
                    "cannot write to the workspace " + dir + " (" + e.getClass().getSimpleName() + ": " + e.getMessage()
                            + "); choose a folder you can write",
                    e);
        }
    }
}
