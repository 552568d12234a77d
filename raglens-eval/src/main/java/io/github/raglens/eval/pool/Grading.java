package io.github.raglens.eval.pool;

import io.github.raglens.eval.judge.CellFailure;
import io.github.raglens.eval.judge.PassageGrader;
import io.github.raglens.eval.judge.RunStopped;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.result.CostEstimate;
import io.github.raglens.result.JudgedRelevanceResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Grades a pool: a passage holding the question's evidence is grade 3 without a call, every other
 * one is graded by the judge ({@link PassageGrader}), all at once on virtual threads bounded by the
 * judge session's permits. A passage whose grade could not be had stays unjudged (left out of the
 * qrels) and is counted with its reason.
 */
public final class Grading {

    /** Completion tokens a grade's reply is counted at in an estimate. */
    private static final int GRADE_TOKENS = 40;

    private Grading() {}

    /**
     * The graded pool.
     *
     * @param qrels per query id, per pooled passage id, its grade 0–3, in the questions' order
     * @param passages passages pooled
     * @param byEvidence passages graded 3 because they hold the evidence, without a call
     * @param judged passages the judge graded
     * @param failures passages left unjudged, by reason
     * @param stopReason why grading stopped early (budget spent, fatal provider error), if it did
     */
    public record Result(
            Map<String, Map<String, Integer>> qrels,
            int passages,
            int byEvidence,
            int judged,
            Map<String, Integer> failures,
            Optional<String> stopReason) {

        /** Copies the maps. */
        public Result {
            qrels = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(qrels));
            failures = Map.copyOf(failures);
        }

        /** Passages left unjudged. */
        public int failed() {
            return failures.values().stream().mapToInt(Integer::intValue).sum();
        }

        /** Questions with at least one graded passage: those the judged measures count. */
        public List<String> judgedQueries() {
            return qrels.entrySet().stream()
                    .filter(q -> !q.getValue().isEmpty())
                    .map(Map.Entry::getKey)
                    .toList();
        }

        /**
         * What the grading of this pool gave, with the passages of grade 2 or more that hold no
         * evidence per question counted over the questions with a graded passage.
         */
        public JudgedRelevanceResult summary(Pool pool, String judgeModel) {
            List<String> judgedQueries = judgedQueries();
            int beyond = 0;
            for (String qid : judgedQueries) {
                Map<String, Integer> grades = qrels.get(qid);
                for (PooledPassage p : pool.passages(qid)) {
                    Integer g = grades.get(p.id());
                    if (!p.holdsEvidence() && g != null && g >= JudgedMeasures.RELEVANT_GRADE) {
                        beyond++;
                    }
                }
            }
            return new JudgedRelevanceResult(
                    judgedQueries.size(),
                    pool.depth(),
                    judgeModel,
                    passages,
                    byEvidence,
                    judged,
                    failures,
                    judgedQueries.isEmpty() ? 0 : (double) beyond / judgedQueries.size());
        }
    }

    /** Grades every passage of the pool. */
    public static Result grade(Pool pool, PassageGrader grader) {
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        Map<String, Integer> failures = new ConcurrentHashMap<>();
        int evidence = 0;
        int judged = 0;
        String[] stop = {null};
        record Pending(String queryId, String id, Future<PassageGrader.Graded> grade) {}
        List<Pending> pending = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (PoolQuestion q : pool.questions()) {
                qrels.put(q.queryId(), new TreeMap<>());
                for (PooledPassage p : pool.passages(q.queryId())) {
                    if (p.holdsEvidence()) {
                        qrels.get(q.queryId()).put(p.id(), PassageGrader.MAX_GRADE);
                        evidence++;
                    } else {
                        pending.add(new Pending(
                                q.queryId(), p.id(), threads.submit(() -> grader.grade(q.question(), p.text()))));
                    }
                }
            }
        }
        for (Pending p : pending) {
            try {
                qrels.get(p.queryId()).put(p.id(), p.grade().get().grade());
                judged++;
            } catch (java.util.concurrent.ExecutionException e) {
                String reason = switch (e.getCause()) {
                    case CellFailure f -> f.reason();
                    case RunStopped s -> {
                        stop[0] = s.getMessage();
                        yield "stopped";
                    }
                    default -> "error";
                };
                failures.merge(reason, 1, Integer::sum);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while grading the pool", e);
            }
        }
        return new Result(qrels, pool.size(), evidence, judged, failures, Optional.ofNullable(stop[0]));
    }

    /**
     * What grading the pool would send: one call per passage that holds no evidence and whose grade
     * is not in the call cache.
     */
    public static CostEstimate estimate(Pool pool, PassageGrader grader, TokenPrice price) {
        long calls = 0;
        long prompt = 0;
        for (PoolQuestion q : pool.questions()) {
            for (PooledPassage p : pool.passages(q.queryId())) {
                if (!p.holdsEvidence() && !grader.isCached(q.question(), p.text())) {
                    calls++;
                    prompt += TokenUsage.estimateTokens(
                            grader.request(q.question(), p.text()).allText().length());
                }
            }
        }
        long completion = calls * GRADE_TOKENS;
        return new CostEstimate(calls, prompt, completion, price.cost(new TokenUsage(prompt, completion)));
    }
}
