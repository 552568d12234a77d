package io.github.raglens.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.eval.judge.ContextPrecision;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.Metrics;
import io.github.raglens.eval.scoring.ScoreRecord;
import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.providers.ChatCompletions;
import io.github.raglens.providers.Environment;
import io.github.raglens.providers.FakeBatchServer;
import io.github.raglens.providers.OpenAi;
import io.github.raglens.providers.OpenAiBatch;
import io.github.raglens.providers.OpenAiChat;
import io.github.raglens.result.ScoringSummary;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.usage.UsageLedger;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import mockwebserver3.MockWebServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Judging through OpenAI's Batch API against judging live, on the same cells and the same replies
 * (the sleeping judge's, served by a local OpenAI chat server and a local Files and Batches server):
 * calls, batches in sequence, what the run would take in hours, and the price of each.
 */
@Command(
        name = "batch-judging",
        description = "The four headline metrics judged live and through the Batch API on local servers:"
                + " calls, batches, simulated hours and price of each.")
final class BatchJudgingBenchmark implements Callable<Integer> {

    @Option(names = "--questions", defaultValue = "150", description = "Questions (x retrievers = samples).")
    int questions;

    @Option(names = "--retrievers", defaultValue = "5", description = "Retrievers per question.")
    int retrievers;

    @Option(names = "--k", defaultValue = "5", description = "Contexts per sample.")
    int k;

    @Option(
            names = "--latency-ms",
            defaultValue = "500",
            description = "Latency of a live call, for the live run's ideal wall time (default ${DEFAULT-VALUE}).")
    long latencyMillis;

    @Option(
            names = "--concurrency",
            defaultValue = "32",
            description = "Live calls in flight (default ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(
            names = "--turnaround-hours",
            defaultValue = "24",
            description = "How long each batch takes, for the simulated hours (default ${DEFAULT-VALUE}: the"
                    + " whole completion window, the documented worst case).")
    double turnaroundHours;

    private static final String MODEL = "openai/gpt-4o-mini";

    static String reply(JsonNode body) {
        return SleepingJudge.reply(ChatCompletions.schema(body), ChatCompletions.user(body));
    }

    @Override
    public Integer call() throws IOException {
        List<EvalCase> cases = JudgeThroughputBenchmark.cases(questions, retrievers, k);
        TokenPrice price = TokenPrice.listed(MODEL).orElseThrow();

        UsageLedger liveLedger = UsageLedger.builder().build();
        Path liveWs = Files.createTempDirectory("raglens-batch-bench-live");
        ScoringSummary live;
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(ChatCompletions.server(BatchJudgingBenchmark::reply));
            server.start();
            live = score(model(server), liveWs, cases, concurrency, liveLedger);
        }
        double idealLiveSeconds = live.judge().callsSent() * (latencyMillis / 1000.0) / concurrency;

        UsageLedger batchLedger = UsageLedger.builder()
                .price(
                        OpenAiBatch.ledgerName(MODEL),
                        TokenPrice.of(
                                price.inputPerMillion() * OpenAiBatch.PRICE_FACTOR,
                                price.outputPerMillion() * OpenAiBatch.PRICE_FACTOR))
                .build();
        Path batchWs = Files.createTempDirectory("raglens-batch-bench-batch");
        FakeBatchServer batches = new FakeBatchServer(BatchJudgingBenchmark::reply).pollsToEnd(2);
        ScoringSummary batched;
        OpenAiBatch.Stats stats;
        long t0 = System.nanoTime();
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(batches);
            server.start();
            try (OpenAiBatch batch = OpenAiBatch.builder(batchWs.resolve("batch"))
                    .settle(Duration.ofMillis(500))
                    .pollEvery(Duration.ofMillis(5), Duration.ofMillis(20))
                    .build()) {
                batched = score(batch.chat(model(server)), batchWs, cases, OpenAiBatch.MAX_REQUESTS, batchLedger);
                stats = batch.stats();
            }
        }
        double batchWall = (System.nanoTime() - t0) / 1e9;
        boolean same = scores(liveWs).equals(scores(batchWs));
        List<Integer> sizes =
                batches.created().stream().map(b -> b.lines().size()).toList();
        double simulatedHours = stats.batches() * turnaroundHours;
        double liveCost = liveLedger.costUsd();
        double batchCost = batchLedger.costUsd();

        System.out.printf(
                Locale.ROOT,
                "live: %d cells, %d calls, ideal %.1f s at %d ms and concurrency %d, $%.4f (%s listed)%n",
                cases.size(),
                live.judge().callsSent(),
                idealLiveSeconds,
                latencyMillis,
                concurrency,
                liveCost,
                MODEL);
        System.out.printf(
                Locale.ROOT,
                "batch: %d calls in %d batches in sequence %s, %.0f h simulated (%.0f h per batch), %.1f s here,"
                        + " $%.4f (%.2f of live); scores equal to live: %s%n",
                stats.requests(),
                stats.batches(),
                sizes,
                simulatedHours,
                turnaroundHours,
                batchWall,
                batchCost,
                batchCost / liveCost,
                same);
        new Figures("batch-judging")
                .put("cells", (long) cases.size())
                .put("liveCalls", live.judge().callsSent())
                .put("liveIdealSeconds", idealLiveSeconds)
                .put("liveCostUsd", liveCost, 4)
                .put("batchCalls", stats.requests())
                .put("batches", (long) stats.batches())
                .put("batchSimulatedHours", simulatedHours)
                .put("batchCostUsd", batchCost, 4)
                .put("batchOverLiveCost", batchCost / liveCost)
                .put("batchFailedCells", (long) batched.failed())
                .put("scoresEqual", String.valueOf(same))
                .print();
        return same && batched.failed() == 0 && stats.requests() == live.judge().callsSent() ? 0 : 1;
    }

    private static OpenAiChat model(MockWebServer server) {
        return OpenAi.chat("gpt-4o-mini")
                .environment(Environment.of(Map.of()))
                .baseUrl(server.url("/v1").toString())
                .apiKey("sk-benchmark-not-a-key")
                .maxConcurrency(64)
                .build();
    }

    private static ScoringSummary score(
            LlmProvider judge, Path ws, List<EvalCase> cases, int concurrency, UsageLedger ledger) {
        try (JudgeSession s = JudgeSession.builder(judge)
                .concurrency(concurrency)
                .callCache(ws.resolve("judge-calls.jsonl"))
                .ledger(ledger)
                .build()) {
            return Scorer.builder(ws.resolve("scores.jsonl"))
                    .session(s)
                    .metrics(Metrics.create(JudgeMetric.defaults(), s, ContextPrecision.Mode.ONE_CALL))
                    .build()
                    .score(cases)
                    .summary();
        }
    }

    private static Map<String, String> scores(Path ws) {
        Map<String, String> out = new HashMap<>();
        for (ScoreRecord r : Scorer.read(ws.resolve("scores.jsonl"))) {
            out.put(r.retriever() + " " + r.questionId() + " " + r.metric(), r.status() + " " + r.score());
        }
        return out;
    }
}
