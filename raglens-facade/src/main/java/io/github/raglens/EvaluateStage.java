package io.github.raglens;

import io.github.raglens.error.RagLensException;
import io.github.raglens.error.StoreException;
import io.github.raglens.eval.judge.Aggregation;
import io.github.raglens.eval.judge.AnswerGenerator;
import io.github.raglens.eval.judge.AnswerRecord;
import io.github.raglens.eval.judge.CostEstimate;
import io.github.raglens.eval.judge.EvalCase;
import io.github.raglens.eval.judge.EvalCases;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.Metric;
import io.github.raglens.eval.judge.Metrics;
import io.github.raglens.eval.judge.PipelineSystem;
import io.github.raglens.eval.judge.ScoreRecord;
import io.github.raglens.eval.judge.Scorer;
import io.github.raglens.eval.judge.ScoringSummary;
import io.github.raglens.eval.sampling.StratifiedSampler;
import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.internal.Json;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.retrieval.LuceneIndex;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.spi.Retriever;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.workspace.Manifest;
import io.github.raglens.workspace.Stage;
import io.github.raglens.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The evaluate stage: answers for a stratified sample of the questions × each retriever, judged with
 * the chosen metrics through raglens-eval's judge package; resumable at every step.
 */
final class EvaluateStage {

    private final RagLensConfig config;
    private final Workspace workspace;
    private final List<QuestionSample> questions;

    EvaluateStage(RagLensConfig config, Workspace workspace, List<QuestionSample> questions) {
        this.config = config;
        this.workspace = workspace;
        this.questions = questions;
    }

    /** The names of every system evaluated: each retriever's pipeline, then the users' own systems. */
    private List<String> retrieverNames() {
        List<String> names = new ArrayList<>(config.retrieverNames());
        config.customRetrievers().forEach(r -> names.add(r.name()));
        config.systems().forEach(s -> names.add(s.name()));
        return names;
    }

    private List<QuestionSample> sample(EvaluateOptions options) {
        if (questions.isEmpty()) {
            throw new RagLensException(
                    workspace.questions() + " holds no usable question; run `raglens questions --docs DIR` first");
        }
        return StratifiedSampler.withSeed(config.seed()).sample(questions, options.sample());
    }

    private static TokenPrice price(String model, Optional<TokenPrice> given) {
        return given.orElseGet(() -> UsageLog.defaultPrice(model));
    }

    private Map<String, Chunk> chunks() {
        Map<String, Chunk> byId = new HashMap<>();
        for (Chunk c : ChunksFile.read(workspace.chunks())) {
            byId.put(c.id(), c);
        }
        return byId;
    }

    /** What the run would send, without sending anything. */
    EvaluationEstimate estimate(EvaluateOptions options) {
        Map<String, Chunk> chunks = chunks();
        List<QuestionSample> picked = sample(options);
        List<String> retrievers = retrieverNames();
        String answerModel = config.llm().get().modelName();
        String judgeModel = config.judgeModel().get().modelName();
        int avgChunk = (int) chunks.values().stream()
                .mapToInt(c -> c.text().length())
                .average()
                .orElse(0);
        CostEstimate answers = CostEstimate.forAnswers(
                picked,
                retrievers,
                workspace.answers(),
                avgChunk * options.k(),
                price(answerModel, options.answerPrice()));
        // Pairs not answered yet are estimated with the reference answer standing in for the answer.
        Map<String, AnswerRecord> done = new HashMap<>();
        for (AnswerRecord a : AnswerGenerator.read(workspace.answers())) {
            if (a.isOk()) {
                done.put(a.retriever() + "\u001f" + a.questionId(), a);
            }
        }
        List<EvalCase> cases = new ArrayList<>();
        for (QuestionSample q : picked) {
            for (String r : retrievers) {
                AnswerRecord a = done.get(r + "\u001f" + q.id());
                List<String> contexts = new ArrayList<>();
                if (a != null) {
                    contexts.addAll(a.contextTexts());
                } else {
                    Chunk source = chunks.get(q.sourceChunkId());
                    for (int i = 0; i < options.k(); i++) {
                        contexts.add(source == null ? "" : source.text());
                    }
                }
                cases.add(new EvalCase(
                        r,
                        q.id(),
                        q.question(),
                        a != null ? a.answer() : "(estimate for " + r + ") " + q.referenceAnswer(),
                        contexts,
                        q.referenceAnswer(),
                        List.of()));
            }
        }
        LlmProvider silent = new LlmProvider() {
            @Override
            public String modelName() {
                return judgeModel;
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                throw new IllegalStateException("an estimate sends nothing");
            }
        };
        CostEstimate judging;
        try (JudgeSession session = JudgeSession.builder(silent)
                .callCache(workspace.judgeCalls())
                .price(price(judgeModel, options.judgePrice()))
                .build()) {
            judging = CostEstimate.forScoring(
                    cases,
                    Metrics.create(options.metrics(), session, options.contextPrecision()),
                    session,
                    workspace.scores());
        }
        return new EvaluationEstimate(
                picked.size(), retrievers, options.metrics(), answerModel, answers, judgeModel, judging);
    }

    /** Answers and judges the sample; writes answers.jsonl, scores.jsonl and evaluation.json. */
    EvaluationResult run(EvaluateOptions options, ProgressListener progress) {
        Map<String, Chunk> chunks = chunks();
        List<QuestionSample> picked = sample(options);
        boolean needsIndex = !config.retrieverNames().isEmpty();
        if (needsIndex && !Files.isDirectory(workspace.index())) {
            throw new RagLensException("no index at " + workspace.index() + "; run `raglens index --docs DIR` first");
        }
        UsageLog usage = new UsageLog(workspace.usage());
        LlmProvider answering = config.llm().get();
        MeteredLlm llm =
                new MeteredLlm(answering, "answers", usage, price(answering.modelName(), options.answerPrice()));
        LlmProvider judging = config.judgeModel().get();
        MeteredLlm judge = new MeteredLlm(judging, "judge", usage, price(judging.modelName(), options.judgePrice()));
        EmbeddingProvider embeddings =
                config.embeddings() == null ? null : config.embeddings().get();
        List<String> names = retrieverNames();
        AnswerGenerator.Summary answers;
        try (LuceneIndex index = needsIndex
                ? LuceneIndex.builder().directory(workspace.index()).open()
                : LuceneIndex.builder().inMemory().open()) {
            List<RagSystem> systems = new ArrayList<>();
            for (Retriever r : config.retrievers(index, embeddings)) {
                systems.add(PipelineSystem.of(r, llm, options.k()));
            }
            Map<String, String> origins = new HashMap<>();
            for (RagSystem own : config.systems()) {
                systems.add(own);
                origins.put(own.name(), ExternalOrigin.of(own));
            }
            int pairs = picked.size() * systems.size();
            progress.progress(
                    "answers",
                    0,
                    pairs,
                    picked.size() + " questions × " + systems.size() + " systems with " + llm.modelName());
            UsageLog.EmbeddingCount beforeAnswers = UsageLog.EmbeddingCount.of(embeddings);
            try {
                answers = AnswerGenerator.of(llm, options.k(), config.concurrency())
                        .generate(workspace.answers(), picked, systems, origins);
            } finally {
                usage.recordEmbeddings("answers", embeddings, beforeAnswers);
                usage.save();
            }
            progress.progress("answers", pairs, pairs, answers.failed() + " failed");
        }
        if (answers.stopReason().isPresent()) {
            throw new RagLensException(
                    "answering stopped: " + answers.stopReason().get());
        }
        // only the answers made by this configuration: one from an older chunking or model is never judged
        List<EvalCase> cases = EvalCases.from(answers.current(), picked, id -> {
            Chunk c = chunks.get(id);
            return c == null ? null : c.text();
        });
        JudgeSession.Builder sb = JudgeSession.builder(judge)
                .concurrency(config.concurrency())
                .callCache(workspace.judgeCalls())
                .price(price(judge.modelName(), options.judgePrice()));
        if (embeddings != null) {
            sb.embeddings(embeddings);
        }
        options.budgetUsd().ifPresent(sb::budgetUsd);
        ScoringSummary summary;
        List<Metric> metrics;
        UsageLog.EmbeddingCount beforeJudging = UsageLog.EmbeddingCount.of(embeddings);
        try (JudgeSession session = sb.build()) {
            metrics = Metrics.create(options.metrics(), session, options.contextPrecision());
            int total = cases.size() * metrics.size();
            progress.progress("evaluate", 0, total, "judging with " + judge.modelName());
            summary = Scorer.builder(workspace.scores())
                    .session(session)
                    .metrics(metrics)
                    .progress(p -> progress.progress(
                            "evaluate",
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
                    .score(cases);
        } finally {
            usage.recordEmbeddings("judge", embeddings, beforeJudging);
            usage.save();
        }
        Set<String> currentCells = new HashSet<>();
        cases.forEach(c -> currentCells.add(c.retriever() + '\u001f' + c.questionId() + '\u001f' + c.inputsHash()));
        List<ScoreRecord> currentScores = Scorer.read(workspace.scores()).stream()
                .filter(r -> currentCells.contains(r.retriever() + '\u001f' + r.questionId() + '\u001f' + r.inputs()))
                .toList();
        Aggregation aggregation = Aggregation.of(
                currentScores,
                names,
                picked.stream().map(QuestionSample::id).collect(Collectors.toSet()),
                metrics,
                judge.modelName(),
                Bootstrap.defaults(),
                PairedRandomizationTest.defaults());
        try {
            Json.mapper()
                    .writerWithDefaultPrettyPrinter()
                    .writeValue(workspace.evaluation().toFile(), aggregation);
        } catch (IOException e) {
            throw new StoreException(workspace.evaluation(), "cannot write " + workspace.evaluation() + ": " + e, e);
        }
        Manifest.load(workspace.manifest())
                .complete(
                        Stage.EVALUATE,
                        "systems=" + names + "\nexternal="
                                + config.systems().stream()
                                        .map(x -> x.name() + "@" + ExternalOrigin.of(x))
                                        .toList()
                                + "\nanswer-model=" + llm.modelName() + "\njudge-model=" + judge.modelName()
                                + "\nk=" + options.k() + "\nsample=" + options.sample() + "\nseed=" + config.seed()
                                + "\nmetrics=" + options.metrics(),
                        RagLensVersion.get());
        return new EvaluationResult(picked.size(), answers, summary, aggregation);
    }
}
