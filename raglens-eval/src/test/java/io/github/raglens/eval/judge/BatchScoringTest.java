package io.github.raglens.eval.judge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.eval.scoring.ScoreRecord;
import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.providers.ChatCompletions;
import io.github.raglens.providers.Environment;
import io.github.raglens.providers.FakeBatchServer;
import io.github.raglens.providers.OpenAi;
import io.github.raglens.providers.OpenAiBatch;
import io.github.raglens.providers.OpenAiChat;
import io.github.raglens.result.ScoringSummary;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.testkit.SimulatedJudge;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Judging through the Batch API scores and caches exactly as live judging does on the same replies. */
class BatchScoringTest {

    @TempDir
    Path dir;

    /** The simulated judge's reply to a chat completions body, as content. */
    static String reply(JsonNode body) {
        return SimulatedJudge.reply(ChatCompletions.schema(body), ChatCompletions.user(body));
    }

    static OpenAiChat model(MockWebServer server) {
        return OpenAi.chat("gpt-4o-mini")
                .environment(Environment.of(Map.of()))
                .baseUrl(server.url("/v1").toString())
                .apiKey("sk-test-batch-scoring-0123456789")
                .initialBackoff(Duration.ofMillis(1))
                .maxBackoff(Duration.ofMillis(5))
                .build();
    }

    static ScoringSummary score(LlmProvider judge, Path ws, List<EvalCase> cases, int concurrency) {
        try (JudgeSession s = JudgeSession.builder(judge)
                .concurrency(concurrency)
                .callCache(ws.resolve("judge-calls.jsonl"))
                .build()) {
            return Scorer.builder(ws.resolve("scores.jsonl"))
                    .session(s)
                    .metrics(Metrics.create(JudgeMetric.defaults(), s, ContextPrecision.Mode.ONE_CALL))
                    .build()
                    .score(cases)
                    .summary();
        }
    }

    static Map<String, String> scores(Path ws) {
        Map<String, String> out = new HashMap<>();
        for (ScoreRecord r : Scorer.read(ws.resolve("scores.jsonl"))) {
            out.put(
                    r.retriever() + " " + r.questionId() + " " + r.metric(),
                    r.status() + " " + r.score() + " " + r.reason());
        }
        return out;
    }

    static Map<String, String> calls(Path ws) {
        Map<String, String> out = new HashMap<>();
        try (JsonlStore<CallRecord> store =
                JsonlStore.open(ws.resolve("judge-calls.jsonl"), CallRecord.class, CallRecord::key)) {
            store.records().forEach(r -> out.put(r.key(), r.model() + " " + r.reply()));
        }
        return out;
    }

    @Test
    void judgingThroughBatches_scoresAndCachesAsLiveJudging_inOneWavePerDependentStage() throws Exception {
        List<EvalCase> cases = Cases.of(12, Cases.RETRIEVERS, 5);
        Path live = dir.resolve("live");
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(ChatCompletions.server(BatchScoringTest::reply));
            server.start();
            ScoringSummary s = score(model(server), live, cases, 16);
            assertThat(s.failed()).isZero();
        }

        Path batched = dir.resolve("batched");
        FakeBatchServer batches = new FakeBatchServer(BatchScoringTest::reply).pollsToEnd(2);
        OpenAiBatch.Stats stats;
        ScoringSummary summary;
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(batches);
            server.start();
            try (OpenAiBatch batch = OpenAiBatch.builder(batched.resolve("batch"))
                    .settle(Duration.ofMillis(300))
                    .pollEvery(Duration.ofMillis(1), Duration.ofMillis(5))
                    .build()) {
                summary = score(batch.chat(model(server)), batched, cases, OpenAiBatch.MAX_REQUESTS);
                stats = batch.stats();
            }
            // a rerun finds every call in the call cache and sends nothing
            try (OpenAiBatch again =
                    OpenAiBatch.builder(batched.resolve("batch")).build()) {
                java.nio.file.Files.delete(batched.resolve("scores.jsonl"));
                score(again.chat(model(server)), batched, cases, OpenAiBatch.MAX_REQUESTS);
                assertThat(again.stats().batches()).isZero();
            }
        }
        assertThat(summary.failed()).isZero();
        assertThat(scores(batched)).isEqualTo(scores(live));
        assertThat(calls(batched)).isEqualTo(calls(live));
        // statements of the answer and of the reference first, then the verdicts that need them
        assertThat(stats.batches()).isEqualTo(2);
        assertThat(batches.created().get(0).lines().size()
                        + batches.created().get(1).lines().size())
                .isEqualTo(calls(live).size());
        System.out.println("BatchScoringTest: " + cases.size() + " cells, "
                + calls(live).size() + " calls in " + stats.batches() + " batches of "
                + batches.created().stream().map(b -> b.lines().size()).toList());
    }
}
