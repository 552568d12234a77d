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
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.model.TokenUsage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class GroqChatTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String KEY = "gsk_groqTestKey0123456789";
    static final ResponseSchema SCHEMA = new ResponseSchema(
            "verdict",
            "{\"type\":\"object\",\"properties\":{\"score\":{\"type\":\"number\"}},\"required\":[\"score\"]}");

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

    OpenAiChat client() {
        return Groq.chat("llama-3.1-8b-instant")
                .environment(Environment.of(
                        Map.of("GROQ_BASE_URL", server.url("/openai/v1").toString(), "GROQ_API_KEY", KEY)))
                .initialBackoff(Duration.ofMillis(1))
                .build();
    }

    @Test
    void chat_usesGroqEnvironment_andSendsNoFieldGroqRejects() throws Exception {
        server.enqueue(json(200, Fixtures.openAiChat("\"{\\\"score\\\":0.5}\"", "null", "stop")));

        ChatOutcome out = client().chat(ChatRequest.builder()
                .system("judge")
                .user("score as json")
                .schema(SCHEMA)
                .seed(7)
                .build());

        assertThat(out).isEqualTo(new ChatOutcome.Completed("{\"score\":0.5}", new TokenUsage(19, 10)));
        RecordedRequest r = server.takeRequest();
        assertThat(r.getUrl().encodedPath()).isEqualTo("/openai/v1/chat/completions");
        assertThat(r.getHeaders().get("Authorization")).isEqualTo("Bearer " + KEY);
        JsonNode sent = JSON.readTree(body(r));
        List<String> fields = iterate(sent);
        assertThat(fields)
                .containsExactly(
                        "model", "messages", "temperature", "seed", "max_completion_tokens", "response_format");
        for (String rejected : List.of("logprobs", "logit_bias", "top_logprobs", "n")) {
            assertThat(sent.has(rejected)).as(rejected).isFalse();
        }
        for (JsonNode m : sent.get("messages")) {
            assertThat(iterate(m)).containsExactly("role", "content");
        }
        assertThat(sent.get("response_format").get("json_schema").get("strict").asBoolean())
                .isFalse();
        assertThat(client().modelName()).isEqualTo("groq/llama-3.1-8b-instant");
    }

    @Test
    void chat_400OnUnsupportedField_isInvalidRequest_notRetried() {
        server.enqueue(json(
                400,
                "{\"error\":{\"message\":\"'logprobs' : property 'logprobs' is unsupported, please "
                        + "remove it\",\"type\":\"invalid_request_error\"}}"));

        assertThatThrownBy(() -> client().chat(ChatRequest.builder().user("hi").build()))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("groq rejected the request for llama-3.1-8b-instant (HTTP 400: 'logprobs' : property "
                        + "'logprobs' is unsupported, please remove it)");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void chat_jsonValidateFailed_isInvalidJsonOutcome_notAnException() {
        server.enqueue(json(
                400,
                "{\"error\":{\"message\":\"Failed to generate JSON. Please adjust your prompt. See "
                        + "'failed_generation' for more details.\",\"type\":\"invalid_request_error\",\"code\":"
                        + "\"json_validate_failed\",\"failed_generation\":\"{\\\"score\\\": 0.\"}}"));

        ChatOutcome out =
                client().chat(ChatRequest.builder().user("json").schema(SCHEMA).build());

        assertThat(out)
                .isEqualTo(new ChatOutcome.Failed(
                        ChatOutcome.Reason.INVALID_JSON,
                        "groq/llama-3.1-8b-instant produced no valid JSON (HTTP 400: Failed to generate JSON. Please "
                                + "adjust your prompt. See 'failed_generation' for more details.)",
                        TokenUsage.NONE));
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void chat_413TooLarge_isInvalidRequest_notRetried() {
        server.enqueue(
                json(
                        413,
                        "{\"error\":{\"message\":\"Request too large for model llama-3.1-8b-instant in "
                                + "organization org_x service tier on_demand on tokens per minute (TPM): Limit 6000, Requested 12328, "
                                + "please reduce your message size and try again.\",\"type\":\"tokens\",\"code\":\"rate_limit_exceeded\"}}"));

        assertThatThrownBy(() -> client().chat(ChatRequest.builder().user("hi").build()))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageStartingWith("request too large for groq/llama-3.1-8b-instant (HTTP 413: ");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void chat_429TpmUnsatisfiable_isTooLarge_notRetried() {
        server.enqueue(json(
                429,
                "{\"error\":{\"message\":\"Rate limit reached for model `llama3-70b-8192` in "
                        + "organization `org_01` on tokens per minute (TPM): Limit 7000, Used 0, Requested ~12903. Please try "
                        + "again in 50.597142857s.\",\"type\":\"tokens\",\"code\":\"rate_limit_exceeded\"}}",
                "retry-after",
                "51"));

        assertThatThrownBy(() -> client().chat(ChatRequest.builder().user("hi").build()))
                .isInstanceOf(InvalidRequestException.class);
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void chat_498FlexCapacity_isRetried() {
        server.enqueue(
                json(498, "{\"error\":{\"message\":\"Flex tier capacity exceeded\",\"type\":\"capacity_exceeded\"}}"));
        server.enqueue(json(200, Fixtures.OPENAI_CHAT_VERBATIM));

        assertThat(client().chat(ChatRequest.builder().user("hi").build())).isInstanceOf(ChatOutcome.Completed.class);
    }

    @Test
    void chat_unknownUrl404_pointsAtTheBaseUrl_notTheModel() {
        server.enqueue(
                json(
                        404,
                        "{\"error\":{\"message\":\"Unknown request URL: POST /openai/v1/v1/chat/completions. "
                                + "Please check the URL for typos\",\"type\":\"invalid_request_error\",\"code\":\"unknown_url\"}}"));

        assertThatThrownBy(() -> client().chat(ChatRequest.builder().user("hi").build()))
                .isInstanceOf(InvalidRequestException.class)
                .isNotInstanceOf(ModelNotFoundException.class)
                .hasMessageEndingWith("; check the base URL "
                        + server.url("/openai/v1").toString().replaceAll("/$", ""));
    }

    @Test
    void chat_unknownModel404_isModelNotFound() {
        server.enqueue(json(
                404,
                "{\"error\":{\"message\":\"The model `llama3.1-405b` does not exist or you do not have "
                        + "access to it.\",\"type\":\"invalid_request_error\",\"code\":\"model_not_found\"}}"));

        assertThatThrownBy(() -> client().chat(ChatRequest.builder().user("hi").build()))
                .isInstanceOf(ModelNotFoundException.class);
    }

    @Test
    void build_withoutKey_namesGroqVariable() {
        assertThatThrownBy(() -> Groq.chat("llama-3.1-8b-instant")
                        .environment(Environment.of(Map.of()))
                        .build())
                .isInstanceOf(AuthenticationException.class)
                .hasMessage("GROQ_API_KEY is not set; export it or put it in .env, or pass the key with apiKey(...)");
    }

    @Test
    void defaultBaseUrl_isGroqs() {
        OpenAiChat c = Groq.chat("m")
                .environment(Environment.of(Map.of("GROQ_API_KEY", KEY)))
                .build();
        assertThat(c.toString())
                .contains("baseUrl=https://api.groq.com/openai/v1,")
                .doesNotContain(KEY);
    }

    @Test
    void serverErrorEnvelopeWithoutParam_isParsed() {
        for (int i = 0; i < 4; i++) {
            server.enqueue(
                    json(503, "{\"error\":{\"message\":\"Service Unavailable\",\"type\":\"internal_server_error\"}}"));
        }
        assertThatThrownBy(() -> client().chat(ChatRequest.builder().user("hi").build()))
                .isInstanceOf(ProviderException.class)
                .hasMessage("groq/llama-3.1-8b-instant failed with HTTP 503: Service Unavailable after 4 attempts");
    }

    private static List<String> iterate(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
