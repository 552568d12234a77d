package io.github.raglens.eval.scoring;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.error.ProviderTimeoutException;
import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.error.RateLimitedException;
import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.eval.judge.Cases;
import io.github.raglens.eval.judge.ContextPrecision;
import io.github.raglens.eval.judge.CostEstimator;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.Metrics;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.result.Aggregation;
import io.github.raglens.result.Aggregation.SelfConsistency;
import io.github.raglens.result.CostEstimate;
import io.github.raglens.result.ScoringSummary;
import io.github.raglens.spi.Judge;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.testkit.ScriptedLlm;
import io.github.raglens.testkit.SimulatedJudge;
import io.github.raglens.usage.UsageLedger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scorer: shared decomposition, resume, invalidation, budget and failure reasons. */
class ScorerTest {

    @TempDir
    Path dir;

    private static ScoringSummary run(
            Path ws, SimulatedJudgeLike llm, List<JudgeMetric> metrics, ContextPrecision.Mode m, List<EvalCase> cases) {
        try (JudgeSession s = JudgeSession.builder(llm.provider())
                .concurrency(8)
                .callCache(ws.resolve("judge-calls.jsonl"))
                .build()) {
            return Scorer.builder(ws.resolve("scores.jsonl"))
                    .session(s)
                    .metrics(Metrics.create(metrics, s, m))
                    .build()
                    .score(cases)
                    .summary();
        }
    }

    /** Either fake, for {@link #run}. */
    interface SimulatedJudgeLike {
        io.github.raglens.spi.LlmProvider provider();
    }

    static Map<String, Double> scores(Path ws) {
        Map<String, Double> out = new HashMap<>();
        for (ScoreRecord r : Scorer.read(ws.resolve("scores.jsonl"))) {
            out.put(r.key(), r.score());
        }
        return out;
    }

    @Test
    void headlineMetrics_shareDecompositions_callsPerSample() {
        List<EvalCase> cases = Cases.of(10, Cases.RETRIEVERS, 5);
        SimulatedJudge perContext = SimulatedJudge.of();
        ScoringSummary a = run(
                dir.resolve("a"), () -> perContext, JudgeMetric.defaults(), ContextPrecision.Mode.PER_CONTEXT, cases);
        assertThat(a.scored()).isEqualTo(200);
        // Per sample: answer statements 1, faithfulness and context recall verdicts 1 (one call),
        // factual correctness verdicts 2, context precision 5; reference statements once per question.
        assertThat(perContext.calls()).isEqualTo(50 * 9 + 10);
        assertThat(perContext.repeatedPrompts()).isZero();

        SimulatedJudge oneCall = SimulatedJudge.of();
        run(dir.resolve("b"), () -> oneCall, JudgeMetric.defaults(), ContextPrecision.Mode.ONE_CALL, cases);
        assertThat(oneCall.calls()).isEqualTo(50 * 5 + 10);
        assertThat(oneCall.repeatedPrompts()).isZero();
    }

    @Test
    void aFailingProgressListener_doesNotStopScoring() {
        List<EvalCase> cases = Cases.of(2, Cases.RETRIEVERS, 5);
        try (JudgeSession s = JudgeSession.builder(SimulatedJudge.of()).build()) {
            ScoringSummary summary = Scorer.builder(dir.resolve("scores.jsonl"))
                    .session(s)
                    .metrics(Metrics.create(JudgeMetric.defaults(), s))
                    .progress(p -> {
                        throw new IllegalStateException("the progress bar broke");
                    })
                    .build()
                    .score(cases)
                    .summary();
            assertThat(summary.scored()).isEqualTo(40);
            assertThat(summary.complete()).isTrue();
        }
    }

    @Test
    void rerun_skipsScoredCells_andSendsNothing() {
        List<EvalCase> cases = Cases.of(4, Cases.RETRIEVERS, 5);
        SimulatedJudge first = SimulatedJudge.of();
        run(dir, () -> first, JudgeMetric.defaults(), ContextPrecision.Mode.PER_CONTEXT, cases);
        SimulatedJudge second = SimulatedJudge.of();
        ScoringSummary again = run(dir, () -> second, JudgeMetric.defaults(), ContextPrecision.Mode.PER_CONTEXT, cases);
        assertThat(again.alreadyScored()).isEqualTo(80);
        assertThat(again.scored()).isZero();
        assertThat(second.calls()).isZero();
    }

    @Test
    void aRun_givesTheLatestRecordOfEachCellItWasGiven_onTheCasesInputs_withoutReadingTheFileAgain() {
        List<EvalCase> cases = Cases.of(3, Cases.RETRIEVERS, 5);
        run(dir, SimulatedJudge::of, JudgeMetric.defaults(), ContextPrecision.Mode.PER_CONTEXT, cases);
        // a second run over one changed answer and the rest unchanged: one cell scored anew, the rest reused
        List<EvalCase> changed = new java.util.ArrayList<>(cases);
        EvalCase c0 = cases.get(0);
        changed.set(
                0,
                new EvalCase(
                        c0.retriever(),
                        c0.questionId(),
                        c0.question(),
                        c0.answer() + " Also more.",
                        c0.contexts(),
                        c0.reference(),
                        c0.referenceContexts()));
        Scorer.Run second;
        try (JudgeSession s = JudgeSession.builder(SimulatedJudge.of()).build()) {
            second = Scorer.builder(dir.resolve("scores.jsonl"))
                    .session(s)
                    .metrics(Metrics.create(JudgeMetric.defaults(), s, ContextPrecision.Mode.PER_CONTEXT))
                    .build()
                    .score(changed);
        }
        Map<io.github.raglens.internal.Cell, String> inputs = new HashMap<>();
        changed.forEach(c -> inputs.put(c.cell(), c.inputsHash()));
        List<ScoreRecord> onTheseInputs = Scorer.read(dir.resolve("scores.jsonl")).stream()
                .filter(r -> r.inputs().equals(inputs.get(r.cell())))
                .toList();
        assertThat(second.summary().scored()).isEqualTo(4);
        assertThat(second.records())
                .hasSize(changed.size() * 4)
                .containsExactlyInAnyOrderElementsOf(onTheseInputs)
                .allSatisfy(r -> assertThat(r.inputs()).isEqualTo(inputs.get(r.cell())));
    }

    @Test
    void changedAnswerOrContexts_rescoresThatCell_andOnlyThat() {
        List<EvalCase> cases = Cases.of(4, Cases.RETRIEVERS, 5);
        run(dir, SimulatedJudge::of, JudgeMetric.defaults(), ContextPrecision.Mode.PER_CONTEXT, cases);
        List<EvalCase> changed = new java.util.ArrayList<>(cases);
        EvalCase c0 = cases.get(0);
        changed.set(
                0,
                new EvalCase(
                        c0.retriever(),
                        c0.questionId(),
                        c0.question(),
                        c0.answer() + " Also more.",
                        c0.contexts(),
                        c0.reference(),
                        c0.referenceContexts()));
        EvalCase c1 = cases.get(1);
        List<String> otherContexts = new java.util.ArrayList<>(c1.contexts());
        otherContexts.set(0, "A re-chunked context.");
        changed.set(
                1,
                new EvalCase(
                        c1.retriever(),
                        c1.questionId(),
                        c1.question(),
                        c1.answer(),
                        otherContexts,
                        c1.reference(),
                        c1.referenceContexts()));

        ScoringSummary s =
                run(dir, SimulatedJudge::of, JudgeMetric.defaults(), ContextPrecision.Mode.PER_CONTEXT, changed);

        assertThat(s.alreadyScored()).isEqualTo(80 - 8);
        assertThat(s.scored()).isEqualTo(8);
        assertThat(Scorer.read(dir.resolve("scores.jsonl")))
                .filteredOn(r ->
                        r.retriever().equals(c0.retriever()) && r.questionId().equals(c0.questionId()))
                .extracting(ScoreRecord::inputs)
                .containsOnly(changed.get(0).inputsHash());
    }

    @Test
    void newMetricVersion_rescoresOnlyThatMetric_reusingCachedCalls_andNewJudgeModel_rescoresAll() {
        List<EvalCase> cases = Cases.of(4, Cases.RETRIEVERS, 5);
        run(dir, SimulatedJudge::of, JudgeMetric.defaults(), ContextPrecision.Mode.PER_CONTEXT, cases);

        // One-call context precision is a new version of context precision only.
        SimulatedJudge judge = SimulatedJudge.of();
        ScoringSummary s = run(dir, () -> judge, JudgeMetric.defaults(), ContextPrecision.Mode.ONE_CALL, cases);
        assertThat(s.alreadyScored()).isEqualTo(60);
        assertThat(s.scored()).isEqualTo(20);
        assertThat(judge.calls()).as("one call per cell, nothing else re-sent").isEqualTo(20);

        SimulatedJudge other = SimulatedJudge.of("fake/other");
        ScoringSummary t = run(dir, () -> other, JudgeMetric.defaults(), ContextPrecision.Mode.ONE_CALL, cases);
        assertThat(t.alreadyScored()).isZero();
        assertThat(t.scored()).isEqualTo(80);
        assertThat(Scorer.read(dir.resolve("scores.jsonl"))).hasSize(80 + 20 + 80);
    }

    @Test
    void faults_areRecordedWithTheirReason_neverNaN_andASecondRunCompletesThem() {
        List<EvalCase> cases = Cases.of(6, Cases.RETRIEVERS, 5);
        SimulatedJudge healthy = SimulatedJudge.of();
        FaultyJudge faulty = new FaultyJudge(healthy, r -> {
            String u = ScriptedLlm.prompt(r);
            if (u.contains("Answer of bm25")) {
                return new ChatOutcome.Failed(ChatOutcome.Reason.REFUSAL, "the model refused", TokenUsage.NONE);
            }
            if (u.contains("Context 0 of dense") && r.schema().get().name().equals("verdicts")) {
                throw new RateLimitedException("openai", "m", null, true, Duration.ofSeconds(1), "429 after 5 tries");
            }
            if (u.contains("Context 0 of hybrid") && r.schema().get().name().equals("usefulness")) {
                throw new ProviderTimeoutException("openai", "m", 0, null, "no reply in 60 s", null);
            }
            if (u.contains("Reference 3") && r.schema().get().name().equals("statements")) {
                return new ChatOutcome.Completed("{\"statements\": [\"cut", new TokenUsage(10, 5));
            }
            if (u.contains("Context 1 of hierarchical")
                    && r.schema().get().name().equals("usefulness")) {
                return new ChatOutcome.Failed(ChatOutcome.Reason.TRUNCATED, "finish_reason length", TokenUsage.NONE);
            }
            return null;
        });
        ScoringSummary first = run(dir, () -> faulty, JudgeMetric.defaults(), ContextPrecision.Mode.PER_CONTEXT, cases);
        assertThat(first.failuresByReason())
                .containsOnlyKeys("refusal", "rate-limited-gave-up", "timeout", "invalid-json", "truncated");
        assertThat(first.scored() + first.failed()).isEqualTo(120);
        for (ScoreRecord r : Scorer.read(dir.resolve("scores.jsonl"))) {
            if (r.isScored()) {
                assertThat(r.score()).isBetween(0.0, 1.0);
            } else {
                assertThat(r.score()).isNull();
                assertThat(r.reason()).isNotEmpty();
            }
        }

        SimulatedJudge second = SimulatedJudge.of();
        ScoringSummary rerun = run(dir, () -> second, JudgeMetric.defaults(), ContextPrecision.Mode.PER_CONTEXT, cases);
        assertThat(rerun.scored()).isEqualTo(first.failed());
        assertThat(rerun.failed()).isZero();
        assertThat(second.repeatedPrompts()).isZero();

        Path clean = dir.resolve("clean");
        run(clean, SimulatedJudge::of, JudgeMetric.defaults(), ContextPrecision.Mode.PER_CONTEXT, cases);
        assertThat(scores(dir)).isEqualTo(scores(clean));
    }

    private static ScoringSummary runRepeated(
            Path ws, SimulatedJudge llm, int repeats, List<EvalCase> cases, TokenPrice price, double budget) {
        JudgeSession.Builder b = JudgeSession.builder(llm).concurrency(4).callCache(ws.resolve("judge-calls.jsonl"));
        if (budget > 0) {
            b.ledger(UsageLedger.builder()
                    .price(llm.modelName(), price)
                    .budgetUsd(budget)
                    .build());
        }
        try (JudgeSession s = b.build()) {
            List<Judge> metrics = Metrics.create(
                    List.of(
                            JudgeMetric.FAITHFULNESS,
                            JudgeMetric.CONTEXT_PRECISION,
                            JudgeMetric.CONTEXT_RECALL,
                            JudgeMetric.ROUGE_L),
                    s);
            return Scorer.builder(ws.resolve("scores.jsonl"))
                    .session(s)
                    .metrics(metrics)
                    .repeats(repeats)
                    .build()
                    .score(cases)
                    .summary();
        }
    }

    @Test
    void repeats_areDistinctCachedCalls_resumedWithoutResending_andTheAggregationUsesTheFirst() throws Exception {
        List<EvalCase> cases = Cases.of(4, Cases.RETRIEVERS, 5);
        SimulatedJudge once = SimulatedJudge.of();
        ScoringSummary single = runRepeated(dir.resolve("once"), once, 1, cases, TokenPrice.FREE, 0);
        assertThat(single.scored()).isEqualTo(80);

        // Three repeats, stopped by the budget part way, then finished: every call sent exactly once.
        Path ws = dir.resolve("thrice");
        SimulatedJudge first = SimulatedJudge.of();
        ScoringSummary stopped = runRepeated(ws, first, 3, cases, TokenPrice.of(1_000, 1_000), 5);
        assertThat(stopped.stopReason()).isPresent();
        assertThat(stopped.notRun()).isPositive();
        SimulatedJudge rest = SimulatedJudge.of();
        ScoringSummary finished = runRepeated(ws, rest, 3, cases, TokenPrice.FREE, 0);
        assertThat(finished.cells())
                .as("3 judge metrics x 3 repeats + rouge_l once")
                .isEqualTo(20 * 10);
        assertThat(finished.alreadyScored() + finished.scored()).isEqualTo(200);
        assertThat(first.calls() + rest.calls()).isEqualTo(3 * once.calls());
        long repeatKeys;
        try (var lines = java.nio.file.Files.lines(ws.resolve("judge-calls.jsonl"))) {
            repeatKeys = lines.filter(l -> l.contains("#repeat-2")).count();
        }
        assertThat(repeatKeys).isEqualTo(once.calls());

        assertThat(java.nio.file.Files.readString(dir.resolve("once").resolve("scores.jsonl")))
                .as("the first judgement's lines keep their format")
                .doesNotContain("\"repeat\"");
        assertThat(java.nio.file.Files.readString(ws.resolve("scores.jsonl"))).contains("\"repeat\":2");
        List<ScoreRecord> records = Scorer.read(ws.resolve("scores.jsonl"));
        assertThat(records.stream().filter(r -> r.repeat() == 2)).hasSize(60);
        assertThat(records.stream().filter(r -> r.metric().equals("rouge_l"))).allMatch(r -> r.repeat() == 0);
        SimulatedJudge again = SimulatedJudge.of();
        assertThat(runRepeated(ws, again, 3, cases, TokenPrice.FREE, 0).scored())
                .isZero();
        assertThat(again.calls()).isZero();

        // The deterministic fake gives every repeat the same verdicts: perfectly self-consistent.
        try (JudgeSession s = JudgeSession.builder(once).build()) {
            // faithfulness as the run scored it: its verdict call shared with context recall
            Judge faithfulness = Metrics.create(List.of(JudgeMetric.FAITHFULNESS, JudgeMetric.CONTEXT_RECALL), s)
                    .get(0);
            SelfConsistency sc = ConsistencyMeasure.measure(records, faithfulness, once.modelName());
            assertThat(sc.repeats()).isEqualTo(3);
            assertThat(sc.cells()).isEqualTo(20);
            assertThat(sc.meanStdDev().getAsDouble()).isZero();
            assertThat(sc.identicalShare().getAsDouble()).isEqualTo(1.0);
        }
        // Repeats stored beside the first judgement leave the aggregation as it was without them.
        List<String> questions = List.of("q0", "q1", "q2", "q3");
        try (JudgeSession s = JudgeSession.builder(once).build()) {
            List<Judge> metrics = Metrics.create(List.of(JudgeMetric.FAITHFULNESS, JudgeMetric.CONTEXT_RECALL), s);
            var boot = io.github.raglens.eval.stats.Bootstrap.of(200, 1, 0.95);
            var test = io.github.raglens.eval.stats.PairedRandomizationTest.of(200, 1);
            Aggregation withRepeats = ScoreAggregator.aggregate(
                    records,
                    Cases.RETRIEVERS,
                    new java.util.HashSet<>(questions),
                    metrics,
                    once.modelName(),
                    boot,
                    test);
            Aggregation without = ScoreAggregator.aggregate(
                    Scorer.read(dir.resolve("once").resolve("scores.jsonl")),
                    Cases.RETRIEVERS,
                    new java.util.HashSet<>(questions),
                    metrics,
                    once.modelName(),
                    boot,
                    test);
            assertThat(withRepeats).isEqualTo(without);
        }
    }

    @Test
    void repeats_dryRunCountsEveryRepeatsCalls() {
        List<EvalCase> cases = Cases.of(4, Cases.RETRIEVERS, 5);
        Path ws = dir.resolve("estimate");
        SimulatedJudge judge = SimulatedJudge.of();
        try (JudgeSession s = JudgeSession.builder(judge)
                .callCache(ws.resolve("judge-calls.jsonl"))
                .build()) {
            List<Judge> metrics = Metrics.create(JudgeMetric.defaults(), s);
            CostEstimate before = CostEstimator.forScoring(cases, metrics, s, ws.resolve("scores.jsonl"), 2);
            Scorer.builder(ws.resolve("scores.jsonl"))
                    .session(s)
                    .metrics(metrics)
                    .repeats(2)
                    .build()
                    .score(cases);
            assertThat(before.calls()).isEqualTo(judge.calls());
            assertThat(CostEstimator.forScoring(cases, metrics, s, ws.resolve("scores.jsonl"), 2))
                    .isEqualTo(CostEstimate.NONE);
            assertThat(CostEstimator.forScoring(cases, metrics, s, ws.resolve("scores.jsonl"), 3)
                            .calls())
                    .isEqualTo(judge.calls() / 2);
        }
    }

    @Test
    void budget_stopsCleanly_keepsEverything_andTheNextRunFinishes() {
        List<EvalCase> cases = Cases.of(6, Cases.RETRIEVERS, 5);
        Path ws = dir.resolve("budget");
        SimulatedJudge judge = SimulatedJudge.of();
        ScoringSummary stopped;
        try (JudgeSession s = JudgeSession.builder(judge)
                .concurrency(2)
                .callCache(ws.resolve("judge-calls.jsonl"))
                .ledger(UsageLedger.builder()
                        .price(judge.modelName(), TokenPrice.of(1_000, 1_000))
                        .budgetUsd(10)
                        .build())
                .build()) {
            stopped = Scorer.builder(ws.resolve("scores.jsonl"))
                    .session(s)
                    .metrics(Metrics.create(JudgeMetric.defaults(), s, ContextPrecision.Mode.PER_CONTEXT))
                    .build()
                    .score(cases)
                    .summary();
            assertThat(s.stats().costUsd()).isGreaterThanOrEqualTo(10);
        }
        assertThat(stopped.stopReason()).contains("budget of $10.00 reached");
        assertThat(stopped.notRun()).isPositive();
        assertThat(stopped.failed()).isZero();
        int callsBefore = judge.calls();
        assertThat(callsBefore).isLessThan(6 * 5 * 9 + 6);

        SimulatedJudge rest = SimulatedJudge.of();
        ScoringSummary finished = run(ws, () -> rest, JudgeMetric.defaults(), ContextPrecision.Mode.PER_CONTEXT, cases);
        assertThat(finished.alreadyScored() + finished.scored()).isEqualTo(120);
        assertThat(callsBefore + rest.calls()).as("no call paid twice").isEqualTo(6 * 5 * 9 + 6);
        Path clean = dir.resolve("clean");
        run(clean, SimulatedJudge::of, JudgeMetric.defaults(), ContextPrecision.Mode.PER_CONTEXT, cases);
        assertThat(scores(ws)).isEqualTo(scores(clean));
    }

    @Test
    void unreachableServer_stopsTheRun_withItsMessage_andFailsNoCell() {
        String message = "Ollama is not reachable at http://127.0.0.1:9; start it with `ollama serve`";
        AtomicInteger calls = new AtomicInteger();
        LlmProvider down = new LlmProvider() {
            @Override
            public String modelName() {
                return "ollama/llama3.2";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                calls.incrementAndGet();
                throw new ProviderUnreachableException("ollama", "llama3.2", message, null);
            }
        };
        List<EvalCase> cases = Cases.of(20, Cases.RETRIEVERS, 5);

        ScoringSummary summary =
                run(dir.resolve("down"), () -> down, JudgeMetric.defaults(), ContextPrecision.Mode.PER_CONTEXT, cases);

        assertThat(summary.stopReason()).contains(message);
        assertThat(summary.failed()).isZero();
        assertThat(summary.scored()).isZero();
        assertThat(calls.get()).as("calls after the first failures").isLessThanOrEqualTo(8);
    }
}
