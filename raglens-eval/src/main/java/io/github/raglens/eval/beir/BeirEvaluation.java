package io.github.raglens.eval.beir;

import io.github.raglens.eval.RetrievalMetrics;
import io.github.raglens.eval.ScoredId;
import io.github.raglens.eval.trec.TrecRuns;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.result.BeirScore;
import io.github.raglens.spi.Retriever;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Runs judged queries through a {@link Retriever} and scores the rankings as trec_eval does (ties
 * broken like trec_eval, graded gains for nDCG), writing the run in TREC format ({@code qid Q0 docid
 * rank score raglens-NAME}). A hit's chunk id is its document id: one chunk per document, as BEIR
 * corpora are indexed.
 *
 * <p>Stateless and thread-safe; the retriever is called from the calling thread only.
 */
public final class BeirEvaluation {

    /** Hits retrieved per query at least: Recall@100 needs 100. */
    public static final int MIN_HITS = 100;

    private BeirEvaluation() {}

    /**
     * Evaluates one retriever.
     *
     * @param retriever the system under test
     * @param queries query id → text, in the order to run them
     * @param qrels query id → document id → relevance (above 0 is relevant); queries without
     *     judgements score 0
     * @param hits hits retrieved per query, at least {@value #MIN_HITS}
     * @param runFile the TREC run file to write (replaced)
     * @throws IllegalArgumentException if {@code hits} is below {@value #MIN_HITS}
     * @throws UncheckedIOException if the run file cannot be written
     */
    public static BeirScore evaluate(
            Retriever retriever,
            Map<String, String> queries,
            Map<String, Map<String, Integer>> qrels,
            int hits,
            Path runFile) {
        Objects.requireNonNull(retriever, "retriever");
        Objects.requireNonNull(queries, "queries");
        Objects.requireNonNull(qrels, "qrels");
        Objects.requireNonNull(runFile, "runFile");
        if (hits < MIN_HITS) {
            throw new IllegalArgumentException(
                    "hits must be >= " + MIN_HITS + " (Recall@100 needs 100 hits), was " + hits);
        }
        double ndcg = 0;
        double recall = 0;
        double mrr = 0;
        long[] latencies = new long[queries.size()];
        int i = 0;
        try (BufferedWriter w = Files.newBufferedWriter(runFile, StandardCharsets.UTF_8)) {
            for (Map.Entry<String, String> q : queries.entrySet()) {
                long t0 = System.nanoTime();
                RetrievalResult result = retriever.retrieve(q.getValue(), hits);
                latencies[i++] = System.nanoTime() - t0;
                List<ScoredId> scored = new ArrayList<>(result.hits().size());
                Map<String, Double> scoreOf = new HashMap<>();
                for (RetrievedChunk h : result.hits()) {
                    scored.add(new ScoredId(h.chunk().id(), h.score()));
                    scoreOf.put(h.chunk().id(), h.score());
                }
                List<String> ranking = RetrievalMetrics.trecOrder(scored);
                Map<String, Double> gains = new HashMap<>();
                Set<String> relevant = new HashSet<>();
                qrels.getOrDefault(q.getKey(), Map.of()).forEach((doc, rel) -> {
                    if (rel > 0) {
                        gains.put(doc, rel.doubleValue());
                        relevant.add(doc);
                    }
                });
                ndcg += RetrievalMetrics.ndcgAt(ranking, gains, 10);
                recall += RetrievalMetrics.recallAt(ranking, relevant, 100);
                mrr += RetrievalMetrics.reciprocalRankAt(ranking, relevant, 10);
                for (int rank = 0; rank < ranking.size(); rank++) {
                    String doc = ranking.get(rank);
                    w.write(TrecRuns.line(q.getKey(), doc, rank + 1, scoreOf.get(doc), "raglens-" + retriever.name()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the run file " + runFile, e);
        }
        int n = queries.size();
        Arrays.sort(latencies);
        double p50 = n == 0 ? 0 : latencies[(n - 1) / 2] / 1e6;
        return new BeirScore(
                retriever.name(),
                n,
                n == 0 ? 0 : ndcg / n,
                n == 0 ? 0 : recall / n,
                n == 0 ? 0 : mrr / n,
                p50,
                runFile);
    }
}
