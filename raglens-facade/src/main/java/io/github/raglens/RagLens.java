package io.github.raglens;

import io.github.raglens.chunk.SectionChunker;
import io.github.raglens.error.Setting;
import io.github.raglens.eval.baseline.BaselineRecorder;
import io.github.raglens.eval.baseline.RegressionGate;
import io.github.raglens.eval.evidence.EvidenceRule;
import io.github.raglens.eval.trec.TrecEval;
import io.github.raglens.facade.internal.BatchRoute;
import io.github.raglens.facade.internal.BeirStage;
import io.github.raglens.facade.internal.CallRoute;
import io.github.raglens.facade.internal.Comparisons;
import io.github.raglens.facade.internal.Defaults;
import io.github.raglens.facade.internal.EvaluateStage;
import io.github.raglens.facade.internal.IndexBackends;
import io.github.raglens.facade.internal.JudgedRelevanceStage;
import io.github.raglens.facade.internal.Lazy;
import io.github.raglens.facade.internal.Pipeline;
import io.github.raglens.facade.internal.QuestionImport;
import io.github.raglens.facade.internal.RagLensConfig;
import io.github.raglens.facade.internal.ServiceLookup;
import io.github.raglens.facade.internal.WarmUp;
import io.github.raglens.gate.GateOptions;
import io.github.raglens.internal.SetOnce;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStyle;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.parse.DocumentParser;
import io.github.raglens.parse.ocr.OcrLanguages;
import io.github.raglens.parse.ocr.OcrProgress;
import io.github.raglens.parse.ocr.OcrSettings;
import io.github.raglens.parse.pdf.PdfParser;
import io.github.raglens.result.Baseline;
import io.github.raglens.result.BeirResult;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.ComparisonResult;
import io.github.raglens.result.CostEstimate;
import io.github.raglens.result.EvaluationResult;
import io.github.raglens.result.GateResult;
import io.github.raglens.result.IndexResult;
import io.github.raglens.result.IngestResult;
import io.github.raglens.result.JudgedRelevanceResult;
import io.github.raglens.result.QuestionGenerationResult;
import io.github.raglens.result.QuestionImportResult;
import io.github.raglens.result.TrecEvalOptions;
import io.github.raglens.spi.Chunker;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.IndexBackend;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.Parser;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.spi.Retriever;
import io.github.raglens.spi.StudioServer;
import io.github.raglens.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A configured raglens pipeline: parse and chunk a corpus, index it, generate ground-truth questions,
 * benchmark retrievers, evaluate answers and write the report — every stage's output in one
 * workspace folder.
 *
 * <pre>{@code
 * RagLens lens = RagLens.builder()
 *         .workspace(Path.of(".raglens"))
 *         .chunker(SectionChunker.builder().maxSectionChars(2_500).build())
 *         .embeddings(() -> OnnxEmbeddings.builder().bgeSmallEnV15().build()) // local, no key
 *         .llm(() -> Ollama.chat("llama3.2").build()) // writes the questions
 *         .build();
 * lens.ingest(Path.of("my_pdfs"));
 * lens.index();
 * lens.questions(0);
 * BenchmarkResult report = lens.benchmark();
 * lens.report();
 * }</pre>
 *
 * <p>Immutable and thread-safe; {@link #toBuilder()} derives variants to compare (two chunkers,
 * two embedding models …). The stages of one workspace must not run concurrently in two processes;
 * the workspace files are locked.
 */
public final class RagLens {

    private final RagLensConfig config;
    private final Pipeline pipeline;

    private RagLens(RagLensConfig config) {
        this.config = config;
        this.pipeline = new Pipeline(config);
    }

    /** The validated options, for the stages of this package. */
    RagLensConfig config() {
        return config;
    }

    /** Starts a configuration with working defaults; see {@link Builder}. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this pipeline's options, to derive a variant. */
    public Builder toBuilder() {
        return new Builder(config);
    }

    /** The workspace folder. */
    public Workspace workspace() {
        return new Workspace(config.workspace());
    }

    /**
     * Parses and chunks every PDF, Markdown, text, Word, PowerPoint, Excel, HTML and EPUB file, and every scanned
     * page's image (read by OCR), under a folder into the workspace's
     * {@code chunks.jsonl}, with {@code ingest-report.json}. A bad file is reported and never stops
     * the corpus; chunks are written only when the chunk audit finds no error. Interrupting the
     * calling thread stops the stage after the file in hand: nothing is written, the files parsed so
     * far are cached in the workspace, and the next call parses only the rest.
     *
     * @throws io.github.raglens.error.RagLensException if the folder does not exist or holds no file
     * @throws java.util.concurrent.CancellationException if the thread was interrupted
     */
    public IngestResult ingest(Path docs) {
        return ingest(docs, config.progress());
    }

    /** {@link #ingest(Path)} reporting progress. */
    public IngestResult ingest(Path docs, ProgressListener progress) {
        return pipeline.ingest(Objects.requireNonNull(docs, "docs"), Objects.requireNonNull(progress, "progress"));
    }

    /**
     * Embeds and indexes the chunks into the backend's index; does nothing when its last run finished
     * with these chunks and the same vectors (the model, its settings, the served model's digest),
     * resumes a run that stopped, and loads the index afresh otherwise.
     *
     * @throws io.github.raglens.error.StoreException if there are no chunks yet (run {@link #ingest})
     */
    public IndexResult index() {
        return index(config.progress());
    }

    /** {@link #index()} reporting progress. */
    public IndexResult index(ProgressListener progress) {
        return pipeline.index(Objects.requireNonNull(progress, "progress"));
    }

    /**
     * Generates one ground-truth question per chunk with the LLM, in the natural style; resumable:
     * chunks already settled in {@code questions.jsonl} are not asked again. A first run that stops
     * before its first question (no server, unknown model, bad key) leaves no {@code questions.jsonl}
     * behind.
     *
     * @param limit the most chunks to consider, 0 for all
     */
    public QuestionGenerationResult questions(int limit) {
        return questions(limit, config.progress());
    }

    /** {@link #questions(int)} reporting progress. */
    public QuestionGenerationResult questions(int limit, ProgressListener progress) {
        return questions(limit, EnumSet.of(QuestionStyle.NATURAL), progress);
    }

    /**
     * Generates a ground-truth question of each style per chunk with the LLM ({@link QuestionStyle}:
     * natural, search, paraphrase, persona, multi-hop), so the styles are compared on the same chunks;
     * resumable per chunk and style. The persona style derives the corpus's personas once, by one
     * call, into {@code personas.json} beside the questions (edit it, or delete it to derive them
     * again).
     *
     * @param limit the most chunks to consider, 0 for all
     * @param styles the styles to ask each chunk in; not empty
     * @throws IllegalArgumentException if {@code limit < 0} or {@code styles} is empty
     */
    public QuestionGenerationResult questions(int limit, Set<QuestionStyle> styles) {
        return questions(limit, styles, config.progress());
    }

    /** {@link #questions(int, Set)} reporting progress. */
    public QuestionGenerationResult questions(int limit, Set<QuestionStyle> styles, ProgressListener progress) {
        checkQuestions(limit, styles);
        return pipeline.questions(limit, styles, Objects.requireNonNull(progress, "progress"));
    }

    /**
     * What {@link #questions(int, Set)} would send, sending nothing: one call per
     * question not settled yet (re-asks after a problem not counted), one to derive the personas when
     * they are needed and not derived yet, their estimated tokens and cost at the LLM's price.
     *
     * @throws IllegalArgumentException if {@code limit < 0} or {@code styles} is empty
     */
    public CostEstimate estimateQuestions(int limit, Set<QuestionStyle> styles) {
        checkQuestions(limit, styles);
        return pipeline.estimateQuestions(limit, styles);
    }

    private static void checkQuestions(int limit, Set<QuestionStyle> styles) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
        if (Objects.requireNonNull(styles, "styles").isEmpty()) {
            throw new IllegalArgumentException("styles must name at least one style");
        }
    }

    /**
     * Imports a question set of your own into the workspace's {@code questions.jsonl}, beside (or
     * instead of) generated ones: JSONL with one object a line, or CSV with a header row; fields
     * {@code question} and {@code answer} required, {@code evidence} (a verbatim quote, for evidence
     * relevance), {@code source} (the file, for document relevance), {@code page} and {@code id}
     * optional. Every row is validated first; nothing is written when one is bad. Evidence is checked
     * against the ingested corpus as the benchmark checks it ({@link Builder#evidenceThresholds}): a
     * quote in no chunk is an error; one too short or in too many chunks is a warning.
     *
     * @param file the {@code .jsonl} or {@code .csv} file
     * @return how many questions were imported, and warnings naming their lines
     * @throws io.github.raglens.error.RagLensException naming each bad line and field
     */
    public QuestionImportResult importQuestions(Path file) {
        Workspace ws = workspace();
        return QuestionImport.run(
                Objects.requireNonNull(file, "file"), ws.questions(), ws.chunks(), config.evidenceRule());
    }

    /** The chunker {@link #ingest} cuts documents with; its {@code toString()} names its settings. */
    public Chunker chunker() {
        return config.chunker();
    }

    /**
     * Every question of the workspace's {@code questions.jsonl} in file order, failed and skipped
     * ones included ({@link QuestionSample#status()}).
     *
     * @return empty when there are no questions yet
     */
    public List<QuestionSample> storedQuestions() {
        return pipeline.allQuestions();
    }

    /**
     * The workspace's runs: every {@link #benchmark()} and {@link #evaluate} appends one to its run
     * index, with its options, content hashes of what it used and its results. Read without locking
     * the index, so it can be read while a run appends.
     *
     * @throws io.github.raglens.error.StoreException if the index exists but cannot be read
     */
    public RunHistory runs() {
        return RunHistory.read(workspace());
    }

    /**
     * Every answered (system, question) cell of the workspace's evaluation, with the judge's latest
     * verdict on each metric: what the judge saw and what it decided. Read without locking the files.
     *
     * @return empty when nothing was evaluated
     */
    public List<JudgedCell> judgedCells() {
        return JudgedCell.read(workspace());
    }

    /** The nuggets of the workspace's questions, and a person's changes to them. */
    public Nuggets nuggets() {
        return new Nuggets(workspace(), this::storedQuestions);
    }

    /** People's labels of the workspace, drawn and recorded to calibrate the judge. */
    public Labels labels() {
        return new Labels(workspace(), pipeline::loadQuestions, config.seed());
    }

    /**
     * Grades the retrievers' pooled passages for judged relevance ahead of a benchmark under {@link
     * Relevance#JUDGED}, which then sends nothing for them: every retriever's top {@code depth}
     * passages for each question that benchmark measures (the successful, distinct questions whose
     * evidence identifies its passage by the evidence rule, as the benchmark selects them; the others
     * are not graded) are pooled (passages with the same text merged, whatever their
     * ids), and each is graded 0–3 by the judge model (a passage holding the evidence quote is 3
     * without a call; grades are kept in the judge's call cache, so a new retriever costs only its
     * unseen passages). The graded qrels ({@code runs/qrels-judged.txt}) and runs ({@code
     * runs/<retriever>.judged.run}) are written for {@code trec_eval}.
     *
     * @param questions the questions
     * @param depth passages of each retriever pooled: the benchmark's largest cut-off (10 is usual)
     * @param batch whether the judge's calls go through OpenAI's Batch API (half the price, up to a
     *     day; batches are checkpointed in the workspace, so a stopped run waits for them when run
     *     again); the judge must then be an OpenAI chat model
     * @throws IllegalArgumentException if {@code depth < 1}
     * @throws io.github.raglens.error.RagLensException when grading stopped (budget, provider), there
     *     are no questions, or batch is asked with a judge that is not an OpenAI chat model
     */
    public JudgedRelevanceResult judgeRelevance(List<QuestionSample> questions, int depth, boolean batch) {
        return judgeRelevance(questions, depth, batch, config.progress());
    }

    /**
     * {@link #judgeRelevance(List, int, boolean)} reporting progress.
     *
     * @param progress progress of the grading
     */
    public JudgedRelevanceResult judgeRelevance(
            List<QuestionSample> questions, int depth, boolean batch, ProgressListener progress) {
        Objects.requireNonNull(progress, "progress");
        try (CallRoute route = batch
                ? BatchRoute.open(
                        Optional.empty(), workspace(), config.judgeModel().get())
                : CallRoute.live()) {
            return judgeRelevance(questions, depth, route, progress);
        }
    }

    /** {@link #judgeRelevance(List, int, boolean, ProgressListener)} with the judge's calls going out by {@code route}. */
    JudgedRelevanceResult judgeRelevance(
            List<QuestionSample> questions, int depth, CallRoute route, ProgressListener progress) {
        JudgedRelevanceResult graded = judgedRelevance().run(List.copyOf(questions), depth, route, progress);
        if (route instanceof BatchRoute) {
            progress.progress("batch", 1, 1, route.describe());
        }
        return graded;
    }

    /**
     * What {@link #judgeRelevance} would send, without sending anything: one call per pooled passage
     * that holds no evidence and whose grade is not cached, priced live or, when {@code batch}, at the
     * Batch API's price.
     */
    public CostEstimate estimateJudgedRelevance(List<QuestionSample> questions, int depth, boolean batch) {
        return judgedRelevance().estimate(List.copyOf(questions), depth, batch);
    }

    private JudgedRelevanceStage judgedRelevance() {
        return new JudgedRelevanceStage(config, workspace(), pipeline);
    }

    /** Runs every retriever over the generated questions; writes {@code benchmark.json} and TREC runs. */
    public BenchmarkResult benchmark() {
        return benchmark(pipeline.loadQuestions(), config.progress());
    }

    /** {@link #benchmark()} reporting progress. */
    public BenchmarkResult benchmark(ProgressListener progress) {
        return benchmark(pipeline.loadQuestions(), progress);
    }

    /** Runs every retriever over the given questions; see {@link #benchmark()}. */
    public BenchmarkResult benchmark(List<QuestionSample> questions) {
        return benchmark(questions, config.progress());
    }

    /** {@link #benchmark(List)} reporting progress. */
    public BenchmarkResult benchmark(List<QuestionSample> questions, ProgressListener progress) {
        return pipeline.benchmark(List.copyOf(questions), Objects.requireNonNull(progress, "progress"));
    }

    /**
     * Answers a stratified sample of the questions with every retriever's top-k contexts and scores
     * the answers with the judge model; writes {@code answers.jsonl}, {@code scores.jsonl} and {@code
     * evaluation.json}. Resumable: finished answers, scores and judge calls are kept and a rerun does
     * only what is missing or failed. A budget covers every paid call (answers, judge, embeddings)
     * and stops the calls once spent (the summary says so and what is left); one failed sample never
     * stops the run.
     *
     * @param options sample, contexts, metrics, budget, prices
     * @throws io.github.raglens.error.UnknownPriceException before anything is sent, when a budget is
     *     set and a paid model's price is unknown
     * @throws io.github.raglens.error.RagLensException if there are no questions or no index yet, or
     *     answering stopped (bad key, unknown model, budget spent); everything finished is kept
     */
    public EvaluationResult evaluate(EvaluateOptions options) {
        return evaluate(options, config.progress());
    }

    /**
     * {@link #evaluate(EvaluateOptions)} reporting progress.
     *
     * @param progress receives the {@code answers} and {@code evaluate} progress
     */
    public EvaluationResult evaluate(EvaluateOptions options, ProgressListener progress) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(progress, "progress");
        // The embedding model (seconds for a local one) loads while the questions, chunks and index are read.
        WarmUp.start("embeddings", config.embeddings());
        return new EvaluateStage(config, workspace(), pipeline.loadQuestions()).run(options, progress);
    }

    /**
     * The calls, tokens and cost {@link #evaluate} would send now, without sending anything (a dry
     * run); work already in the workspace is not counted.
     */
    public EvaluationEstimate estimateEvaluation(EvaluateOptions options) {
        Objects.requireNonNull(options, "options");
        return new EvaluateStage(config, workspace(), pipeline.loadQuestions()).estimate(options);
    }

    /**
     * Compares two variants (two chunkers, two embedding models …) on the same questions: each is
     * ingested, indexed and benchmarked in its own workspace with evidence relevance, and Hit@K of
     * every retriever both run is compared with a paired randomization test.
     *
     * @param a the first variant
     * @param b the second variant, in another workspace
     * @param docs the corpus
     * @param questions the questions; their evidence decides relevance
     * @param k the cut-off of the compared Hit@K
     */
    public static ComparisonResult compare(RagLens a, RagLens b, Path docs, List<QuestionSample> questions, int k) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(docs, "docs");
        if (k <= 0) {
            throw new IllegalArgumentException("k must be > 0, was " + k);
        }
        return Comparisons.run(a, b, docs, List.copyOf(questions), k);
    }

    /**
     * The per-question scores of the workspace's last benchmark, as a baseline to commit and gate
     * later runs against ({@link Baseline#write}, {@link #gate}).
     *
     * @throws IllegalStateException if the workspace has no {@code benchmark.json} yet
     */
    public Baseline baseline() {
        Path benchmark = workspace().benchmarkJson();
        if (!Files.exists(benchmark)) {
            throw new IllegalStateException(
                    "no benchmark in " + config.workspace() + " yet; call benchmark() before baseline()");
        }
        return BaselineRecorder.read(benchmark);
    }

    /**
     * Reads a baseline file, or a {@code benchmark.json} whose baseline is taken on the fly.
     *
     * @param file the file
     * @return the baseline
     * @throws IllegalArgumentException if the file is missing or is neither of the two, with the fix
     * @throws java.io.UncheckedIOException if the file cannot be read
     */
    public static Baseline readBaseline(Path file) {
        return BaselineRecorder.read(Objects.requireNonNull(file, "file"));
    }

    /**
     * Checks a run against a baseline: per system and metric, whether the current scores dropped by
     * more than the minimum effect with a paired randomization test significant after Holm's
     * correction, and, for judge scores, whether the run scored significantly fewer of the cells
     * both attempted. Each check states the smallest true drop it fails in 80% of runs. Runs whose
     * scores do not mean the same (source, relevance mode, judge model, metric versions) are refused.
     * Thread-safe; the same inputs give the same report.
     *
     * @param baseline the committed baseline
     * @param current today's run
     * @param options metrics, minimum effect, alpha, permutations, a drop to catch
     * @return the checks, with the verdict ({@link GateResult#passed()}) and a printable message
     * @throws IllegalArgumentException for runs that do not compare, or a metric or system missing
     *     from either run
     */
    public static GateResult gate(Baseline baseline, Baseline current, GateOptions options) {
        Objects.requireNonNull(baseline, "baseline");
        Objects.requireNonNull(current, "current");
        Objects.requireNonNull(options, "options");
        return RegressionGate.of(options).compare(baseline, current);
    }

    /**
     * Checks {@code trec_eval} options without reading any file, so a caller can reject a bad
     * measure before the files are read.
     *
     * @throws IllegalArgumentException for an unknown measure or bad measure parameters
     */
    public static void checkTrecEvalOptions(TrecEvalOptions options) {
        TrecEval.checkMeasures(Objects.requireNonNull(options, "options"));
    }

    /**
     * Evaluates a TREC run file against a qrels file as {@code trec_eval} does: the same ranking, the
     * same measures and the same output lines.
     *
     * @param qrels the qrels file ({@code qid iteration docid relevance} per line)
     * @param run the run file ({@code qid Q0 docid rank score runid} per line)
     * @param options the measures and switches
     * @return the output lines, without line terminators
     * @throws io.github.raglens.error.ParseException if a file is missing or has a malformed line
     * @throws IllegalArgumentException for an unknown measure, a document retrieved twice for a query,
     *     or when no query has both results and judgements
     */
    public static List<String> trecEval(Path qrels, Path run, TrecEvalOptions options) {
        return TrecEval.evaluate(
                Objects.requireNonNull(qrels, "qrels"),
                Objects.requireNonNull(run, "run"),
                Objects.requireNonNull(options, "options"));
    }

    /**
     * Evaluates the configured retrievers on a BEIR-format dataset ({@code corpus.jsonl}, {@code
     * queries.jsonl}, {@code qrels/<split>.tsv}): nDCG@10, Recall@100 and MRR@10 as trec_eval computes
     * them, and one TREC run file per retriever in {@code <workspace>/beir/<dataset>/runs/}. The index
     * with vectors is kept in {@code <workspace>/beir/<dataset>/<model>/}, committed in slices, so a
     * later or interrupted run embeds only the documents it lacks; a BM25-only run indexes in memory.
     *
     * @param dataset the dataset folder
     * @param options split, hits and BM25 parameters; {@link BeirOptions#defaults()}
     * @throws io.github.raglens.error.ParseException naming the file when the dataset is missing or
     *     malformed
     */
    public BeirResult beir(Path dataset, BeirOptions options) {
        return beir(dataset, options, config.progress());
    }

    /**
     * {@link #beir(Path, BeirOptions)} reporting progress.
     *
     * @param progress told of embedding progress (stage {@code beir-index})
     */
    public BeirResult beir(Path dataset, BeirOptions options, ProgressListener progress) {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(progress, "progress");
        return new BeirStage(config).run(dataset, options, progress);
    }

    /**
     * The embedding model the workspace's index was built with, as the index records it (e.g. {@code
     * bge-small-en-v1.5} or {@code openai/text-embedding-3-small}); queries must be embedded with it.
     * Whichever {@linkplain Builder#backend backend} holds the index, the model its index records.
     *
     * @return empty when there is no index yet or it holds no vectors
     * @throws io.github.raglens.error.IndexException if the backend cannot be reached
     */
    public Optional<String> indexedEmbeddingModel() {
        return config.backend()
                .embeddingModel(
                        config.backendOptions(),
                        Pipeline.WORKSPACE_INDEX,
                        workspace().index());
    }

    /** Writes {@code report.html} and {@code report.md} from the workspace; returns the HTML file. */
    public Path report() {
        return report(pipeline.hasQuestions() ? pipeline.loadQuestions() : List.of());
    }

    /**
     * Writes the report; the questions that were benchmarked give the drill-down its evidence.
     *
     * @return the HTML file
     */
    public Path report(List<QuestionSample> questions) {
        return pipeline.report("raglens report", List.copyOf(questions));
    }

    /**
     * Starts the studio over this workspace: a local web application of every run and its trend, two
     * runs compared, one question, and labelling ({@code io.github.raglens:raglens-studio}, found on
     * the class path as index backends are).
     *
     * @param host the address to listen on, e.g. {@code 127.0.0.1}; other hosts are refused without
     *     a token
     * @param port the port ({@link StudioServer#DEFAULT_PORT} is the usual); 0 picks a free one
     * @param token the token other hosts' requests must carry; empty to refuse them
     * @return the running studio; close it to stop it
     * @throws IllegalStateException when raglens-studio is not on the class path
     * @throws IllegalArgumentException for a port outside 0–65535 or a token shorter than 16 characters
     * @throws io.github.raglens.error.RagLensException when the port is in use or the address is not
     *     this machine's
     */
    public StudioServer.Running studio(String host, int port, Optional<String> token) {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(token, "token");
        ServiceLookup<StudioServer> lookup = ServiceLookup.of(StudioServer.class);
        if (lookup.found().isEmpty()) {
            throw new IllegalStateException(
                    "the studio is not on the classpath; add io.github.raglens:raglens-studio" + lookup.unusableNote());
        }
        return lookup.found().getFirst().start(config.workspace(), host, port, token);
    }

    /** Lists the configured options; never a secret. */
    @Override
    public String toString() {
        return "RagLens{" + config.describe() + "}";
    }

    /**
     * Configures a {@link RagLens}. Setters reject bad values at once, and an option set a second
     * time (a builder from {@link RagLens#toBuilder()} may change each once); {@link #build()} rejects
     * bad combinations with a message naming the fix. Not thread-safe.
     */
    public static final class Builder {
        private final SetOnce set = new SetOnce();
        private Path workspace = Path.of(".raglens");
        private Supplier<Parser> parser = Lazy.of(DocumentParser::create);
        private Chunker chunker = SectionChunker.builder().build();
        /** Null for the default: the index's model, else bge-small-en-v1.5 (see {@link #embeddings}). */
        private Supplier<EmbeddingProvider> embeddings;

        private boolean embeddingsDisabled;
        private List<RetrieverKind> retrievers = RetrieverKind.defaults();
        private final List<Retriever> customRetrievers = new ArrayList<>();
        /** Null for the default: Ollama's default chat model, allowed {@link #concurrency} calls. */
        private Supplier<LlmProvider> llm;

        private Supplier<LlmProvider> judge;
        private Supplier<LlmProvider> secondJudge;
        private ProgressListener progress = ProgressListener.NONE;
        private List<Integer> ks = List.of(1, 3, 5, 10);
        private Relevance relevance = Relevance.CHUNK;
        private long seed = 42;
        private int concurrency = 8;
        private final List<RagSystem> systems = new ArrayList<>();
        private OptionalInt lengthFair = OptionalInt.empty();
        private EvidenceRule evidenceRule = EvidenceRule.defaults();
        private IndexBackend backend = IndexBackends.named(IndexBackends.DEFAULT);
        private Map<String, String> backendOptions = Map.of();

        private Builder() {}

        private Builder(RagLensConfig c) {
            workspace = c.workspace();
            parser = c.parser();
            chunker = c.chunker();
            // a default follows the workspace and backend of the variant, not those it was made for
            embeddings = c.embeddings() instanceof Defaults.IndexedEmbeddings ? null : c.embeddings();
            embeddingsDisabled = c.embeddings() == null;
            retrievers = c.retrieverKinds();
            customRetrievers.addAll(c.customRetrievers());
            // a default follows the concurrency of the variant, not the one it was made for
            llm = c.llm() instanceof Defaults.Chat ? null : c.llm();
            judge = c.judge();
            secondJudge = c.secondJudge();
            progress = c.progress();
            ks = c.ks();
            relevance = c.relevance();
            seed = c.seed();
            concurrency = c.concurrency();
            systems.addAll(c.systems());
            lengthFair = c.lengthFair();
            evidenceRule = c.evidenceRule();
            backend = c.backend();
            backendOptions = c.backendOptions();
        }

        /** The folder for everything a run makes (default {@code .raglens}). */
        public Builder workspace(Path dir) {
            set.record("workspace", Objects.requireNonNull(dir, "dir"));
            this.workspace = dir;
            return this;
        }

        /** The parser for every file (default: PDF, Markdown and plain text by extension). */
        public Builder parser(Parser parser) {
            set.record("parser", Objects.requireNonNull(parser, "parser"));
            this.parser = () -> parser;
            return this;
        }

        /**
         * The languages OCR reads scanned pages and images in, as Tesseract names them joined with
         * {@code +} (default {@code eng}; for example {@code eng+deu}). Each needs its language data,
         * found through {@code TESSDATA_PREFIX} or the system's packages ({@code apt-get install
         * tesseract-ocr-deu}); a missing one is named when a scanned file is read. Replaces the parser
         * with the built-in one.
         *
         * @throws IllegalArgumentException when a code is not a Tesseract language code
         */
        public Builder ocrLanguages(String languages) {
            OcrLanguages parsed = OcrLanguages.parse(languages);
            PdfParser pdf = PdfParser.builder()
                    .ocr(new OcrSettings(
                            parsed, OcrSettings.DEFAULT.tessdata(), OcrSettings.DEFAULT.pageLimit(), OcrProgress.NONE))
                    .build();
            this.parser = () -> DocumentParser.withPdfParser(pdf);
            return this;
        }

        /** The chunker (default {@link SectionChunker} with its defaults). */
        public Builder chunker(Chunker chunker) {
            set.record("chunker", Objects.requireNonNull(chunker, "chunker"));
            this.chunker = chunker;
            return this;
        }

        /**
         * The embedding model, created on first use. By default, the model the workspace's index was
         * built with ({@link RagLens#indexedEmbeddingModel()}), so queries are embedded as the index
         * is, whichever backend holds it; local bge-small-en-v1.5 when there is no index with vectors
         * yet. A remote model of the index reads its key from the environment, then from the working
         * folder's {@code .env}.
         */
        public Builder embeddings(Supplier<? extends EmbeddingProvider> embeddings) {
            Objects.requireNonNull(embeddings, "embeddings");
            set.record("embeddings", "a model");
            this.embeddings = Lazy.of(embeddings::get);
            this.embeddingsDisabled = false;
            return this;
        }

        /** Runs without embeddings: only lexical retrievers ({@code bm25}) can be used. */
        public Builder noEmbeddings() {
            set.record("embeddings", "none");
            this.embeddingsDisabled = true;
            return this;
        }

        /**
         * The built-in retrievers to benchmark, in order, a repeated one once (default {@link
         * RetrieverKind#defaults()}); none to benchmark only retrievers and systems of your own.
         */
        public Builder retrievers(RetrieverKind... kinds) {
            List<RetrieverKind> chosen = List.copyOf(new LinkedHashSet<>(List.of(kinds)));
            set.record("retrievers", chosen);
            this.retrievers = chosen;
            return this;
        }

        /** Only BM25: no embedding model is loaded. */
        public Builder bm25() {
            return retrievers(RetrieverKind.BM25).noEmbeddings();
        }

        /**
         * Adds a retriever of your own, benchmarked beside the built-in ones: a class of yours, a
         * LangChain4j or Spring AI retriever, or a search service over HTTP ({@link
         * io.github.raglens.providers.HttpRetriever#builder}).
         */
        public Builder retriever(Retriever retriever) {
            customRetrievers.add(Objects.requireNonNull(retriever, "retriever"));
            return this;
        }

        /**
         * Adds a RAG system of your own (your application, a LangChain4j or Spring AI pipeline, a
         * service over HTTP: {@link io.github.raglens.providers.HttpRagSystem#builder}), evaluated beside the retrievers'
         * pipelines: the same questions, the same judge metrics, one row each in the report, marked
         * as external. Its name must differ from every retriever's.
         */
        public Builder system(RagSystem system) {
            systems.add(Objects.requireNonNull(system, "system"));
            return this;
        }

        /**
         * Adds the length-fair comparison to an evidence benchmark whatever the contexts' lengths: every
         * retriever's contexts are read in rank order as one text cut into ranks of {@code chars}
         * characters, and the evidence ranks where its last character falls, so at each K every
         * retriever has been read the same amount of text and long contexts cannot win by length
         * alone. Without this call the comparison is added, beside the default one, when the
         * retrievers' mean context lengths differ twofold or more, at the shortest mean. Needs {@code
         * relevance(Relevance.EVIDENCE)}.
         *
         * @param chars characters per rank; 0 for the shortest mean context length among the retrievers
         * @throws IllegalArgumentException if negative
         */
        public Builder lengthFair(int chars) {
            if (chars < 0) {
                throw new IllegalArgumentException("lengthFair must be >= 0, was " + chars);
            }
            set.record("lengthFair", chars);
            this.lengthFair = OptionalInt.of(chars);
            return this;
        }

        /**
         * When a question's evidence quote identifies its passage (default: at least 6 words, in at most
         * 3 chunks of the corpus). Under evidence relevance the benchmark leaves out questions whose
         * quote is in no chunk, and those whose quote is ambiguous (shorter, or in more chunks) unless
         * {@link #keepAmbiguousEvidence(boolean)}; question generation asks again for a quote that
         * passes.
         *
         * @param minWords fewest words a quote may have
         * @param maxChunks most chunks a quote may occur in
         * @throws IllegalArgumentException if either is below 1
         */
        public Builder evidenceThresholds(int minWords, int maxChunks) {
            set.record("evidenceThresholds", minWords + ", " + maxChunks);
            this.evidenceRule = new EvidenceRule(minWords, maxChunks, evidenceRule.keepAmbiguous());
            return this;
        }

        /**
         * Whether evidence relevance keeps questions whose evidence quote is ambiguous (too short, or
         * in too many chunks; see {@link #evidenceThresholds}); the report counts them apart (default
         * false: they are left out, counted by reason).
         */
        public Builder keepAmbiguousEvidence(boolean keep) {
            set.record("keepAmbiguousEvidence", keep);
            this.evidenceRule = new EvidenceRule(evidenceRule.minWords(), evidenceRule.maxChunks(), keep);
            return this;
        }

        /**
         * Where the chunks are indexed and searched: an {@link IndexBackend} found on the classpath by
         * name with {@link ServiceLoader}. The default, {@code lucene}, is raglens's own Lucene index in
         * the workspace, and takes options {@code k1} and {@code b} (BM25's, default 1.2 and 0.75); {@code
         * solrcloud}, from {@code io.github.raglens:raglens-solr}, takes options {@code zk} ({@code
         * HOST:PORT[/chroot]}) or {@code url} ({@code http://HOST:8983/solr}), and optionally {@code
         * collection} (default {@code raglens}), {@code shards} and {@code replicas}. Index, benchmark,
         * evaluate and BEIR all use the backend; nothing is contacted until a stage runs.
         *
         * @param name the backend's name
         * @param options the backend's options
         * @throws IllegalArgumentException if no backend has the name, or it refuses the options (naming
         *     the bad one)
         */
        public Builder backend(String name, Map<String, String> options) {
            Objects.requireNonNull(name, "name");
            Map<String, String> copy = Map.copyOf(Objects.requireNonNull(options, "options"));
            IndexBackend found = IndexBackends.named(name);
            found.check(copy);
            set.record("backend", name);
            this.backend = found;
            this.backendOptions = copy;
            return this;
        }

        /**
         * The chat model for questions and answers, created on first use (default Ollama llama3.2,
         * allowed as many calls in flight as {@link #concurrency}). A client of your own keeps its own
         * limit of calls in flight ({@code maxConcurrency} of its builder, 16 by default): raise it with
         * {@link #concurrency} above 16.
         */
        public Builder llm(Supplier<? extends LlmProvider> llm) {
            Objects.requireNonNull(llm, "llm");
            set.record("llm", "a model");
            this.llm = Lazy.of(llm::get);
            return this;
        }

        /** The judge model, created on first use (default: the same as {@link #llm}). */
        public Builder judge(Supplier<? extends LlmProvider> judge) {
            Objects.requireNonNull(judge, "judge");
            set.record("judge", "a model");
            this.judge = Lazy.of(judge::get);
            return this;
        }

        /**
         * A second judge model, created on first use, that scores the same cells of {@link
         * RagLens#evaluate} with the same metrics after the first; its scores go to the same {@code
         * scores.jsonl} under its own model name, and the result reports per-metric agreement (kappa,
         * Spearman) and the cells where the judges disagree most (default: none).
         */
        public Builder secondJudge(Supplier<? extends LlmProvider> judge) {
            Objects.requireNonNull(judge, "judge");
            set.record("secondJudge", "a model");
            this.secondJudge = Lazy.of(judge::get);
            return this;
        }

        /**
         * Receives the progress of every stage called without a listener of its own ({@link
         * RagLens#ingest(Path)}, {@link RagLens#index()}, {@link RagLens#questions(int)}, {@link
         * RagLens#benchmark()}, {@link RagLens#evaluate(EvaluateOptions)} …); default {@link
         * ProgressListener#NONE}.
         */
        public Builder progress(ProgressListener listener) {
            set.record("progress", "a listener");
            Objects.requireNonNull(listener, "listener");
            this.progress = listener;
            return this;
        }

        /**
         * The cut-offs K of the retrieval metrics (default 1, 3, 5, 10).
         *
         * @throws IllegalArgumentException if a K is not positive or none is given
         */
        public Builder k(int... ks) {
            if (ks.length == 0) {
                throw new IllegalArgumentException("give at least one K");
            }
            List<Integer> list = new ArrayList<>();
            for (int k : ks) {
                if (k <= 0) {
                    throw new IllegalArgumentException("K must be > 0, was " + k);
                }
                list.add(k);
            }
            List<Integer> chosen = list.stream().distinct().sorted().toList();
            set.record("k", chosen);
            this.ks = chosen;
            return this;
        }

        /**
         * What counts as a relevant hit: the question's source chunk, its section, its evidence quote
         * in a returned text (which compares chunkers fairly) or its document; or {@link
         * Relevance#JUDGED}: evidence, and beside it every retriever's top K passages pooled and
         * graded 0–3 by the judge model ({@link #judge}), each retriever measured on the grades. Default
         * {@link Relevance#CHUNK}.
         */
        public Builder relevance(Relevance mode) {
            set.record("relevance", Objects.requireNonNull(mode, "mode"));
            this.relevance = mode;
            return this;
        }

        /** Seed of sampling and statistics (default 42). */
        public Builder seed(long seed) {
            set.record("seed", seed);
            this.seed = seed;
            return this;
        }

        /** LLM calls in flight at most (default 8). */
        public Builder concurrency(int n) {
            if (n <= 0) {
                throw new IllegalArgumentException(Setting.CONCURRENCY.apiName() + " must be at least 1, was " + n);
            }
            set.record("concurrency", n);
            this.concurrency = n;
            return this;
        }

        /**
         * Builds the pipeline.
         *
         * @throws IllegalStateException when options do not fit together, naming the fix
         */
        public RagLens build() {
            if (embeddingsDisabled) {
                for (RetrieverKind kind : retrievers) {
                    if (kind.needsEmbeddings()) {
                        throw new IllegalStateException("retriever '" + kind
                                + "' needs an embedding provider; call embeddings(...) or use only bm25()");
                    }
                }
            }
            // the config refuses the combinations left: nothing to benchmark, two of one name, lengthFair
            return new RagLens(new RagLensConfig(
                    workspace,
                    parser,
                    chunker,
                    embeddingsDisabled
                            ? null
                            : embeddings != null
                                    ? embeddings
                                    : new Defaults.IndexedEmbeddings(
                                            backend, backendOptions, new Workspace(workspace).index()),
                    retrievers,
                    customRetrievers,
                    llm != null ? llm : new Defaults.Chat(concurrency),
                    judge,
                    secondJudge,
                    progress,
                    ks,
                    relevance,
                    seed,
                    concurrency,
                    systems,
                    lengthFair,
                    evidenceRule,
                    backend,
                    backendOptions));
        }
    }
}
