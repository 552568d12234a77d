package io.github.raglens.eval.judge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.eval.scoring.ScoreRecord;
import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.internal.Json;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.providers.Environment;
import io.github.raglens.providers.OpenAi;
import io.github.raglens.result.ScoringSummary;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.testkit.SimulatedJudge;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.Headers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An evaluation of 50 questions × 5 retrievers through the real OpenAI client against a
 * MockWebServer that injects 429s with Retry-After, 500s, stalls, truncated JSON and refusals: the
 * run finishes, every transient fault is retried to success and every persistent one is recorded
 * with its reason, and a second run against a healthy server completes exactly the failed cells
 * without sending any completed call again.
 */
class OpenAiFaultTest {

    @TempDir
    Path dir;

    enum Fault {
        RATE_LIMITED,
        SERVER_ERROR,
        STALL,
        TRUNCATED,
        REFUSAL
    }

    /** Serves judge replies in the OpenAI chat format; faults picked per prompt by its hash. */
    static final class JudgeServer extends Dispatcher {
        final boolean faulty;
        final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();
        final Map<Fault, AtomicInteger> injected = new ConcurrentHashMap<>();
        final Set<String> completed = ConcurrentHashMap.newKeySet();
        final Map<String, Integer> completedTwice = new ConcurrentHashMap<>();
        final Set<String> recoveredAfterTransient = ConcurrentHashMap.newKeySet();
        final Set<String> transientFaulted = ConcurrentHashMap.newKeySet();

        JudgeServer(boolean faulty) {
            this.faulty = faulty;
        }

        static Fault faultOf(String user) {
            int h = Math.floorMod(user.hashCode() * 0x9E3779B1, 100);
            if (h < 4) {
                return Fault.RATE_LIMITED;
            }
            if (h < 8) {
                return Fault.SERVER_ERROR;
            }
            if (h < 10) {
                return Fault.STALL;
            }
            if (h < 12) {
                return Fault.TRUNCATED;
            }
            if (h < 14) {
                return Fault.REFUSAL;
            }
            return null;
        }

        @Override
        public MockResponse dispatch(RecordedRequest request) {
            JsonNode body;
            try {
                body = Json.reader().readTree(request.getBody().utf8());
            } catch (java.io.IOException e) {
                return new MockResponse(400, Headers.of(), "bad body");
            }
            String user = "";
            for (JsonNode m : body.path("messages")) {
                if (m.path("role").asText().equals("user")) {
                    user = m.path("content").asText();
                }
            }
            String schema = body.path("response_format")
                    .path("json_schema")
                    .path("name")
                    .asText("");
            int attempt =
                    attempts.computeIfAbsent(user, k -> new AtomicInteger()).incrementAndGet();
            Fault fault = faulty ? faultOf(user) : null;
            // Transient faults hit the first attempt only; truncation and refusal hit every attempt.
            if (fault != null && (attempt == 1 || fault == Fault.TRUNCATED || fault == Fault.REFUSAL)) {
                injected.computeIfAbsent(fault, f -> new AtomicInteger()).incrementAndGet();
                switch (fault) {
                    case RATE_LIMITED -> {
                        transientFaulted.add(user);
                        return json(
                                429,
                                "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\","
                                        + "\"code\":\"rate_limit_exceeded\"}}",
                                // fractional seconds, as OpenAI's own clients read them: the
                                // client waits what the server asks without the test waiting 1 s
                                "Retry-After",
                                "0.05");
                    }
                    case SERVER_ERROR -> {
                        transientFaulted.add(user);
                        return json(
                                500, "{\"error\":{\"message\":\"The server had an error\",\"type\":\"server_error\"}}");
                    }
                    case STALL -> {
                        transientFaulted.add(user);
                        return new MockResponse.Builder()
                                .code(200)
                                .addHeader("Content-Type", "application/json")
                                .body(chat(SimulatedJudge.reply(schema, user), "null", "stop"))
                                // past the client's read timeout, so the call times out and is retried
                                .headersDelay(3, TimeUnit.SECONDS)
                                .build();
                    }
                    case TRUNCATED -> {
                        String full = SimulatedJudge.reply(schema, user);
                        return json(200, chat(full.substring(0, full.length() / 2), "null", "length"));
                    }
                    case REFUSAL -> {
                        return json(200, chat(null, "\"I'm sorry, I can't help with that.\"", "stop"));
                    }
                }
            }
            if (transientFaulted.contains(user)) {
                recoveredAfterTransient.add(user);
            }
            if (!completed.add(user)) {
                completedTwice.merge(user, 1, Integer::sum);
            }
            return json(200, chat(SimulatedJudge.reply(schema, user), "null", "stop"));
        }

        private static String chat(String content, String refusalJson, String finish) {
            String contentJson;
            try {
                contentJson = content == null ? "null" : Json.writer().writeValueAsString(content);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
            return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1741569952,"
                    + "\"model\":\"gpt-4o-mini\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
                    + "\"content\":" + contentJson + ",\"refusal\":" + refusalJson + "},\"logprobs\":null,"
                    + "\"finish_reason\":\"" + finish + "\"}],\"usage\":{\"prompt_tokens\":120,"
                    + "\"completion_tokens\":30,\"total_tokens\":150}}";
        }

        private static MockResponse json(int code, String body, String... headers) {
            MockResponse.Builder b =
                    new MockResponse.Builder().code(code).body(body).addHeader("Content-Type", "application/json");
            for (int i = 0; i < headers.length; i += 2) {
                b.addHeader(headers[i], headers[i + 1]);
            }
            return b.build();
        }
    }

    private static ScoringSummary evaluate(MockWebServer server, Path ws, List<EvalCase> cases) {
        LlmProvider openAi = OpenAi.chat("gpt-4o-mini")
                .environment(Environment.of(Map.of()))
                .baseUrl(server.url("/v1").toString())
                .apiKey("sk-test-fault-0123456789")
                .initialBackoff(Duration.ofMillis(5))
                .maxBackoff(Duration.ofMillis(50))
                .maxRetryWait(Duration.ofSeconds(2))
                .readTimeout(Duration.ofMillis(2500))
                .callTimeout(Duration.ofSeconds(20))
                .maxConcurrency(32)
                .build();
        try (JudgeSession s = JudgeSession.builder(openAi)
                .concurrency(32)
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

    private static Map<String, String> scores(Path ws) {
        Map<String, String> out = new HashMap<>();
        for (ScoreRecord r : Scorer.read(ws.resolve("scores.jsonl"))) {
            out.put(r.retriever() + " " + r.questionId() + " " + r.metric(), r.status() + " " + r.score());
        }
        return out;
    }

    @Test
    void faultsInjectedIntoFiftySamplesTimesFiveRetrievers_areRetriedOrRecorded_andASecondRunCompletesThem()
            throws Exception {
        List<EvalCase> cases = Cases.of(50, Cases.RETRIEVERS, 5);
        Path ws = dir.resolve("ws");
        JudgeServer faulty = new JudgeServer(true);
        ScoringSummary first;
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(faulty);
            server.start();
            first = evaluate(server, ws, cases);
        }
        System.out.println("OpenAiFaultTest: injected " + faulty.injected + "; first run " + first.scored()
                + " scored, " + first.failed() + " failed " + first.failuresByReason());
        assertThat(first.scored() + first.failed()).isEqualTo(1000);
        assertThat(first.notRun()).isZero();
        for (Fault f : Fault.values()) {
            assertThat(faulty.injected.get(f)).as("%s injected", f).isNotNull();
        }
        assertThat(faulty.recoveredAfterTransient)
                .as("every 429, 500 and stall was retried to success")
                .isEqualTo(faulty.transientFaulted);
        assertThat(first.failuresByReason()).containsOnlyKeys("truncated", "refusal");
        assertThat(faulty.completedTwice).as("no completed call sent twice").isEmpty();

        JudgeServer healthy = new JudgeServer(false);
        ScoringSummary second;
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(healthy);
            server.start();
            second = evaluate(server, ws, cases);
        }
        assertThat(second.alreadyScored()).isEqualTo(first.scored());
        assertThat(second.scored()).isEqualTo(first.failed());
        assertThat(second.failed()).isZero();
        assertThat(healthy.completed)
                .as("the second run sends no call the first run completed")
                .doesNotContainAnyElementsOf(faulty.completed);

        // The healthy server replies as the in-process simulated judge does, so a clean run is quick.
        Path clean = dir.resolve("clean");
        try (JudgeSession s = JudgeSession.builder(SimulatedJudge.of()).build()) {
            Scorer.builder(clean.resolve("scores.jsonl"))
                    .session(s)
                    .metrics(Metrics.create(JudgeMetric.defaults(), s, ContextPrecision.Mode.ONE_CALL))
                    .build()
                    .score(cases);
        }
        assertThat(scores(ws)).isEqualTo(scores(clean));
    }
}
