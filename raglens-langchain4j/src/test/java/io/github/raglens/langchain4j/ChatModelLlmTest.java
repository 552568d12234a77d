package io.github.raglens.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.exception.UnsupportedFeatureException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.github.raglens.error.AuthenticationException;
import io.github.raglens.error.InvalidRequestException;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.wire.OpenAiReplies;
import java.io.IOException;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ChatModelLlmTest {

    private static final String KEY = "sk-test-4f9c2a7d1e";
    private static final ResponseSchema VERDICT = new ResponseSchema("verdict", """
            {"type":"object","properties":{"verdict":{"type":"integer","enum":[0,1]}},"required":["verdict"],"additionalProperties":false}""");

    private MockWebServer server;
    private LlmProvider llm;

    @BeforeEach
    void start() throws IOException {
        server = new MockWebServer();
        server.start();
        llm = LangChain4j.llm(OpenAiChatModel.builder()
                .baseUrl(server.url("/v1").toString())
                .apiKey(KEY)
                .modelName("gpt-4o-mini")
                .maxRetries(0)
                .build());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void chat_sendsMessagesAndParameters_andCarriesTextAndUsage() throws Exception {
        server.enqueue(OpenAiReplies.reply("Tidal barrages store water behind a dam.", "stop", 19, 10));

        ChatOutcome outcome = llm.chat(ChatRequest.builder()
                .system("Answer briefly.")
                .user("How does a tidal barrage work?")
                .temperature(0.3)
                .maxOutputTokens(200)
                .build());

        assertThat(outcome)
                .isEqualTo(
                        new ChatOutcome.Completed("Tidal barrages store water behind a dam.", new TokenUsage(19, 10)));
        assertThat(llm.modelName()).isEqualTo("langchain4j/gpt-4o-mini");
        RecordedRequest request = server.takeRequest();
        assertThat(request.getUrl().encodedPath()).isEqualTo("/v1/chat/completions");
        JsonNode body = OpenAiReplies.body(request);
        assertThat(body.get("model").asText()).isEqualTo("gpt-4o-mini");
        assertThat(body.get("temperature").asDouble()).isEqualTo(0.3);
        assertThat(body.get("max_tokens").asInt()).isEqualTo(200);
        assertThat(body.get("messages").get(0).get("role").asText()).isEqualTo("system");
        assertThat(body.get("messages").get(0).get("content").asText()).isEqualTo("Answer briefly.");
        assertThat(body.get("messages").get(1).get("role").asText()).isEqualTo("user");
        assertThat(body.get("messages").get(1).get("content").asText()).isEqualTo("How does a tidal barrage work?");
        assertThat(body.has("response_format")).isFalse();
    }

    @Test
    void chat_withSchema_sendsItAsJsonSchemaResponseFormat_andChecksTheReply() throws Exception {
        server.enqueue(OpenAiReplies.reply("{\"verdict\": 1}", "stop", 40, 5));

        ChatOutcome outcome = llm.chat(
                ChatRequest.builder().user("Is it supported?").schema(VERDICT).build());

        assertThat(outcome).isEqualTo(new ChatOutcome.Completed("{\"verdict\": 1}", new TokenUsage(40, 5)));
        JsonNode format = OpenAiReplies.body(server.takeRequest()).get("response_format");
        assertThat(format.get("type").asText()).isEqualTo("json_schema");
        assertThat(format.get("json_schema").get("name").asText()).isEqualTo("verdict");
        assertThat(format.get("json_schema").get("schema"))
                .isEqualTo(io.github.raglens.internal.Json.reader().readTree(VERDICT.schemaJson()));
    }

    @Test
    void chat_withSchema_replyNotJson_isInvalidJson_withItsUsage() {
        server.enqueue(OpenAiReplies.reply("yes, it is", "stop", 40, 4));

        ChatOutcome outcome = llm.chat(
                ChatRequest.builder().user("Is it supported?").schema(VERDICT).build());

        assertThat(outcome).isInstanceOf(ChatOutcome.Failed.class);
        ChatOutcome.Failed failed = (ChatOutcome.Failed) outcome;
        assertThat(failed.reason()).isEqualTo(ChatOutcome.Reason.INVALID_JSON);
        assertThat(failed.usage()).isEqualTo(new TokenUsage(40, 4));
    }

    @Test
    void chat_withSchema_replyOffSchema_isSchemaMismatch() {
        server.enqueue(OpenAiReplies.reply("{\"verdict\": 7}", "stop", 40, 5));

        ChatOutcome outcome = llm.chat(
                ChatRequest.builder().user("Is it supported?").schema(VERDICT).build());

        assertThat(((ChatOutcome.Failed) outcome).reason()).isEqualTo(ChatOutcome.Reason.SCHEMA_MISMATCH);
    }

    @Test
    void chat_lengthFinish_isTruncated() {
        server.enqueue(OpenAiReplies.reply("Tidal barrages store", "length", 19, 3));

        ChatOutcome outcome = llm.chat(
                ChatRequest.builder().user("Explain.").maxOutputTokens(3).build());

        assertThat(outcome)
                .isEqualTo(new ChatOutcome.Failed(
                        ChatOutcome.Reason.TRUNCATED,
                        "the reply hit the cap of 3 output tokens (finish_reason: length); raise maxOutputTokens",
                        new TokenUsage(19, 3)));
    }

    @Test
    void chat_badKey_isAuthenticationFailure_withoutTheKeyOrTheProvidersText() {
        server.enqueue(OpenAiReplies.error(
                401,
                "Incorrect API key provided: " + KEY + ". You can find your API key at ...",
                "invalid_request_error"));

        assertThatThrownBy(() -> llm.chat(ChatRequest.builder().user("hi").build()))
                .isInstanceOf(AuthenticationException.class)
                .hasMessage("the LangChain4j chat model langchain4j/gpt-4o-mini failed (AuthenticationException,"
                        + " HTTP 401): check the API key configured on the ChatModel")
                .hasNoCause()
                .satisfies(e ->
                        assertThat(((AuthenticationException) e).isRetryable()).isFalse());
    }

    @Test
    void chat_serverError_isRetryableProviderFailure() {
        server.enqueue(OpenAiReplies.error(500, "The server had an error", "server_error"));

        assertThatThrownBy(() -> llm.chat(ChatRequest.builder().user("hi").build()))
                .isInstanceOfSatisfying(io.github.raglens.error.ProviderException.class, e -> {
                    assertThat(e.isRetryable()).isTrue();
                    assertThat(e.status()).hasValue(500);
                    assertThat(e.getMessage())
                            .isEqualTo("the LangChain4j chat model langchain4j/gpt-4o-mini failed"
                                    + " (InternalServerException, HTTP 500)");
                });
    }

    @Test
    void chat_schemaOnAModelWithoutJsonSchemaSupport_isRefusedClearly() {
        ChatModel plain = new ChatModel() {
            @Override
            public ChatResponse doChat(dev.langchain4j.model.chat.request.ChatRequest request) {
                throw new UnsupportedFeatureException("JSON response format is not supported");
            }
        };

        assertThatThrownBy(() -> LangChain4j.llm("plain", plain)
                        .chat(ChatRequest.builder().user("hi").schema(VERDICT).build()))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("the LangChain4j chat model plain failed (UnsupportedFeatureException): this model does"
                        + " not take a JSON-schema response format, which raglens's judge needs; use a model that"
                        + " does (e.g. OpenAiChatModel)");
    }

    @Test
    void llm_namedExplicitly_keepsTheName() {
        assertThat(LangChain4j.llm(
                                "openai/gpt-4o-mini",
                                OpenAiChatModel.builder()
                                        .baseUrl(server.url("/v1").toString())
                                        .apiKey(KEY)
                                        .modelName("gpt-4o-mini")
                                        .build())
                        .modelName())
                .isEqualTo("openai/gpt-4o-mini");
        assertThat(llm.toString()).doesNotContain(KEY);
    }
}
