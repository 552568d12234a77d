package io.github.raglens.providers;

import static io.github.raglens.providers.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.usage.UsageLedger;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs failing calls with a known key and greps everything they leave behind: log lines (debug
 * level), exception messages and stack traces, every toString, and the files in the working
 * directory.
 */
class SecretLeakTest {

    static final String KEY = "sk-proj-LEAKCANARY0123456789abcdefXYZ";
    static final String GROQ_KEY = "gsk_LEAKCANARYgroq0123456789";

    @TempDir
    Path dir;

    @Test
    void failingRuns_neverWriteTheKey() throws Exception {
        StringBuilder seen = new StringBuilder();
        PrintStream originalErr = System.err;
        PrintStream originalOut = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(captured, true, StandardCharsets.UTF_8);
        System.setErr(capture);
        System.setOut(capture);
        try (MockWebServer server = new MockWebServer()) {
            server.start();
            // every failure class: echoes of the key, retries, timeouts, cut bodies, 404, 429, 5xx
            server.enqueue(json(
                    401,
                    "{\"error\":{\"message\":\"Incorrect API key provided: " + KEY
                            + ". You can find your API key at https://platform.openai.com/account/api-keys.\",\"type\":"
                            + "\"invalid_request_error\",\"param\":null,\"code\":\"invalid_api_key\"}}"));
            server.enqueue(
                    json(500, "{\"error\":{\"message\":\"upstream echoed Authorization: Bearer " + KEY + "\"}}"));
            server.enqueue(json(503, "{\"error\":{\"message\":\"key " + KEY + " overloaded\"}}"));
            server.enqueue(new MockResponse.Builder()
                    .onResponseStart(SocketEffect.Stall.INSTANCE)
                    .build());
            server.enqueue(json(200, "{\"choices\":[{\"message\":{\"content\":\"" + KEY));
            server.enqueue(json(
                    404,
                    "{\"error\":{\"message\":\"model for key " + KEY + " missing\",\"code\":\"model_not_found\"}}"));
            server.enqueue(
                    json(429, "{\"error\":{\"message\":\"" + KEY + " quota\",\"code\":\"insufficient_quota\"}}"));
            server.enqueue(json(429, "{\"error\":{\"message\":\"slow down " + KEY + "\"}}", "retry-after", "900"));
            server.enqueue(json(400, "{\"error\":{\"message\":\"bad " + KEY + "\"}}"));
            server.enqueue(json(200, "{\"data\":[{\"index\":0,\"embedding\":[\"" + KEY + "\"]}]}"));
            server.enqueue(json(401, "{\"error\":{\"message\":\"Invalid API Key " + GROQ_KEY + "\"}}"));

            Environment env = Environment.of(Map.of("OPENAI_API_KEY", KEY, "GROQ_API_KEY", GROQ_KEY));
            OpenAiChat chat = OpenAi.chat("gpt-4o-mini")
                    .environment(env)
                    .baseUrl(server.url("/v1").toString())
                    .maxRetries(2)
                    .initialBackoff(Duration.ofMillis(1))
                    .readTimeout(Duration.ofMillis(200))
                    .build();
            OpenAiEmbeddings emb = OpenAi.embeddings("text-embedding-3-small")
                    .environment(env)
                    .baseUrl(server.url("/v1").toString())
                    .maxRetries(0)
                    .build();
            OpenAiChat groq = Groq.chat("llama-3.1-8b-instant")
                    .environment(env)
                    .baseUrl(server.url("/openai/v1").toString())
                    .build();
            seen.append(chat)
                    .append(chat.toBuilder())
                    .append(emb)
                    .append(groq)
                    .append(chat.meteredBy(new UsageLedger(), "judge"));
            ChatRequest req = ChatRequest.builder().user("hi").build();
            List<Runnable> calls = List.of(
                    () -> chat.chat(req),
                    () -> chat.toBuilder().maxRetries(3).build().chat(req),
                    () -> chat.chat(req),
                    () -> chat.chat(req),
                    () -> chat.chat(req),
                    () -> chat.chat(req),
                    () -> emb.embed(List.of("x"), EmbeddingPurpose.PASSAGE),
                    () -> groq.chat(req));
            int failures = 0;
            for (Runnable call : calls) {
                try {
                    call.run();
                } catch (RuntimeException e) {
                    failures++;
                    StringWriter trace = new StringWriter();
                    e.printStackTrace(new PrintWriter(trace));
                    seen.append(e).append(e.getMessage()).append(trace);
                }
            }
            assertThat(failures).isEqualTo(calls.size());
        } finally {
            System.setErr(originalErr);
            System.setOut(originalOut);
        }
        String logs = captured.toString(StandardCharsets.UTF_8);
        assertThat(logs).contains("HTTP 500", "retry 1 of");
        seen.append(logs);
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                seen.append(Files.readString(f));
            }
        }
        assertThat(seen.toString()).doesNotContain(KEY).doesNotContain(GROQ_KEY).doesNotContain("LEAKCANARY");
    }
}
