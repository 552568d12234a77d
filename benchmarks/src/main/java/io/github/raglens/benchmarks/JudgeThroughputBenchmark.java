package io.github.raglens.benchmarks;

import io.github.raglens.eval.judge.ContextPrecision;
import io.github.raglens.eval.judge.EvalCase;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.Metrics;
import io.github.raglens.eval.judge.Scorer;
import io.github.raglens.eval.judge.ScoringSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Wall time of scoring the four headline judge metrics against a judge with a fixed latency, against
 * the ideal calls × latency / concurrency; and judge calls per sample against RAGAS's 12 (K = 5).
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
            defaultValue = "PER_CONTEXT,ONE_CALL",
            description = "Context precision modes to run: PER_CONTEXT, ONE_CALL.")
    List<ContextPrecision.Mode> modes;

    @Override
    public Integer call() throws IOException {
        List<EvalCase> cases = cases();
        Figures figures = new Figures("judge-throughput")
                .put("samples", (long) cases.size())
                .put("k", (long) k)
                .put("latencyMs", latencyMillis)
                .put("concurrency", (long) concurrency)
                .put("ragasCallsPerSample", (long) ragasCalls(k));
        for (ContextPrecision.Mode mode : modes) {
            Path ws = Files.createTempDirectory("raglens-judge-bench");
            SleepingJudge judge = new SleepingJudge(latencyMillis);
            long t0 = System.nanoTime();
            ScoringSummary summary;
            try (JudgeSession s = JudgeSession.builder(judge)
                    .concurrency(concurrency)
                    .callCache(ws.resolve("judge-calls.jsonl"))
                    .build()) {
                summary = Scorer.builder(ws.resolve("scores.jsonl"))
                        .session(s)
                        .metrics(Metrics.create(Metrics.DEFAULT, s, mode))
                        .build()
                        .score(cases);
            }
            double wall = (System.nanoTime() - t0) / 1e9;
            double ideal = judge.calls() * (latencyMillis / 1000.0) / concurrency;
            double perSample = (double) judge.calls() / cases.size();
            String tag = mode == ContextPrecision.Mode.ONE_CALL ? "OneCall" : "PerContext";
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
                    judge.maxInFlight());
            figures.put("calls" + tag, (long) judge.calls())
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

    private List<EvalCase> cases() {
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
