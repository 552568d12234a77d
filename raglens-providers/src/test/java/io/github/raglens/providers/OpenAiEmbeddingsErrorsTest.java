package io.github.raglens.providers;

import static io.github.raglens.providers.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.AuthenticationException;
import io.github.raglens.error.InvalidRequestException;
import io.github.raglens.model.EmbeddingPurpose;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Error statuses on the embedding endpoints of both providers. */
class OpenAiEmbeddingsErrorsTest {

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

    OpenAiEmbeddings openAi() {
        return OpenAi.embeddings("text-embedding-3-small")
                .environment(Environment.of(Map.of()))
                .apiKey("sk-embed-errors-123456")
                .baseUrl(server.url("/v1").toString())
                .initialBackoff(Duration.ofMillis(1))
                .build();
    }

    @Test
    void openAi_401_isAuthentication() {
        server.enqueue(json(
                401,
                "{\"error\":{\"message\":\"Incorrect API key provided\",\"type\":\"invalid_request_error\","
                        + "\"param\":null,\"code\":\"invalid_api_key\"}}"));
        assertThatThrownBy(() -> openAi().embed(List.of("x"), EmbeddingPurpose.PASSAGE))
                .isInstanceOf(AuthenticationException.class)
                .hasMessage("openai refused the API key (HTTP 401: Incorrect API key provided); check OPENAI_API_KEY");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void openAi_400TooManyTokens_isInvalidRequest() {
        server.enqueue(json(
                400,
                "{\"error\":{\"message\":\"This model's maximum context length is 8192 tokens\",\"type\":"
                        + "\"invalid_request_error\",\"param\":null,\"code\":null}}"));
        assertThatThrownBy(() -> openAi().embed(List.of("x"), EmbeddingPurpose.PASSAGE))
                .isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void openAi_500ThenSuccess() {
        server.enqueue(json(500, "{\"error\":{\"message\":\"oops\",\"type\":\"server_error\"}}"));
        server.enqueue(
                json(
                        200,
                        "{\"object\":\"list\",\"data\":[{\"object\":\"embedding\",\"embedding\":[0.1,0.2],"
                                + "\"index\":0}],\"model\":\"text-embedding-3-small\",\"usage\":{\"prompt_tokens\":1,\"total_tokens\":1}}"));
        assertThat(openAi().embed(List.of("x"), EmbeddingPurpose.PASSAGE).get(0))
                .containsExactly(0.1f, 0.2f);
    }

    @Test
    void ollama_unknownModel_saysHowToPull_andUnreachableNamesTheEmbeddingOption() throws Exception {
        server.enqueue(json(404, "{\"error\":\"model \\\"nomic-embed-text\\\" not found, try pulling it first\"}"));
        String base = server.url("/").toString().replaceAll("/$", "");
        OllamaEmbeddings p = Ollama.embeddings("nomic-embed-text").baseUrl(base).build();
        assertThatThrownBy(() -> p.embed(List.of("x"), EmbeddingPurpose.PASSAGE))
                .hasMessage("model 'nomic-embed-text' not found on Ollama at " + base
                        + "; run: ollama pull nomic-embed-text");
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        OllamaEmbeddings down = Ollama.embeddings("nomic-embed-text")
                .baseUrl("http://127.0.0.1:" + port)
                .maxRetries(0)
                .build();
        assertThatThrownBy(() -> down.embed(List.of("x"), EmbeddingPurpose.PASSAGE))
                .hasMessage(
                        "Ollama is not reachable at http://127.0.0.1:" + port
                                + "; start it with `ollama serve`, or choose RagLens.Builder.embeddings(() -> OnnxEmbeddings.builder().bgeSmallEnV15().build())");
    }
}
