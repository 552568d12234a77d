package io.github.raglens;

import io.github.raglens.error.RagLensException;
import io.github.raglens.error.StoreException;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.PassageGrader;
import io.github.raglens.eval.pool.Grading;
import io.github.raglens.eval.pool.JudgedMeasures;
import io.github.raglens.eval.pool.Pool;
import io.github.raglens.eval.pool.PoolHit;
import io.github.raglens.eval.pool.PoolQuestion;
import io.github.raglens.eval.pool.RelevanceComparison;
import io.github.raglens.internal.Json;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.result.CostEstimate;
import io.github.raglens.result.JudgedRelevanceReport;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.IndexBackend;
import io.github.raglens.spi.Retriever;
import io.github.raglens.usage.UsageLedger;
import io.github.raglens.workspace.Workspace;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Judged relevance over the workspace's questions: every configured retriever's top {@code depth}
 * passages pooled (same passages merged), graded 0–3 by the judge model with the workspace's call
 * cache (evidence-bearing passages 3 without a call), the graded qrels and runs written to {@code
 * runs/}, and {@code judged-relevance.json} comparing the retrievers under judged and evidence
 * relevance.
 */
final class JudgedRelevanceStage {

    private final RagLensConfig config;
    private final Workspace workspace;
    private final Pipeline pipeline;

    JudgedRelevanceStage(RagLensConfig config, Workspace workspace, Pipeline pipeline) {
        this.config = config;
        this.workspace = workspace;
        this.pipeline = pipeline;
    }

    /** Pools, grades and compares at one depth (the pool's and the measures' cut-off); writes the TREC files and judged-relevance.json. */
    JudgedRelevanceReport run(List<QuestionSample> questions, int depth, ProgressListener progress) {
        Pool pool = pool(questions, depth);
        progress.progress(
                "judge-relevance",
                0,
                pool.size(),
                pool.size() + " passages pooled from " + pool.systems().size() + " retrievers at depth " + depth);
        UsageLedger ledger = new UsageLedger();
        Grading.Result graded;
        try (JudgeSession session = session(ledger)) {
            graded = Grading.grade(pool, PassageGrader.of(session));
        } finally {
            new UsageFile(workspace.usage()).save(ledger);
        }
        if (graded.stopReason().isPresent()) {
            throw new RagLensException("grading stopped: " + graded.stopReason().get()
                    + "; run again to grade the passages left (graded ones are kept in the call cache)");
        }
        JudgedMeasures.write(pool, graded.qrels(), workspace.runs());
        JudgedRelevanceReport report =
                RelevanceComparison.of(pool, graded, config.judgeModel().get().modelName(), depth);
        try {
            Json.prettyWriter().writeValue(workspace.judgedRelevance().toFile(), report);
        } catch (IOException e) {
            throw new StoreException(
                    workspace.judgedRelevance(), "cannot write " + workspace.judgedRelevance() + ": " + e, e);
        }
        progress.progress("judge-relevance", pool.size(), pool.size(), "done");
        return report;
    }

    /** What grading would send: the passages without evidence whose grade is not cached. */
    CostEstimate estimate(List<QuestionSample> questions, int depth) {
        Pool pool = pool(questions, depth);
        UsageLedger ledger = new UsageLedger();
        try (JudgeSession session = session(ledger)) {
            String model = session.modelName();
            return Grading.estimate(
                    pool, PassageGrader.of(session), ledger.price(model).orElse(TokenPrice.FREE));
        }
    }

    private JudgeSession session(UsageLedger ledger) {
        return JudgeSession.builder(config.judgeModel().get())
                .concurrency(config.concurrency())
                .callCache(workspace.judgeCalls())
                .ledger(ledger)
                .build();
    }

    /** Every retriever's top {@code depth} for every question, pooled. */
    private Pool pool(List<QuestionSample> questions, int depth) {
        if (questions.isEmpty()) {
            throw new RagLensException(
                    "no usable questions to judge relevance for; generate or import questions first");
        }
        List<PoolQuestion> asked = new ArrayList<>();
        questions.forEach(q -> asked.add(new PoolQuestion(q.id(), q.question(), q.evidence())));
        EmbeddingProvider embeddings =
                config.embeddings() == null ? null : config.embeddings().get();
        Map<String, Map<String, List<PoolHit>>> rankings = new LinkedHashMap<>();
        try (IndexBackend.Index index = config.retrieverKinds().isEmpty() ? null : pipeline.openIndex()) {
            for (Retriever r : config.retrievers(index, embeddings)) {
                Map<String, List<PoolHit>> byQuestion = new LinkedHashMap<>();
                for (QuestionSample q : questions) {
                    List<PoolHit> hits = new ArrayList<>();
                    for (RetrievedChunk hit : r.retrieve(q.question(), depth).hits()) {
                        hits.add(new PoolHit(hit.chunk().id(), hit.contextText()));
                    }
                    byQuestion.put(q.id(), hits);
                }
                rankings.put(r.name(), byQuestion);
            }
        }
        return Pool.of(asked, rankings, depth);
    }
}
