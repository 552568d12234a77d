package io.github.raglens.facade.internal;

import io.github.raglens.ProgressListener;
import io.github.raglens.error.RagLensException;
import io.github.raglens.eval.benchmark.BenchmarkRunner;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.PassageGrader;
import io.github.raglens.eval.pool.Grading;
import io.github.raglens.eval.pool.JudgedMeasures;
import io.github.raglens.eval.pool.JudgedPassages;
import io.github.raglens.eval.pool.Pool;
import io.github.raglens.eval.pool.PoolHit;
import io.github.raglens.eval.pool.PoolQuestion;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.result.CostEstimate;
import io.github.raglens.result.JudgedRelevanceResult;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.IndexBackend;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.Retriever;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.usage.UsageLedger;
import io.github.raglens.workspace.Workspace;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The judging of judged relevance alone, before a benchmark: every configured retriever's top {@code
 * depth} passages for the questions pooled (same passages merged) and graded 0–3 by the judge model
 * into the workspace's call cache (evidence-bearing passages 3 without a call), live or through
 * OpenAI's Batch API, and the graded qrels and pooled runs written to {@code runs/}. A benchmark under
 * judged relevance then finds the grades in the cache and sends nothing for them.
 */
public final class JudgedRelevanceStage {

    private final RagLensConfig config;
    private final Workspace workspace;
    private final Pipeline pipeline;

    public JudgedRelevanceStage(RagLensConfig config, Workspace workspace, Pipeline pipeline) {
        this.config = config;
        this.workspace = workspace;
        this.pipeline = pipeline;
    }

    /** Pools and grades at one depth, the judge's calls going out by {@code route}; writes the TREC files. */
    public JudgedRelevanceResult run(
            List<QuestionSample> questions, int depth, CallRoute route, ProgressListener progress) {
        Pool pool = pool(questions, depth);
        progress.progress(
                "judge-relevance",
                0,
                pool.size(),
                pool.size() + " passages pooled from " + pool.systems().size() + " retrievers at depth " + depth);
        LlmProvider judge = route.route(config.judgeModel().get());
        UsageLedger.Builder prices = UsageLedger.builder();
        BatchRoute.price(prices, config.judgeModel().get().modelName(), Optional.empty());
        UsageLedger ledger = prices.build();
        Grading.Result graded;
        try (JudgeSession session = session(judge, ledger, route.concurrency(config.concurrency()))) {
            graded = Grading.grade(pool, PassageGrader.of(session));
        } finally {
            new UsageFile(workspace.usage()).save(ledger);
        }
        if (graded.stopReason().isPresent()) {
            throw new RagLensException("grading stopped: " + graded.stopReason().get()
                    + "; run again to grade the passages left (graded ones are kept in the call cache)");
        }
        JudgedMeasures.write(pool, graded.qrels(), workspace.runs());
        JudgedPassages.write(
                pool, graded.qrels(), config.judgeModel().get().modelName(), PassageGrader.VERSION, workspace.runs());
        progress.progress("judge-relevance", pool.size(), pool.size(), "done");
        return graded.summary(pool, config.judgeModel().get().modelName());
    }

    /**
     * What grading would send: one call per pooled passage that holds no evidence and whose grade is
     * not cached, priced live, or at the Batch API's price when {@code batch}.
     */
    public CostEstimate estimate(List<QuestionSample> questions, int depth, boolean batch) {
        Pool pool = pool(questions, depth);
        LlmProvider judge = config.judgeModel().get();
        UsageLedger.Builder prices = UsageLedger.builder();
        BatchRoute.price(prices, judge.modelName(), Optional.empty());
        UsageLedger ledger = prices.build();
        String priced =
                batch ? io.github.raglens.providers.OpenAiBatch.ledgerName(judge.modelName()) : judge.modelName();
        try (JudgeSession session = session(judge, ledger, config.concurrency())) {
            return Grading.estimate(
                    pool, PassageGrader.of(session), ledger.price(priced).orElse(TokenPrice.FREE));
        }
    }

    private JudgeSession session(LlmProvider judge, UsageLedger ledger, int concurrency) {
        return JudgeSession.builder(judge)
                .concurrency(concurrency)
                .callCache(workspace.judgeCalls())
                .ledger(ledger)
                .build();
    }

    /**
     * Every retriever's top {@code depth} for the questions a benchmark under judged relevance measures
     * ({@link BenchmarkRunner#judgedQuestions}: the evidence rule's selection, never more), pooled.
     */
    private Pool pool(List<QuestionSample> questions, int depth) {
        if (questions.isEmpty()) {
            throw new RagLensException(
                    "no usable questions to judge relevance for; generate or import questions first");
        }
        List<PoolQuestion> asked;
        try {
            asked = BenchmarkRunner.judgedQuestions(
                    questions, ChunksFile.read(workspace.chunks()), depth, config.evidenceRule());
        } catch (IllegalArgumentException e) {
            throw new RagLensException(e.getMessage(), e);
        }
        EmbeddingProvider embeddings =
                config.embeddings() == null ? null : config.embeddings().get();
        Map<String, Map<String, List<PoolHit>>> rankings = new LinkedHashMap<>();
        try (IndexBackend.Index index = config.retrieverKinds().isEmpty() ? null : pipeline.openIndex()) {
            for (Retriever r : config.retrievers(index, embeddings)) {
                Map<String, List<PoolHit>> byQuestion = new LinkedHashMap<>();
                for (PoolQuestion q : asked) {
                    List<PoolHit> hits = new ArrayList<>();
                    for (RetrievedChunk hit : r.retrieve(q.question(), depth).hits()) {
                        hits.add(new PoolHit(hit.chunk().id(), hit.contextText()));
                    }
                    byQuestion.put(q.queryId(), hits);
                }
                rankings.put(r.name(), byQuestion);
            }
        }
        return Pool.of(asked, rankings, depth);
    }
}
