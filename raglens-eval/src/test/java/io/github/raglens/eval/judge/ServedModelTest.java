package io.github.raglens.eval.judge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.internal.Json;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.providers.Environment;
import io.github.raglens.providers.Ollama;
import io.github.raglens.providers.OpenAi;
import io.github.raglens.result.ScoringSummary;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.testkit.SimulatedJudge;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The judge's identity includes what the server says the model is: a call cached from an Ollama
 * model that has since been re-pulled (another digest in {@code /api/tags}) is sent again, the same
 * digest reuses it; OpenAI's dated snapshot from the reply's {@code model} field is recorded with
 * every cached call.
 */
class ServedModelTest {

    static final String DIGEST_A = "0a8c266910232fd3291e71e5ba1e058cc5af9d411192cf88b6d30e92b6e73163";
    static final String DIGEST_B = "b1d2c3e4f5a6978812345678901234567890abcdefabcdefabcdefabcdef0123";

    @TempDir
    Path dir;

    /** An Ollama server listing llama3.2:latest with a digest that can change, judging like {@link SimulatedJudge}. */
    static final class OllamaServer extends Dispatcher {
        volatile String digest = DIGEST_A;
        final AtomicInteger chats = new AtomicInteger();
        final AtomicInteger tags = new AtomicInteger();

        @Override
        public MockResponse dispatch(RecordedRequest request) {
            String path = request.getUrl().encodedPath();
            if (path.equals("/api/tags")) {
                tags.incrementAndGet();
                return json("{\"models\":[{\"name\":\"llama3.2:latest\",\"model\":\"llama3.2:latest\",\"size\":1,"
                        + "\"digest\":\"" + digest + "\",\"details\":{\"format\":\"gguf\"}}]}");
            }
            if (path.equals("/api/chat")) {
                chats.incrementAndGet();
                JsonNode body = read(request);
                String user = "";
                for (JsonNode m : body.path("messages")) {
                    if (m.path("role").asText().equals("user")) {
                        user = m.path("content").asText();
                    }
                }
                String schema = body.path("format").isMissingNode() ? "" : schemaName(user);
                String reply = SimulatedJudge.reply(schema, user);
                return json("{\"model\":\"llama3.2\",\"message\":{\"role\":\"assistant\",\"content\":"
                        + Json.toTree(reply) + "},\"done\":true,\"done_reason\":\"stop\","
                        + "\"prompt_eval_count\":10,\"eval_count\":5}");
            }
            return new MockResponse.Builder().code(404).build();
        }
    }

    /** Ollama's {@code format} carries no schema name: the prompt's reply line tells which it is. */
    static String schemaName(String user) {
        if (user.contains("Reply as {\"statements\"")) {
            return "statements";
        }
        if (user.contains("Reply as {\"verdicts\"")) {
            return "verdicts";
        }
        if (user.contains("Reply as {\"questions\"")) {
            return "questions";
        }
        return "usefulness";
    }

    static JsonNode read(RecordedRequest request) {
        try {
            return Json.reader().readTree(request.getBody().utf8());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    static MockResponse json(String body) {
        return new MockResponse.Builder()
                .code(200)
                .body(body)
                .addHeader("Content-Type", "application/json")
                .build();
    }

    private static void score(LlmProvider judge, Path cache, Path scores, List<EvalCase> cases) {
        try (JudgeSession s = JudgeSession.builder(judge).callCache(cache).build()) {
            ScoringSummary summary = Scorer.builder(scores)
                    .session(s)
                    .metrics(Metrics.create(JudgeMetric.defaults(), s))
                    .build()
                    .score(cases)
                    .summary();
            assertThat(summary.failed()).isZero();
        }
    }

    private static LlmProvider ollama(MockWebServer server) {
        return Ollama.chat("llama3.2:latest")
                .environment(Environment.of(Map.of()))
                .baseUrl(server.url("/").toString())
                .build();
    }

    @Test
    void ollama_aRePulledModel_isAskedAgain_theSameDigestReusesTheCachedCalls() throws Exception {
        List<EvalCase> cases = Cases.of(2, List.of("bm25", "dense"), 3);
        Path cache = dir.resolve("judge-calls.jsonl");
        OllamaServer dispatcher = new OllamaServer();
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(dispatcher);
            server.start();

            score(ollama(server), cache, dir.resolve("scores-1.jsonl"), cases);
            int first = dispatcher.chats.get();
            assertThat(first).isPositive();
            assertThat(Files.readString(cache)).contains("\"served\":\"" + DIGEST_A + "\"");

            // the same model: every call comes from the cache
            score(ollama(server), cache, dir.resolve("scores-2.jsonl"), cases);
            assertThat(dispatcher.chats.get()).isEqualTo(first);

            // `ollama pull llama3.2` brought new weights: nothing of the old model is reused
            dispatcher.digest = DIGEST_B;
            score(ollama(server), cache, dir.resolve("scores-3.jsonl"), cases);
            assertThat(dispatcher.chats.get()).isEqualTo(2 * first);
            assertThat(Files.readString(cache)).contains("\"served\":\"" + DIGEST_B + "\"");

            score(ollama(server), cache, dir.resolve("scores-4.jsonl"), cases);
            assertThat(dispatcher.chats.get()).isEqualTo(2 * first);
            // one /api/tags per client, not per call
            assertThat(dispatcher.tags.get()).isEqualTo(4);
        }
    }

    @Test
    void ollama_scoresOfARePulledModel_areScoredAgain_theSameDigestKeepsThem() throws Exception {
        List<EvalCase> cases = Cases.of(2, List.of("bm25"), 3);
        Path cache = dir.resolve("judge-calls.jsonl");
        Path scores = dir.resolve("scores.jsonl");
        OllamaServer dispatcher = new OllamaServer();
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(dispatcher);
            server.start();
            assertThat(scoreSummary(ollama(server), cache, scores, cases).scored())
                    .isEqualTo(8);
            assertThat(Scorer.read(scores))
                    .allSatisfy(r -> assertThat(r.served()).isEqualTo(DIGEST_A));

            ScoringSummary same = scoreSummary(ollama(server), cache, scores, cases);
            assertThat(same.alreadyScored()).isEqualTo(8);
            assertThat(same.scored()).isZero();

            dispatcher.digest = DIGEST_B;
            ScoringSummary repulled = scoreSummary(ollama(server), cache, scores, cases);
            assertThat(repulled.alreadyScored()).isZero();
            assertThat(repulled.scored()).isEqualTo(8);
            assertThat(Scorer.read(scores))
                    .allSatisfy(r -> assertThat(r.served()).isEqualTo(DIGEST_B));
        }
    }

    private static ScoringSummary scoreSummary(LlmProvider judge, Path cache, Path scores, List<EvalCase> cases) {
        try (JudgeSession s = JudgeSession.builder(judge).callCache(cache).build()) {
            return Scorer.builder(scores)
                    .session(s)
                    .metrics(Metrics.create(JudgeMetric.defaults(), s))
                    .build()
                    .score(cases)
                    .summary();
        }
    }

    @Test
    void ollama_aServerThatListsNoDigest_keepsTheCacheAsBefore() throws Exception {
        LlmProvider bare = SimulatedJudge.of();
        assertThat(bare.servedModel()).isEmpty();
        List<EvalCase> cases = Cases.of(1, List.of("bm25"), 2);
        Path cache = dir.resolve("judge-calls.jsonl");
        SimulatedJudge first = SimulatedJudge.of();
        score(first, cache, dir.resolve("s1.jsonl"), cases);
        SimulatedJudge second = SimulatedJudge.of();
        score(second, cache, dir.resolve("s2.jsonl"), cases);
        assertThat(first.calls()).isPositive();
        assertThat(second.calls()).isZero();
        assertThat(Files.readString(cache)).doesNotContain("served");
    }

    @Test
    void openAi_theReplysModelField_isTheServedModel_andRecordedWithTheCall() throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    JsonNode body = read(request);
                    String user = body.path("messages").get(1).path("content").asText();
                    String schema = body.path("response_format")
                            .path("json_schema")
                            .path("name")
                            .asText("");
                    return json("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1,"
                            + "\"model\":\"gpt-4o-mini-2024-07-18\",\"choices\":[{\"index\":0,\"message\":"
                            + "{\"role\":\"assistant\",\"content\":"
                            + Json.toTree(SimulatedJudge.reply(schema, user))
                            + ",\"refusal\":null},\"finish_reason\":\"stop\"}],"
                            + "\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":5,\"total_tokens\":15}}");
                }
            });
            server.start();
            LlmProvider openAi = OpenAi.chat("gpt-4o-mini")
                    .environment(Environment.of(Map.of()))
                    .baseUrl(server.url("/v1").toString())
                    .apiKey("sk-test-served-0123456789")
                    .build();
            assertThat(openAi.servedModel()).isEmpty();
            openAi.chat(Prompts.statements("Why?", "It rains."));
            assertThat(openAi.servedModel()).hasValue("gpt-4o-mini-2024-07-18");
            Path cache = dir.resolve("judge-calls.jsonl");
            score(openAi, cache, dir.resolve("scores.jsonl"), Cases.of(1, List.of("bm25"), 2));
            assertThat(Files.readAllLines(cache))
                    .isNotEmpty()
                    .allSatisfy(line -> assertThat(line).contains("\"served\":\"gpt-4o-mini-2024-07-18\""));
        }
    }
}
