package io.github.raglens.providers;

import static io.github.raglens.providers.Fixtures.body;
import static io.github.raglens.providers.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.raglens.error.AuthenticationException;
import io.github.raglens.error.InvalidRequestException;
import io.github.raglens.error.ModelNotFoundException;
import io.github.raglens.error.ProviderException;
import io.github.raglens.error.ProviderTimeoutException;
import io.github.raglens.error.RateLimitedException;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.usage.UsageLedger;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicReference;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OpenAiChatTest {

    static final String KEY = "sk-test-0123456789abcdefSECRET";
    static final ResponseSchema SCHEMA = new ResponseSchema(
            "qa_pair",
            "{\"type\":\"object\",\"properties\":{\"status\":{\"type\":\"string\",\"enum\":[\"ok\",\"skip\"]},"
                    + "\"question\":{\"type\":[\"string\",\"null\"]}},\"required\":[\"status\",\"question\"],"
                    + "\"additionalProperties\":false}");
    static final ObjectMapper JSON = new ObjectMapper();

    MockWebServer server;

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    OpenAiChat.Builder builder() {
        return builder(Duration.ofMillis(500));
    }

    OpenAiChat.Builder builder(Duration readTimeout) {
        return builder(readTimeout, Duration.ofSeconds(5));
    }

    OpenAiChat.Builder builder(Duration readTimeout, Duration callTimeout) {
        return OpenAi.chat("gpt-4o-mini")
                .environment(Environment.of(Map.of()))
                .baseUrl(server.url("/v1").toString())
                .apiKey(KEY)
                .initialBackoff(Duration.ofMillis(1))
                .maxBackoff(Duration.ofMillis(5))
                .readTimeout(readTimeout)
                .callTimeout(callTimeout);
    }

    static ChatRequest hello() {
        return ChatRequest.builder().system("Be brief.").user("Hello").build();
    }

    static ChatRequest structured(int maxTokens) {
        return ChatRequest.builder()
                .user("Write one question as json")
                .schema(SCHEMA)
                .seed(42)
                .maxOutputTokens(maxTokens)
                .build();
    }

    @Test
    void chat_success_sendsDocumentedRequest_andReadsReplyAndUsage() throws Exception {
        server.enqueue(json(200, Fixtures.OPENAI_CHAT_VERBATIM, "x-request-id", "req_123"));
        UsageLedger ledger = new UsageLedger();
        OpenAiChat client = builder().usageLedger(ledger).stage("answers").build();

        ChatOutcome out = client.chat(hello());

        assertThat(out)
                .isEqualTo(new ChatOutcome.Completed("Hello! How can I assist you today?", new TokenUsage(19, 10)));
        RecordedRequest r = server.takeRequest();
        assertThat(r.getMethod()).isEqualTo("POST");
        assertThat(r.getUrl().encodedPath()).isEqualTo("/v1/chat/completions");
        assertThat(r.getHeaders().get("Authorization")).isEqualTo("Bearer " + KEY);
        JsonNode sent = JSON.readTree(body(r));
        assertThat(sent.get("model").asText()).isEqualTo("gpt-4o-mini");
        assertThat(sent.get("messages").toString())
                .isEqualTo(
                        "[{\"role\":\"system\",\"content\":\"Be brief.\"},{\"role\":\"user\",\"content\":\"Hello\"}]");
        assertThat(sent.get("temperature").asDouble()).isEqualTo(0.0);
        assertThat(sent.get("max_completion_tokens").asInt()).isEqualTo(2048);
        assertThat(sent.has("seed")).isFalse();
        assertThat(sent.has("response_format")).isFalse();
        assertThat(ledger.lines())
                .containsExactly(new UsageLedger.Line(
                        "answers",
                        "openai/gpt-4o-mini",
                        1,
                        new TokenUsage(19, 10),
                        java.util.OptionalDouble.of((19 * 0.15 + 10 * 0.60) / 1e6)));
        assertThat(client.modelName()).isEqualTo("openai/gpt-4o-mini");
    }

    @Test
    void chat_withSchema_sendsStrictJsonSchema_andReturnsValidatedJson() throws Exception {
        server.enqueue(json(
                200,
                Fixtures.openAiChat("\"{\\\"status\\\":\\\"ok\\\",\\\"question\\\":\\\"Why?\\\"}\"", "null", "stop")));

        ChatOutcome out = builder().build().chat(structured(300));

        assertThat(out)
                .isEqualTo(
                        new ChatOutcome.Completed("{\"status\":\"ok\",\"question\":\"Why?\"}", new TokenUsage(19, 10)));
        JsonNode sent = JSON.readTree(body(server.takeRequest()));
        JsonNode format = sent.get("response_format");
        assertThat(format.get("type").asText()).isEqualTo("json_schema");
        assertThat(format.get("json_schema").get("name").asText()).isEqualTo("qa_pair");
        assertThat(format.get("json_schema").get("strict").asBoolean()).isTrue();
        assertThat(format.get("json_schema").get("schema")).isEqualTo(JSON.readTree(SCHEMA.schemaJson()));
        assertThat(sent.get("seed").asLong()).isEqualTo(42);
        assertThat(sent.get("max_completion_tokens").asInt()).isEqualTo(300);
    }

    @Test
    void chat_finishReasonLength_isTruncated_andNeverRepaired() {
        server.enqueue(json(
                200,
                Fixtures.openAiChat(
                        "\"{\\\"status\\\":\\\"ok\\\",\\\"question\\\":\\\"Why is th\"", "null", "length")));

        ChatOutcome out = builder().build().chat(structured(20));

        assertThat(out)
                .isEqualTo(new ChatOutcome.Failed(
                        ChatOutcome.Reason.TRUNCATED,
                        "the reply hit the cap of 20 output tokens (finish_reason: length); raise maxOutputTokens",
                        new TokenUsage(19, 10)));
    }

    @Test
    void chat_refusal_isRefusal() {
        server.enqueue(json(200, Fixtures.openAiChat("null", "\"I'm sorry, I cannot help with that.\"", "stop")));

        ChatOutcome out = builder().build().chat(structured(100));

        assertThat(out)
                .isEqualTo(new ChatOutcome.Failed(
                        ChatOutcome.Reason.REFUSAL,
                        "the model refused: I'm sorry, I cannot help with that.",
                        new TokenUsage(19, 10)));
    }

    @Test
    void chat_contentFilter_isRefusal() {
        server.enqueue(json(200, Fixtures.openAiChat("null", "null", "content_filter")));

        ChatOutcome out = builder().build().chat(hello());

        assertThat(out)
                .isEqualTo(new ChatOutcome.Failed(
                        ChatOutcome.Reason.REFUSAL,
                        "the provider's content filter withheld the reply",
                        new TokenUsage(19, 10)));
    }

    @Test
    void chat_notJson_isInvalidJson() {
        server.enqueue(json(200, Fixtures.openAiChat("\"Sure! Here is the question: Why?\"", "null", "stop")));

        ChatOutcome out = builder().build().chat(structured(100));

        assertThat(out).isInstanceOf(ChatOutcome.Failed.class);
        ChatOutcome.Failed f = (ChatOutcome.Failed) out;
        assertThat(f.reason()).isEqualTo(ChatOutcome.Reason.INVALID_JSON);
        assertThat(f.detail()).endsWith(": Sure! Here is the question: Why?");
    }

    @Test
    void chat_wrongShape_isSchemaMismatch() {
        server.enqueue(
                json(200, Fixtures.openAiChat("\"{\\\"status\\\":\\\"maybe\\\",\\\"extra\\\":1}\"", "null", "stop")));

        ChatOutcome out = builder().build().chat(structured(100));

        assertThat(out)
                .isEqualTo(new ChatOutcome.Failed(
                        ChatOutcome.Reason.SCHEMA_MISMATCH,
                        "the reply does not match schema 'qa_pair': $: missing required property 'question'; "
                                + "$.status: string \"maybe\" is not one of [\"ok\",\"skip\"]; $: unexpected property 'extra'",
                        new TokenUsage(19, 10)));
    }

    @Test
    void chat_401_isAuthentication_notRetried_andKeyNotInMessage() {
        server.enqueue(json(
                401,
                "{\"error\":{\"message\":\"Incorrect API key provided: sk-test-01***CRET. You can find your API key at "
                        + "https://platform.openai.com/account/api-keys.\",\"type\":\"invalid_request_error\",\"param\":null,"
                        + "\"code\":\"invalid_api_key\"}}",
                "x-request-id",
                "req_401"));

        assertThatThrownBy(() -> builder().build().chat(hello()))
                .isInstanceOfSatisfying(AuthenticationException.class, e -> {
                    assertThat(e.getMessage())
                            .isEqualTo(
                                    "openai refused the API key (HTTP 401: Incorrect API key provided: *** You can "
                                            + "find your API key at https://platform.openai.com/account/api-keys.); check OPENAI_API_KEY");
                    assertThat(e.status()).hasValue(401);
                    assertThat(e.requestId()).hasValue("req_401");
                    assertThat(e.provider()).isEqualTo("openai");
                    assertThat(e.model()).isEqualTo("gpt-4o-mini");
                    assertThat(e.isRetryable()).isFalse();
                });
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void chat_403_isAuthentication_notRetried() {
        server.enqueue(json(
                403,
                "{\"error\":{\"message\":\"Country, region, or territory not supported\",\"type\":"
                        + "\"request_forbidden\",\"param\":null,\"code\":\"unsupported_country_region_territory\"}}"));

        assertThatThrownBy(() -> builder().build().chat(hello()))
                .isInstanceOf(AuthenticationException.class)
                .hasMessage("openai refused the API key (HTTP 403: Country, region, or territory not supported); "
                        + "check OPENAI_API_KEY");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void chat_404_isModelNotFound_notRetried() {
        server.enqueue(
                json(
                        404,
                        "{\"error\":{\"message\":\"The model `gpt-4o-mini` does not exist or you do not have "
                                + "access to it.\",\"type\":\"invalid_request_error\",\"param\":null,\"code\":\"model_not_found\"}}"));

        assertThatThrownBy(() -> builder().build().chat(hello()))
                .isInstanceOf(ModelNotFoundException.class)
                .hasMessage(
                        "model 'gpt-4o-mini' not found on openai at "
                                + server.url("/v1").toString().replaceAll("/$", "")
                                + " (The model `gpt-4o-mini` does not exist or you do not have access to it.); check the model name");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void chat_400_isInvalidRequest_notRetried() {
        server.enqueue(json(
                400,
                "{\"error\":{\"message\":\"'messages' must contain the word 'json' in some form, to use "
                        + "'response_format' of type 'json_object'.\",\"type\":\"invalid_request_error\",\"param\":\"messages\","
                        + "\"code\":null}}"));

        assertThatThrownBy(() -> builder().build().chat(hello()))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> {
                    assertThat(e.getMessage())
                            .isEqualTo(
                                    "openai rejected the request for gpt-4o-mini (HTTP 400: 'messages' must contain the "
                                            + "word 'json' in some form, to use 'response_format' of type 'json_object'.)");
                    assertThat(e.status()).hasValue(400);
                });
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void chat_422_isInvalidRequest_notRetried() {
        server.enqueue(json(422, "{\"error\":{\"message\":\"unprocessable\",\"type\":\"invalid_request_error\"}}"));

        assertThatThrownBy(() -> builder().build().chat(hello())).isInstanceOf(InvalidRequestException.class);
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void chat_408_thenSuccess_isRetried() {
        server.enqueue(json(408, "{\"error\":{\"message\":\"Request timeout\",\"type\":\"server_error\"}}"));
        server.enqueue(json(200, Fixtures.OPENAI_CHAT_VERBATIM));

        assertThat(builder().build().chat(hello())).isInstanceOf(ChatOutcome.Completed.class);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void chat_409_thenSuccess_isRetried() {
        server.enqueue(json(409, "{\"error\":{\"message\":\"lock timeout\",\"type\":\"server_error\"}}"));
        server.enqueue(json(200, Fixtures.OPENAI_CHAT_VERBATIM));

        assertThat(builder().build().chat(hello())).isInstanceOf(ChatOutcome.Completed.class);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void chat_500_502_503_thenSuccess_isRetried() {
        server.enqueue(json(
                500,
                "{\"error\":{\"message\":\"The server had an error while processing your request.\","
                        + "\"type\":\"server_error\",\"param\":null,\"code\":null}}"));
        server.enqueue(json(502, "<html>Bad gateway</html>"));
        server.enqueue(json(
                503,
                "{\"error\":{\"message\":\"The engine is currently overloaded, please try again later\","
                        + "\"type\":\"server_error\",\"param\":null,\"code\":null}}"));
        server.enqueue(json(200, Fixtures.OPENAI_CHAT_VERBATIM));

        assertThat(builder().build().chat(hello())).isInstanceOf(ChatOutcome.Completed.class);
        assertThat(server.getRequestCount()).isEqualTo(4);
    }

    @Test
    void chat_5xxEveryTime_failsAfterRetries_retryable() {
        for (int i = 0; i < 3; i++) {
            server.enqueue(json(503, "{\"error\":{\"message\":\"overloaded\",\"type\":\"server_error\"}}"));
        }

        assertThatThrownBy(() -> builder().maxRetries(2).build().chat(hello()))
                .isInstanceOfSatisfying(ProviderException.class, e -> {
                    assertThat(e.getMessage())
                            .isEqualTo("openai/gpt-4o-mini failed with HTTP 503: overloaded after 3 attempts");
                    assertThat(e.isRetryable()).isTrue();
                    assertThat(e.status()).hasValue(503);
                });
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void chat_429RetryAfterMs_waitsThatLong_thenSucceeds() {
        server.enqueue(json(429, rateLimitBody(), "retry-after-ms", "300"));
        server.enqueue(json(200, Fixtures.OPENAI_CHAT_VERBATIM));

        long t0 = System.nanoTime();
        assertThat(builder().build().chat(hello())).isInstanceOf(ChatOutcome.Completed.class);
        assertThat((System.nanoTime() - t0) / 1_000_000).isGreaterThanOrEqualTo(300);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void chat_429RetryAfterSeconds_waitsThatLong_thenSucceeds() {
        server.enqueue(json(429, rateLimitBody(), "retry-after", "1"));
        server.enqueue(json(200, Fixtures.OPENAI_CHAT_VERBATIM));

        long t0 = System.nanoTime();
        assertThat(builder().build().chat(hello())).isInstanceOf(ChatOutcome.Completed.class);
        assertThat((System.nanoTime() - t0) / 1_000_000).isGreaterThanOrEqualTo(1000);
    }

    @Test
    void chat_429RetryAfterHttpDate_waitsUntilThen_thenSucceeds() {
        String at = DateTimeFormatter.RFC_1123_DATE_TIME.format(
                ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(2).withNano(0));
        server.enqueue(json(429, rateLimitBody(), "retry-after", at));
        server.enqueue(json(200, Fixtures.OPENAI_CHAT_VERBATIM));

        long t0 = System.nanoTime();
        assertThat(builder().build().chat(hello())).isInstanceOf(ChatOutcome.Completed.class);
        assertThat((System.nanoTime() - t0) / 1_000_000).isGreaterThanOrEqualTo(900);
    }

    @Test
    void chat_429ResetHeaders_waitsForTheExhaustedLimit_thenSucceeds() {
        server.enqueue(json(
                429,
                rateLimitBody(),
                "x-ratelimit-remaining-requests",
                "59",
                "x-ratelimit-reset-requests",
                "1s",
                "x-ratelimit-remaining-tokens",
                "0",
                "x-ratelimit-reset-tokens",
                "400ms"));
        server.enqueue(json(200, Fixtures.OPENAI_CHAT_VERBATIM));

        long t0 = System.nanoTime();
        assertThat(builder().build().chat(hello())).isInstanceOf(ChatOutcome.Completed.class);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(ms).isGreaterThanOrEqualTo(400).isLessThan(1000);
    }

    @Test
    void chat_429AskingForMoreThanTheCap_failsAtOnce_withTheWait() {
        server.enqueue(json(
                429,
                "{\"error\":{\"message\":\"Rate limit reached for model `gpt-4o-mini` on tokens per day (TPD): Limit "
                        + "100000, Used 97050, Requested 3619. Please try again in 9m38.016s.\",\"type\":\"tokens\","
                        + "\"code\":\"rate_limit_exceeded\"}}",
                "retry-after",
                "578"));

        long t0 = System.nanoTime();
        assertThatThrownBy(() -> builder().build().chat(hello()))
                .isInstanceOfSatisfying(RateLimitedException.class, e -> {
                    assertThat(e.getMessage())
                            .isEqualTo(
                                    "openai/gpt-4o-mini is rate limited and asks to wait 9 min 38 s, longer than the "
                                            + "2 min cap (maxRetryWait); rerun later to resume");
                    assertThat(e.retryAfter()).hasValue(Duration.ofSeconds(578));
                    assertThat(e.isRetryable()).isTrue();
                });
        assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(2000);
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void chat_429InsufficientQuota_isNotRetried() {
        server.enqueue(json(
                429,
                "{\"error\":{\"message\":\"You exceeded your current quota, please check your plan and "
                        + "billing details.\",\"type\":\"insufficient_quota\",\"param\":null,\"code\":\"insufficient_quota\"}}",
                "retry-after",
                "1"));

        assertThatThrownBy(() -> builder().build().chat(hello()))
                .isInstanceOfSatisfying(RateLimitedException.class, e -> {
                    assertThat(e.getMessage())
                            .isEqualTo(
                                    "openai quota exhausted (HTTP 429: You exceeded your current quota, please check "
                                            + "your plan and billing details.); check the plan and billing of the account");
                    assertThat(e.isRetryable()).isFalse();
                });
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void chat_429RequestTooLarge_isNotRetried() {
        server.enqueue(json(
                429,
                "{\"error\":{\"message\":\"Request too large for gpt-4o in organization org-x on tokens "
                        + "per min (TPM): Limit 30000, Requested 31538. The input or output tokens must be reduced in order to "
                        + "run successfully.\",\"type\":\"tokens\",\"param\":null,\"code\":\"rate_limit_exceeded\"}}"));

        assertThatThrownBy(() -> builder().build().chat(hello()))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageStartingWith("request too large for openai/gpt-4o-mini (HTTP 429: Request too large");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void chat_429EveryTime_failsAfterRetries_asRateLimited() {
        for (int i = 0; i < 2; i++) {
            server.enqueue(json(429, rateLimitBody(), "retry-after-ms", "10"));
        }

        assertThatThrownBy(() -> builder().maxRetries(1).build().chat(hello()))
                .isInstanceOfSatisfying(RateLimitedException.class, e -> {
                    assertThat(e.getMessage())
                            .isEqualTo(
                                    "openai/gpt-4o-mini is still rate limited after 2 attempts (HTTP 429: Rate limit "
                                            + "reached for gpt-4o-mini on requests per min (RPM): Limit 3, Used 3, Requested 1.); "
                                            + "lower the concurrency or set requestsPerMinute");
                    assertThat(e.retryAfter()).hasValue(Duration.ofMillis(10));
                });
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void chat_xShouldRetryFalse_stopsA5xxRetry() {
        server.enqueue(json(500, "{\"error\":{\"message\":\"boom\"}}", "x-should-retry", "false"));

        assertThatThrownBy(() -> builder().build().chat(hello())).isInstanceOf(ProviderException.class);
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void chat_stalledResponse_timesOut_afterRetries() {
        for (int i = 0; i < 2; i++) {
            server.enqueue(new MockResponse.Builder()
                    .onResponseStart(SocketEffect.Stall.INSTANCE)
                    .build());
        }

        long t0 = System.nanoTime();
        assertThatThrownBy(() ->
                        builder(Duration.ofMillis(200)).maxRetries(1).build().chat(hello()))
                .isInstanceOfSatisfying(ProviderTimeoutException.class, e -> {
                    assertThat(e.getMessage())
                            .startsWith("openai/gpt-4o-mini gave no complete reply in time (SocketTimeoutException")
                            .endsWith("read timeout 200 ms) after 2 attempts; raise readTimeout or check the server at "
                                    + server.url("/v1").toString().replaceAll("/$", ""));
                    assertThat(e.isRetryable()).isTrue();
                });
        assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(3000);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void chat_stalledOnce_thenSuccess() {
        server.enqueue(new MockResponse.Builder()
                .onResponseStart(SocketEffect.Stall.INSTANCE)
                .build());
        server.enqueue(json(200, Fixtures.OPENAI_CHAT_VERBATIM));

        assertThat(builder(Duration.ofMillis(200)).build().chat(hello())).isInstanceOf(ChatOutcome.Completed.class);
    }

    @Test
    void chat_bodyCutMidJson_isRetried_thenFailsAsMalformed() {
        String cut = Fixtures.OPENAI_CHAT_VERBATIM.substring(0, 120);
        server.enqueue(json(200, cut));
        server.enqueue(json(200, cut));

        assertThatThrownBy(() -> builder().maxRetries(1).build().chat(hello()))
                .isInstanceOfSatisfying(ProviderException.class, e -> {
                    assertThat(e.getMessage())
                            .startsWith(
                                    "openai/gpt-4o-mini sent a reply that is not the documented JSON (HTTP 200, 120 bytes: ")
                            .endsWith(") after 2 attempts");
                    assertThat(e.isRetryable()).isTrue();
                });
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void chat_connectionDroppedMidBody_isRetried_thenSucceeds() {
        server.enqueue(new MockResponse.Builder()
                .code(200)
                .body(Fixtures.OPENAI_CHAT_VERBATIM)
                .onResponseBody(SocketEffect.ShutdownConnection.INSTANCE)
                .build());
        server.enqueue(json(200, Fixtures.OPENAI_CHAT_VERBATIM));

        assertThat(builder().build().chat(hello())).isInstanceOf(ChatOutcome.Completed.class);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void chat_interruptWhileWaitingForReply_stopsAtOnce() throws Exception {
        server.enqueue(new MockResponse.Builder()
                .onResponseStart(SocketEffect.Stall.INSTANCE)
                .build());
        OpenAiChat client =
                builder(Duration.ofSeconds(30), Duration.ofSeconds(60)).build();
        assertInterruptStops(client);
    }

    @Test
    void chat_interruptWhileBackingOff_stopsAtOnce() throws Exception {
        server.enqueue(json(429, rateLimitBody(), "retry-after", "60"));
        OpenAiChat client = builder().build();
        assertInterruptStops(client);
    }

    private static void assertInterruptStops(OpenAiChat client) throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicReference<Boolean> flag = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                client.chat(hello());
            } catch (Throwable e) {
                thrown.set(e);
                flag.set(Thread.currentThread().isInterrupted());
            }
        });
        t.start();
        Thread.sleep(300);
        long t0 = System.nanoTime();
        t.interrupt();
        t.join(5000);
        assertThat(t.isAlive()).isFalse();
        assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(1000);
        assertThat(thrown.get())
                .isInstanceOf(CancellationException.class)
                .hasMessage("interrupted while calling openai/gpt-4o-mini");
        assertThat(flag.get()).isTrue();
    }

    @Test
    void build_withoutKeyForOpenAi_failsWithTheVariable() {
        assertThatThrownBy(() -> OpenAi.chat("gpt-4o-mini")
                        .environment(Environment.of(Map.of()))
                        .build())
                .isInstanceOf(AuthenticationException.class)
                .hasMessage("OPENAI_API_KEY is not set; export it or put it in .env, or pass the key with apiKey(...)");
    }

    @Test
    void build_compatibleServerWithoutKey_sendsNoAuthorization() throws Exception {
        server.enqueue(json(200, Fixtures.OPENAI_CHAT_VERBATIM));
        OpenAiChat client = OpenAi.chat("local-model")
                .environment(Environment.of(
                        Map.of("OPENAI_BASE_URL", server.url("/v1/").toString())))
                .build();

        client.chat(hello());

        RecordedRequest r = server.takeRequest();
        assertThat(r.getUrl().encodedPath()).isEqualTo("/v1/chat/completions");
        assertThat(r.getHeaders().get("Authorization")).isNull();
    }

    @Test
    void toString_listsOptions_butNeverTheKey() {
        OpenAiChat client = builder().build();
        assertThat(client.toString())
                .contains("model=gpt-4o-mini", "apiKey=***")
                .doesNotContain(KEY);
        assertThat(client.toBuilder().build().toString()).isEqualTo(client.toString());
    }

    static String rateLimitBody() {
        return "{\"error\":{\"message\":\"Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 3, Used 3, "
                + "Requested 1.\",\"type\":\"requests\",\"param\":null,\"code\":\"rate_limit_exceeded\"}}";
    }
}
