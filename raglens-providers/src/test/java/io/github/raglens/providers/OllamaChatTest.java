package io.github.raglens.providers;

import static io.github.raglens.providers.Fixtures.body;
import static io.github.raglens.providers.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.raglens.error.InvalidRequestException;
import io.github.raglens.error.ModelNotFoundException;
import io.github.raglens.error.ProviderException;
import io.github.raglens.error.ProviderTimeoutException;
import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.usage.UsageLedger;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OllamaChatTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final ResponseSchema AGE = new ResponseSchema(
            "age",
            "{\"type\":\"object\",\"properties\":{\"age\":{\"type\":\"integer\"},\"available\":{\"type\":\"boolean\"}},"
                    + "\"required\":[\"age\",\"available\"]}");

    MockWebServer server;
    String base;

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.start();
        base = server.url("/").toString().replaceAll("/$", "");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    OllamaChat.Builder builder() {
        return builder(Duration.ofMillis(500));
    }

    OllamaChat.Builder builder(Duration readTimeout) {
        return Ollama.chat("llama3.2")
                .environment(Environment.of(Map.of("OLLAMA_HOST", base)))
                .initialBackoff(Duration.ofMillis(1))
                .maxBackoff(Duration.ofMillis(5))
                .readTimeout(readTimeout)
                .callTimeout(Duration.ofSeconds(5));
    }

    static ChatRequest hello() {
        return ChatRequest.builder().user("why is the sky blue?").build();
    }

    @Test
    void chat_verbatimReply_isCompleted_andRequestIsNonStreamingWithNumCtx() throws Exception {
        server.enqueue(json(200, Fixtures.OLLAMA_CHAT_VERBATIM));
        UsageLedger ledger = new UsageLedger();

        ChatOutcome out = builder()
                .numCtx(16_384)
                .usageLedger(ledger)
                .stage("questions")
                .build()
                .chat(ChatRequest.builder()
                        .user("why is the sky blue?")
                        .temperature(0.2)
                        .seed(101)
                        .maxOutputTokens(512)
                        .build());

        assertThat(out).isEqualTo(new ChatOutcome.Completed("Hello! How are you today?", new TokenUsage(26, 298)));
        RecordedRequest r = server.takeRequest();
        assertThat(r.getUrl().encodedPath()).isEqualTo("/api/chat");
        assertThat(r.getHeaders().get("Authorization")).isNull();
        JsonNode sent = JSON.readTree(body(r));
        assertThat(sent.get("model").asText()).isEqualTo("llama3.2");
        assertThat(sent.get("stream").asBoolean(true)).isFalse();
        assertThat(sent.get("messages").toString())
                .isEqualTo("[{\"role\":\"user\",\"content\":\"why is the sky blue?\"}]");
        assertThat(sent.get("options").toString())
                .isEqualTo("{\"temperature\":0.2,\"seed\":101,\"num_predict\":512,\"num_ctx\":16384}");
        assertThat(sent.has("format")).isFalse();
        assertThat(ledger.lines())
                .containsExactly(new UsageLedger.Line(
                        "questions", "ollama/llama3.2", 1, new TokenUsage(26, 298), java.util.OptionalDouble.of(0)));
        assertThat(ledger.costUsd()).isZero();
    }

    @Test
    void chat_numCtxIsSentByDefault() throws Exception {
        server.enqueue(json(200, Fixtures.OLLAMA_CHAT_VERBATIM));
        builder().build().chat(hello());
        assertThat(JSON.readTree(body(server.takeRequest()))
                        .get("options")
                        .get("num_ctx")
                        .asInt())
                .isEqualTo(8192);
    }

    @Test
    void chat_withSchema_sendsItAsFormat_andValidatesTheReply() throws Exception {
        server.enqueue(json(200, Fixtures.ollamaChat("\"{\\\"age\\\": 22, \\\"available\\\": false}\"", "stop")));

        ChatOutcome out = builder()
                .build()
                .chat(ChatRequest.builder()
                        .user("Return age as json")
                        .schema(AGE)
                        .build());

        assertThat(out)
                .isEqualTo(new ChatOutcome.Completed("{\"age\": 22, \"available\": false}", new TokenUsage(26, 298)));
        JsonNode sent = JSON.readTree(body(server.takeRequest()));
        assertThat(sent.get("format")).isEqualTo(JSON.readTree(AGE.schemaJson()));
    }

    @Test
    void chat_schemaMismatch_isReported() {
        server.enqueue(json(200, Fixtures.ollamaChat("\"{\\\"age\\\": \\\"22\\\"}\"", "stop")));

        ChatOutcome out = builder()
                .build()
                .chat(ChatRequest.builder().user("json").schema(AGE).build());

        assertThat(out)
                .isEqualTo(new ChatOutcome.Failed(
                        ChatOutcome.Reason.SCHEMA_MISMATCH,
                        "the reply does not match schema 'age': $: missing required property 'available'; "
                                + "$.age: expected integer, was string \"22\"",
                        new TokenUsage(26, 298)));
    }

    @Test
    void chat_doneReasonLength_isTruncated_evenWhenTheCutJsonParses() {
        server.enqueue(json(200, Fixtures.ollamaChat("\"{\\\"age\\\": 22, \\\"available\\\": false}\"", "length")));

        ChatOutcome out = builder()
                .build()
                .chat(ChatRequest.builder()
                        .user("json")
                        .schema(AGE)
                        .maxOutputTokens(12)
                        .build());

        assertThat(out)
                .isInstanceOfSatisfying(
                        ChatOutcome.Failed.class, f -> assertThat(f.reason()).isEqualTo(ChatOutcome.Reason.TRUNCATED));
    }

    @Test
    void chat_invalidJson_isInvalidJson_notRepaired() {
        server.enqueue(json(200, Fixtures.ollamaChat("\"{\\\"age\\\": 22, \\\"available\\\": fal\"", "stop")));

        ChatOutcome out = builder()
                .build()
                .chat(ChatRequest.builder().user("json").schema(AGE).build());

        assertThat(out).isInstanceOfSatisfying(ChatOutcome.Failed.class, f -> {
            assertThat(f.reason()).isEqualTo(ChatOutcome.Reason.INVALID_JSON);
            assertThat(f.detail()).endsWith(": {\"age\": 22, \"available\": fal");
        });
    }

    @Test
    void chat_unknownModel_404_saysHowToPull() {
        server.enqueue(json(404, "{\"error\":\"model 'llama3.2' not found\"}"));

        assertThatThrownBy(() -> builder().build().chat(hello()))
                .isInstanceOfSatisfying(ModelNotFoundException.class, e -> {
                    assertThat(e.getMessage())
                            .isEqualTo(
                                    "model 'llama3.2' not found on Ollama at " + base + "; run: ollama pull llama3.2");
                    assertThat(e.status()).hasValue(404);
                    assertThat(e.provider()).isEqualTo("ollama");
                });
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void chat_embeddingModel_400_isInvalidRequest() {
        server.enqueue(json(400, "{\"error\":\"\\\"bert\\\" does not support chat\"}"));

        assertThatThrownBy(() -> builder().build().chat(hello()))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("ollama rejected the request for llama3.2 (HTTP 400: \"bert\" does not support chat)");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void chat_serverBusy503_thenSuccess() {
        server.enqueue(new MockResponse(
                503, okhttp3.Headers.of(), "server busy, please try again.  maximum pending requests exceeded"));
        server.enqueue(json(200, Fixtures.OLLAMA_CHAT_VERBATIM));

        assertThat(builder().build().chat(hello())).isInstanceOf(ChatOutcome.Completed.class);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void chat_500Always_failsWithServerMessage() {
        for (int i = 0; i < 4; i++) {
            server.enqueue(json(500, "{\"error\":\"the model failed to generate a response\"}"));
        }

        assertThatThrownBy(() -> builder().build().chat(hello()))
                .isInstanceOf(ProviderException.class)
                .hasMessage(
                        "ollama/llama3.2 failed with HTTP 500: the model failed to generate a response after 4 attempts");
    }

    @Test
    void chat_stalled_timesOut() {
        server.enqueue(new MockResponse.Builder()
                .onResponseStart(SocketEffect.Stall.INSTANCE)
                .build());

        assertThatThrownBy(() ->
                        builder(Duration.ofMillis(150)).maxRetries(0).build().chat(hello()))
                .isInstanceOf(ProviderTimeoutException.class)
                .hasMessageStartingWith("ollama/llama3.2 gave no complete reply in time (");
    }

    @Test
    void chat_replyWithoutDone_isMalformed_andRetried() {
        server.enqueue(json(
                200,
                "{\"model\":\"llama3.2\",\"message\":{\"role\":\"assistant\",\"content\":\"The\"},\"done\":false}"));
        server.enqueue(json(200, Fixtures.OLLAMA_CHAT_VERBATIM));

        assertThat(builder().build().chat(hello())).isInstanceOf(ChatOutcome.Completed.class);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void chat_bodyCutMidJson_isRetried() {
        server.enqueue(json(200, Fixtures.OLLAMA_CHAT_VERBATIM.substring(0, 90)));
        server.enqueue(json(200, Fixtures.OLLAMA_CHAT_VERBATIM));

        assertThat(builder().build().chat(hello())).isInstanceOf(ChatOutcome.Completed.class);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void chat_unreachableOllama_saysHowToStartIt() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port;
        OllamaChat client = builder().baseUrl(url).maxRetries(1).build();

        assertThatThrownBy(() -> client.chat(hello())).isInstanceOfSatisfying(ProviderUnreachableException.class, e -> {
            assertThat(e.getMessage())
                    .isEqualTo("Ollama is not reachable at " + url
                            + "; start it with `ollama serve`, or choose RagLens.Builder.llm(OpenAi.chat(model))");
            assertThat(e.status()).isEmpty();
        });
    }

    @Test
    void checkAvailable_readsTags_andNamesTheMissingModel() {
        String tags = "{\"models\":[{\"name\":\"deepseek-r1:latest\",\"model\":\"deepseek-r1:latest\",\"modified_at\":"
                + "\"2025-05-10T08:06:48.639712648-07:00\",\"size\":4683075271,\"digest\":\"0a8c2669\",\"details\":"
                + "{\"parent_model\":\"\",\"format\":\"gguf\",\"family\":\"qwen2\",\"families\":[\"qwen2\"],"
                + "\"parameter_size\":\"7.6B\",\"quantization_level\":\"Q4_K_M\"}}]}";
        server.enqueue(json(200, tags));
        server.enqueue(json(200, tags));

        assertThatThrownBy(() -> builder().build().checkAvailable())
                .isInstanceOf(ModelNotFoundException.class)
                .hasMessage("model 'llama3.2' not found on Ollama at " + base + "; run: ollama pull llama3.2");
        Ollama.chat("deepseek-r1").baseUrl(base).build().checkAvailable();
    }

    @Test
    void baseUrl_fromOllamaHostWithoutScheme_getsHttp() {
        OllamaChat c = Ollama.chat("llama3.2")
                .environment(Environment.of(Map.of("OLLAMA_HOST", "127.0.0.1:11434/")))
                .build();
        assertThat(c.toString()).contains("baseUrl=http://127.0.0.1:11434,");
    }
}
