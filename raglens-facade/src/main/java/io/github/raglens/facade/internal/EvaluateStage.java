package io.github.raglens.facade.internal;

import io.github.raglens.EvaluateOptions;
import io.github.raglens.EvaluationEstimate;
import io.github.raglens.ProgressListener;
import io.github.raglens.RunRecord;
import io.github.raglens.error.RagLensException;
import io.github.raglens.error.Remedy;
import io.github.raglens.error.UnknownPriceException;
import io.github.raglens.eval.answers.AnswerGenerator;
import io.github.raglens.eval.answers.AnswerRecord;
import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.eval.answers.EvalCases;
import io.github.raglens.eval.answers.PipelineSystem;
import io.github.raglens.eval.baseline.BaselineRecorder;
import io.github.raglens.eval.judge.ContextPrecision;
import io.github.raglens.eval.judge.CostEstimator;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.Metrics;
import io.github.raglens.eval.questions.DistinctQuestions;
import io.github.raglens.eval.sampling.StratifiedSampler;
import io.github.raglens.eval.scoring.LiveEvaluation;
import io.github.raglens.eval.scoring.ScoreAnalysis;
import io.github.raglens.eval.scoring.ScoreRecord;
import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.internal.Cell;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.HumanLabel;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.result.Aggregation;
import io.github.raglens.result.CostEstimate;
import io.github.raglens.result.EvaluationResult;
import io.github.raglens.result.ScoringSummary;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.IndexBackend;
import io.github.raglens.spi.Judge;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.spi.Retriever;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.usage.UsageLedger;
import io.github.raglens.usage.UsageMetered;
import io.github.raglens.workspace.Workspace;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.LongSummaryStatistics;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The evaluate stage: answers for a stratified sample of the questions × each retriever, judged with
 * the chosen metrics through raglens-eval's judge package; resumable at every step.
 */
public final class EvaluateStage {

    private static final Logger LOG = LoggerFactory.getLogger(EvaluateStage.class);

    private final RagLensConfig config;
    private final Workspace workspace;
    private final List<QuestionSample> questions;

    public EvaluateStage(RagLensConfig config, Workspace workspace, List<QuestionSample> questions) {
        this.config = config;
        this.workspace = workspace;
        this.questions = questions;
    }

    /** Reads human labels, each checked against the workspace's questions and what this run evaluates. */
    private List<HumanLabel> readLabels(Path file, EvaluateOptions options) {
        return Labelling.read(
                file,
                questions.stream().map(QuestionSample::id).collect(Collectors.toSet()),
                options.metrics().stream().map(JudgeMetric::label).toList(),
                retrieverNames());
    }

    /** The names of every system evaluated: each retriever's pipeline, then the users' own systems. */
    private List<String> retrieverNames() {
        List<String> names = new ArrayList<>();
        config.retrieverKinds().forEach(kind -> names.add(kind.label()));
        config.customRetrievers().forEach(r -> names.add(r.name()));
        config.systems().forEach(s -> names.add(s.name()));
        return names;
    }

    private List<QuestionSample> sample(EvaluateOptions options) {
        if (questions.isEmpty()) {
            throw new RagLensException(
                    workspace.questions() + " holds no usable question; " + Remedy.QUESTIONS.first());
        }
        DistinctQuestions distinct = DistinctQuestions.of(questions);
        distinct.message().ifPresent(LOG::warn);
        return StratifiedSampler.withSeed(config.seed()).sample(distinct.questions(), options.sample());
    }

    /** The run's ledger: each model at its own price (the options', else the listed one), the budget. */
    private UsageLedger ledger(
            EvaluateOptions options, String answerModel, String judgeModel, EmbeddingProvider embeddings) {
        UsageLedger.Builder b = UsageLedger.builder();
        if (embeddings != null) {
            options.embeddingPrice().ifPresent(p -> b.price(embeddings.modelName(), p));
        }
        options.answerPrice().ifPresent(p -> b.price(answerModel, p));
        options.judgePrice().ifPresent(p -> b.price(judgeModel, p));
        if (options.batch()) {
            BatchRoute.price(b, answerModel, options.answerPrice());
            BatchRoute.price(b, judgeModel, options.judgePrice());
            config.secondJudgeModel().ifPresent(second -> BatchRoute.price(b, second.modelName(), Optional.empty()));
        }
        options.budgetUsd().ifPresent(b::budgetUsd);
        UsageLedger ledger = b.build();
        if (options.budgetUsd().isPresent()) {
            requirePrice(ledger, answerModel, UnknownPriceException.Role.ANSWERS, "answerPrice");
            requirePrice(ledger, judgeModel, UnknownPriceException.Role.JUDGE, "judgePrice");
            config.secondJudgeModel().ifPresent(second -> {
                if (ledger.price(second.modelName()).isEmpty()) {
                    throw new UnknownPriceException(
                            second.modelName(),
                            UnknownPriceException.Role.JUDGE,
                            "a budget needs the price of every paid model, and none is known for the second judge '"
                                    + second.modelName() + "'; choose a model with a listed price or drop the budget");
                }
            });
            // Embedding models that report no usage (local ONNX, user code) cost nothing here.
            if (embeddings instanceof UsageMetered<?>) {
                requirePrice(ledger, embeddings.modelName(), UnknownPriceException.Role.EMBEDDINGS, "embeddingPrice");
            }
        }
        return ledger;
    }

    private static void requirePrice(UsageLedger ledger, String model, UnknownPriceException.Role role, String option) {
        if (ledger.price(model).isEmpty()) {
            throw new UnknownPriceException(
                    model,
                    role,
                    "a budget needs the price of every paid model, and none is known for '" + model
                            + "'; give it with EvaluateOptions.Builder." + option
                            + "(TokenPrice.of(inputPerMillion, outputPerMillion))");
        }
    }

    /** The source passages of the questions, read from {@code chunks.jsonl} without holding the rest. */
    private Map<String, String> sourceTexts(List<QuestionSample> picked) {
        return ChunksFile.texts(
                workspace.chunks(),
                picked.stream().flatMap(q -> q.sourceChunkIds().stream()).collect(Collectors.toSet()));
    }

    /** What the run would send, without sending anything. */
    public EvaluationEstimate estimate(EvaluateOptions options) {
        // A dry run checks the human labels too, so a bad file is found before any money is spent.
        options.humanLabels().ifPresent(file -> readLabels(file, options));
        List<QuestionSample> picked = sample(options);
        List<String> retrievers = retrieverNames();
        String answerModel = config.llm().get().modelName();
        String judgeModel = config.judgeModel().get().modelName();
        UsageLedger ledger = ledger(options, answerModel, judgeModel, null);
        // one pass over chunks.jsonl: the corpus's mean chunk length, and the sample's source passages
        Set<String> sources =
                picked.stream().flatMap(q -> q.sourceChunkIds().stream()).collect(Collectors.toSet());
        Map<String, String> sourceTexts = new HashMap<>();
        LongSummaryStatistics lengths = new LongSummaryStatistics();
        ChunksFile.forEach(workspace.chunks(), c -> {
            lengths.accept(c.text().length());
            if (sources.contains(c.id())) {
                sourceTexts.put(c.id(), c.text());
            }
        });
        int avgChunk = (int) lengths.getAverage();
        CostEstimate answers = CostEstimator.forAnswers(
                picked,
                retrievers,
                workspace.answers(),
                avgChunk * options.contexts(),
                ledger.price(answerModel).orElse(TokenPrice.FREE));
        // Pairs not answered yet are estimated with the reference answer standing in for the answer.
        Map<Cell, AnswerRecord> done = new HashMap<>();
        for (AnswerRecord a : AnswerGenerator.read(workspace.answers())) {
            if (a.isOk()) {
                done.put(a.cell(), a);
            }
        }
        List<EvalCase> cases = new ArrayList<>();
        for (QuestionSample q : picked) {
            String source = sourceTexts.get(q.sourceChunkId());
            for (String r : retrievers) {
                AnswerRecord a = done.get(new Cell(r, q.id()));
                List<String> contexts = new ArrayList<>();
                if (a != null) {
                    contexts.addAll(a.contextTexts());
                } else {
                    for (int i = 0; i < options.contexts(); i++) {
                        contexts.add(source == null ? "" : source);
                    }
                }
                cases.add(new EvalCase(
                        r,
                        q.id(),
                        q.question(),
                        a != null ? a.answer() : "(estimate for " + r + ") " + q.referenceAnswer(),
                        contexts,
                        q.referenceAnswer(),
                        // the source passages, as the run's cells carry them: the nuggets are made from them
                        q.sourceChunkIds().stream()
                                .map(sourceTexts::get)
                                .filter(t -> t != null)
                                .toList()));
            }
        }
        CostEstimate judging = judging(judgeModel, cases, options, ledger);
        String secondModel =
                config.secondJudgeModel().map(LlmProvider::modelName).orElse("");
        CostEstimate secondJudging =
                secondModel.isEmpty() ? CostEstimate.NONE : judging(secondModel, cases, options, ledger);
        return new EvaluationEstimate(
                picked.size(),
                retrievers,
                options.metrics(),
                answerModel,
                answers,
                judgeModel,
                judging,
                secondModel,
                secondJudging);
    }

    /** The calls one judge model would send for the cases, at its price in the ledger. */
    private CostEstimate judging(String model, List<EvalCase> cases, EvaluateOptions options, UsageLedger ledger) {
        LlmProvider silent = new LlmProvider() {
            @Override
            public String modelName() {
                return model;
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                throw new IllegalStateException("an estimate sends nothing");
            }
        };
        try (JudgeSession session = JudgeSession.builder(silent)
                .callCache(workspace.judgeCalls())
                .nuggets(workspace.nuggets(), workspace.nuggetAssignments())
                .ledger(ledger)
                .build()) {
            return CostEstimator.forScoring(
                    cases, judgeMetrics(options, session), session, workspace.scores(), options.repeats());
        }
    }

    /** Answers and judges the sample; writes answers.jsonl, scores.jsonl and evaluation.json. */
    public EvaluationResult run(EvaluateOptions options, ProgressListener progress) {
        try (CallRoute route = options.batch()
                ? BatchRoute.open(
                        options.batchTiming(), workspace, config.judgeModel().get())
                : CallRoute.live()) {
            EvaluationResult result = run(options, progress, route);
            if (options.batch()) {
                progress.progress("batch", 1, 1, route.describe());
            }
            return result;
        }
    }

    private EvaluationResult run(EvaluateOptions options, ProgressListener progress, CallRoute route) {
        Instant startedAt = Instant.now();
        LlmProvider answering = config.llm().get();
        LlmProvider judge = route.route(config.judgeModel().get());
        // Read while the embedding model loads (RagLens.evaluate started it), before any call is sent,
        // so a bad file costs nothing.
        Optional<List<HumanLabel>> labels = options.humanLabels().map(file -> readLabels(file, options));
        List<QuestionSample> picked = sample(options);
        Map<String, String> sourceTexts = sourceTexts(picked);
        EmbeddingProvider embeddings =
                config.embeddings() == null ? null : config.embeddings().get();
        UsageLedger ledger = ledger(options, answering.modelName(), judge.modelName(), embeddings);
        boolean needsIndex = !config.retrieverKinds().isEmpty();
        UsageFile usage = new UsageFile(workspace.usage());
        LlmProvider llm = ledger.meter(route.route(answering), "answers");
        int concurrency = route.concurrency(config.concurrency());
        List<String> names = retrieverNames();
        AnswerGenerator.Summary answers;
        Judged first;
        try (IndexBackend.Index index = needsIndex ? new Pipeline(config).openIndex() : null) {
            List<RagSystem> systems = new ArrayList<>();
            for (Retriever r : config.retrievers(
                    index, embeddings == null ? null : new QueryMemo(ledger.meter(embeddings, "answers")))) {
                systems.add(PipelineSystem.of(r, llm, options.contexts()));
            }
            Map<String, String> origins = new HashMap<>();
            for (RagSystem own : config.systems()) {
                systems.add(own);
                origins.put(own.name(), ExternalOrigin.of(own));
            }
            progress.progress(
                    "evaluate",
                    0,
                    1,
                    picked.size() + " questions × " + systems.size() + " systems with " + llm.modelName()
                            + ", judged by " + judge.modelName());
            try (JudgeSession session = session(judge, embeddings, ledger, concurrency)) {
                List<Judge> metrics = judgeMetrics(options, session);
                Scorer scorer = Scorer.builder(workspace.scores())
                        .session(session)
                        .metrics(metrics)
                        .repeats(options.repeats())
                        .build();
                LiveEvaluation.Result live = LiveEvaluation.of(llm, options.contexts(), session, scorer)
                        .run(
                                workspace.answers(),
                                picked,
                                systems,
                                origins,
                                sourceTexts::get,
                                p -> progress.progress(
                                        "evaluate", p.pairsDone() + p.cellsDone(), p.pairs() + p.cells(), status(p)));
                answers = live.answers();
                first = new Judged(live.scoring(), metrics, live.scores());
            } finally {
                usage.save(ledger);
            }
        }
        if (answers.counts().stopReason().isPresent()) {
            throw new RagLensException(
                    "answering stopped: " + answers.counts().stopReason().get());
        }
        // only the answers made by this configuration: one from an older chunking or model is never judged
        List<Judge> metrics = first.metrics();
        ScoringSummary summary = first.summary();
        // the records of this run's cells, as the scorers left them: scores.jsonl is not read again
        List<ScoreRecord> records = new ArrayList<>(first.records());
        Optional<LlmProvider> second = config.secondJudgeModel().map(route::route);
        if (second.isPresent()) {
            List<EvalCase> cases = EvalCases.from(answers.current(), picked, sourceTexts::get);
            records.addAll(scoreWithSecondJudge(
                    second.get(), cases, options, embeddings, ledger, usage, progress, concurrency));
        }
        ScoreAnalysis.Builder analysis = ScoreAnalysis.builder(records, metrics, judge.modelName())
                .systems(names, picked.stream().map(QuestionSample::id).collect(Collectors.toSet()))
                .selfConsistency(options.repeats() > 1);
        labels.ifPresent(analysis::humanLabels);
        second.ifPresent(b -> analysis.secondJudge(b.modelName(), EvaluationResult.DISAGREEMENTS_SHOWN));
        ScoreAnalysis.Result analysed = analysis.analyse();
        Aggregation aggregation = analysed.aggregation();
        // results from before the run index are kept as a run before this one overwrites them
        RunRecorder.adoptExisting(workspace);
        EvaluationFile.write(workspace.evaluation(), aggregation, answers.counts(), analysed.calibration());
        Map<String, String> versions = new LinkedHashMap<>();
        metrics.forEach(m -> versions.put(m.metric(), m.version()));
        BaselineRecorder.fromScores(
                        records,
                        versions,
                        judge.modelName(),
                        picked.stream()
                                .collect(Collectors.toMap(QuestionSample::id, QuestionSample::question, (a, b) -> a)))
                .write(workspace.evaluationBaseline());
        JudgeAgreementFile.of(analysed.agreement(), analysed.disagreements()).writeTo(workspace.judgeAgreement());
        Manifest.load(workspace.manifest())
                .complete(
                        Stage.EVALUATE,
                        "systems=" + names + "\nexternal="
                                + config.systems().stream()
                                        .map(x -> x.name() + "@" + ExternalOrigin.of(x)
                                                + x.version()
                                                        .map(v -> " version " + v)
                                                        .orElse(""))
                                        .toList()
                                + "\nanswer-model=" + llm.modelName() + "\njudge-model=" + judge.modelName()
                                + "\nk=" + options.contexts() + "\nsample=" + options.sample() + "\nseed="
                                + config.seed()
                                + "\nmetrics=" + options.metrics(),
                        RagLensVersion.get());
        RunRecorder.record(workspace, RunRecord.EVALUATE, startedAt);
        return new EvaluationResult(
                picked.size(),
                answers.counts(),
                summary,
                aggregation,
                analysed.consistency(),
                analysed.calibration(),
                analysed.agreement(),
                analysed.disagreements());
    }

    /** The live run's status line: answers, calls in flight and the rate against the limit, cost. */
    private static String status(LiveEvaluation.Progress p) {
        return String.format(
                Locale.ROOT,
                "answers %d/%d, in flight %d/%d, %.1f calls/s of %.1f/s possible, failed %d, judge calls %d,"
                        + " tokens %d, $%.4f",
                p.pairsDone(),
                p.pairs(),
                p.inFlight(),
                p.concurrency(),
                p.callsPerSecond(),
                p.limitPerSecond(),
                p.cellsFailed(),
                p.judge().callsSent(),
                p.judge().usage().total(),
                p.judge().costUsd());
    }

    private JudgeSession session(LlmProvider judge, EmbeddingProvider embeddings, UsageLedger ledger, int concurrency) {
        JudgeSession.Builder sb = JudgeSession.builder(judge)
                .concurrency(concurrency)
                .callCache(workspace.judgeCalls())
                .nuggets(workspace.nuggets(), workspace.nuggetAssignments())
                .ledger(ledger);
        if (embeddings != null) {
            sb.embeddings(embeddings);
        }
        return sb.build();
    }

    /** What one judge's scoring run did, the metrics it scored and the records of its cells. */
    private record Judged(ScoringSummary summary, List<Judge> metrics, List<ScoreRecord> records) {}

    /**
     * Scores the cases again with the second judge, after the first judge's one-pass evaluation;
     * its calls are counted in the run's ledger.
     *
     * @return the records of the cases' cells by the second judge, for the agreement section
     */
    private List<ScoreRecord> scoreWithSecondJudge(
            LlmProvider judge,
            List<EvalCase> cases,
            EvaluateOptions options,
            EmbeddingProvider embeddings,
            UsageLedger ledger,
            UsageFile usage,
            ProgressListener progress,
            int concurrency) {
        try (JudgeSession session = session(judge, embeddings, ledger, concurrency)) {
            List<Judge> metrics = judgeMetrics(options, session);
            int total = cases.size() * metrics.size();
            progress.progress("second judge", 0, total, "judging with " + judge.modelName());
            return Scorer.builder(workspace.scores())
                    .session(session)
                    .metrics(metrics)
                    .repeats(options.repeats())
                    .progress(p -> progress.progress(
                            "second judge",
                            p.done(),
                            p.total(),
                            String.format(
                                    Locale.ROOT,
                                    "failed %d, calls %d, tokens %d, $%.4f",
                                    p.failed(),
                                    p.judge().callsSent(),
                                    p.judge().usage().total(),
                                    p.judge().costUsd())))
                    .build()
                    .score(cases)
                    .records();
        } finally {
            usage.save(ledger);
        }
    }

    /** The judge metrics the options name, created in the session (null when no judge metric is named). */
    private static List<Judge> judgeMetrics(EvaluateOptions options, JudgeSession session) {
        return options.ragasCompatible()
                ? Metrics.ragasCompatible(options.metrics(), session)
                : Metrics.create(
                        options.metrics(),
                        session,
                        options.contextPrecisionPerContext()
                                ? ContextPrecision.Mode.PER_CONTEXT
                                : ContextPrecision.Mode.ONE_CALL);
    }
}
