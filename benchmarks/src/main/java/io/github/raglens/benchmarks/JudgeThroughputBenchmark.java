package io.github.raglens.benchmarks;

import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.eval.judge.ContextPrecision;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.Metrics;
import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.result.ScoringSummary;
import io.github.raglens.spi.LlmProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Wall time of scoring the four headline judge metrics against a judge with a fixed latency, against
 * the ideal calls × latency / concurrency; and judge calls per sample against RAGAS's 12 (K = 5):
 * each metric alone, and the four together by kind of call, for both context precision modes.
 */
@Command(
        name = "judge-throughput",
        description = "Judge scoring: wall time vs calls x latency / concurrency, and judge calls per sample.")
final class JudgeThroughputBenchmark implements Callable<Integer> {

    /** RAGAS's calls per sample for the four metrics with K contexts: 2 + 4 + K + 1. */
    static int ragasCalls(int k) {
        return 2 + 4 + k + 1;
    }

    @Option(names = "--questions", defaultValue = "150", description = "Questions (x retrievers = samples).")
    int questions;

    @Option(names = "--retrievers", defaultValue = "5", description = "Retrievers per question.")
    int retrievers;

    @Option(names = "--k", defaultValue = "5", description = "Contexts per sample.")
    int k;

    @Option(names = "--latency-ms", defaultValue = "500", description = "Latency of every judge call.")
    long latencyMillis;

    @Option(names = "--concurrency", defaultValue = "32", description = "Judge calls in flight at most.")
    int concurrency;

    @Option(
            names = "--modes",
            split = ",",
            defaultValue = "ONE_CALL,PER_CONTEXT",
            description = "Context precision modes to run: ONE_CALL (the default mode), PER_CONTEXT.")
    List<ContextPrecision.Mode> modes;

    @Override
    public Integer call() throws IOException {
        List<EvalCase> cases = cases(questions, retrievers, k);
        Figures figures = new Figures("judge-throughput")
                .put("samples", (long) cases.size())
                .put("k", (long) k)
                .put("latencyMs", latencyMillis)
                .put("concurrency", (long) concurrency)
                .put("ragasCallsPerSample", (long) ragasCalls(k));
        for (ContextPrecision.Mode mode : modes) {
            String tag = mode == ContextPrecision.Mode.ONE_CALL ? "OneCall" : "PerContext";
            // Each metric alone, with a judge that answers at once: what the metric costs by itself.
            StringBuilder alone = new StringBuilder();
            for (JudgeMetric metric : JudgeMetric.defaults()) {
                CountingJudge counter = new CountingJudge(new SleepingJudge(0));
                score(cases, List.of(metric), mode, counter, Files.createTempDirectory("raglens-judge-bench"));
                double perSample = (double) counter.calls() / cases.size();
                alone.append(String.format(Locale.ROOT, " %s %.2f", metric, perSample));
                figures.put("callsPerSampleAlone" + tag + "_" + metric, perSample);
            }
            System.out.printf(Locale.ROOT, "%s, each metric alone, calls per sample:%s%n", mode, alone);
            // The four together, timed: shared calls are sent once.
            Path ws = Files.createTempDirectory("raglens-judge-bench");
            SleepingJudge sleeping = new SleepingJudge(latencyMillis);
            CountingJudge judge = new CountingJudge(sleeping);
            long t0 = System.nanoTime();
            ScoringSummary summary = score(cases, JudgeMetric.defaults(), mode, judge, ws);
            double wall = (System.nanoTime() - t0) / 1e9;
            double ideal = judge.calls() * (latencyMillis / 1000.0) / concurrency;
            double perSample = (double) judge.calls() / cases.size();
            StringBuilder kinds = new StringBuilder();
            judge.byKind().forEach((kind, n) -> {
                double share = (double) n / cases.size();
                kinds.append(String.format(Locale.ROOT, " %s %.2f", kind, share));
                figures.put("callsPerSample" + tag + "_" + kind, share);
            });
            System.out.printf(Locale.ROOT, "%s, the four together, calls per sample by kind:%s%n", mode, kinds);
            System.out.printf(
                    Locale.ROOT,
                    "%s: %d cells scored, %d failed; %d calls (%.2f per sample, RAGAS %d); wall %.1f s,"
                            + " ideal %.1f s, ratio %.3f; max in flight %d%n",
                    mode,
                    summary.scored(),
                    summary.failed(),
                    judge.calls(),
                    perSample,
                    ragasCalls(k),
                    wall,
                    ideal,
                    wall / ideal,
                    sleeping.maxInFlight());
            figures.put("calls" + tag, judge.calls())
                    .put("callsPerSample" + tag, perSample)
                    .put("callsVsRagas" + tag, perSample / ragasCalls(k))
                    .put("wallSeconds" + tag, wall)
                    .put("idealSeconds" + tag, ideal)
                    .put("wallOverIdeal" + tag, wall / ideal)
                    .put("failed" + tag, (long) summary.failed());
        }
        figures.print();
        return 0;
    }

    private ScoringSummary score(
            List<EvalCase> cases, List<JudgeMetric> metrics, ContextPrecision.Mode mode, LlmProvider judge, Path ws) {
        try (JudgeSession s = JudgeSession.builder(judge)
                .concurrency(concurrency)
                .callCache(ws.resolve("judge-calls.jsonl"))
                .build()) {
            return Scorer.builder(ws.resolve("scores.jsonl"))
                    .session(s)
                    .metrics(Metrics.create(metrics, s, mode))
                    .build()
                    .score(cases)
                    .summary();
        }
    }

    /**
     * Counts the calls that reach the judge by kind, told apart by the reply schema and the premise
     * the prompt names: statement extractions; verdicts against the contexts (faithfulness and
     * context recall), against the reference or the answer (factual correctness); usefulness verdicts
     * (context precision, one per context or all K at once).
     */
    static final class CountingJudge implements LlmProvider {
        private final LlmProvider delegate;
        private final Map<String, LongAdder> byKind = new ConcurrentHashMap<>();

        CountingJudge(LlmProvider delegate) {
            this.delegate = delegate;
        }

        @Override
        public String modelName() {
            return delegate.modelName();
        }

        @Override
        public ChatOutcome chat(ChatRequest request) {
            byKind.computeIfAbsent(kind(request), x -> new LongAdder()).increment();
            return delegate.chat(request);
        }

        long calls() {
            return byKind.values().stream().mapToLong(LongAdder::sum).sum();
        }

        /** Calls per kind, sorted by kind. */
        Map<String, Long> byKind() {
            Map<String, Long> out = new TreeMap<>();
            byKind.forEach((kind, n) -> out.put(kind, n.sum()));
            return out;
        }

        private static String kind(ChatRequest request) {
            String user = request.messages().stream()
                    .filter(m -> m.role() == ChatMessage.Role.USER)
                    .map(ChatMessage::content)
                    .findFirst()
                    .orElse("");
            return switch (request.schema().map(ResponseSchema::name).orElse("")) {
                case "statements" -> "statements";
                case "usefulness" -> "usefulnessPerContext";
                case "verdicts" -> {
                    if (user.contains("\nCONTEXTS:\n")) {
                        yield "usefulnessAllContexts";
                    } else if (user.contains("\nCONTEXT:\n")) {
                        yield "verdictsVsContexts";
                    } else {
                        yield "verdictsAnswerVsReference";
                    }
                }
                default -> "other";
            };
        }
    }

    /** Questions × retrievers cells with k passages each, the same for every judge benchmark. */
    static List<EvalCase> cases(int questions, int retrievers, int k) {
        List<EvalCase> out = new ArrayList<>();
        for (int q = 0; q < questions; q++) {
            for (int r = 0; r < retrievers; r++) {
                List<String> contexts = new ArrayList<>();
                for (int i = 0; i < k; i++) {
                    contexts.add("Passage " + i + " retrieved by r" + r + " for question " + q
                            + ". It describes component " + (q + i) % 13 + " of the system in some detail.");
                }
                out.add(new EvalCase(
                        "r" + r,
                        "q" + q,
                        "How does component " + q + " work?",
                        "Component " + q + " works as retriever r" + r + " found. It caches results. It ranks them.",
                        contexts,
                        "Component " + q + " caches results. It ranks them with BM25.",
                        List.of(contexts.get(0))));
            }
        }
        return out;
    }
}
