package io.github.raglens.providers;

import static io.github.raglens.providers.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.testkit.EmbeddingProviderContract;
import io.github.raglens.usage.UsageLedger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OpenAiEmbeddingsTest implements EmbeddingProviderContract {

    static final ObjectMapper JSON = new ObjectMapper();

    MockWebServer server;
    OpenAiEmbeddings provider;
    UsageLedger ledger = new UsageLedger();

    /** A fake /v1/embeddings that returns the data items in reverse index order. */
    static final class ReversedEmbeddings extends Dispatcher {
        @Override
        public MockResponse dispatch(RecordedRequest request) {
            try {
                JsonNode in = JSON.readTree(Fixtures.body(request)).get("input");
                List<String> items = new ArrayList<>();
                for (int i = 0; i < in.size(); i++) {
                    String t = in.get(i).asText();
                    items.add("{\"object\":\"embedding\",\"embedding\":[" + t.length() + ",0.25],\"index\":" + i + "}");
                }
                Collections.reverse(items);
                return json(
                        200,
                        "{\"object\":\"list\",\"data\":[" + String.join(",", items)
                                + "],\"model\":\"text-embedding-3-small\",\"usage\":{\"prompt_tokens\":8,\"total_tokens\":8}}");
            } catch (Exception e) {
                return json(400, "{\"error\":{\"message\":\"bad\",\"type\":\"invalid_request_error\"}}");
            }
        }
    }

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.setDispatcher(new ReversedEmbeddings());
        server.start();
        provider = OpenAi.embeddings("text-embedding-3-small")
                .environment(Environment.of(Map.of("OPENAI_API_KEY", "sk-embed-key-123456")))
                .baseUrl(server.url("/v1").toString())
                .usageLedger(ledger)
                .stage("index")
                .build();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Override
    public EmbeddingProvider provider() {
        return provider;
    }

    @Test
    void embed_outOfOrderData_isReorderedByIndex_andRequestIsDocumented() throws Exception {
        List<float[]> v = provider.embed(List.of("a", "bbb"), EmbeddingPurpose.PASSAGE);
        assertThat(v.get(0)).containsExactly(1f, 0.25f);
        assertThat(v.get(1)).containsExactly(3f, 0.25f);
        RecordedRequest r = server.takeRequest();
        assertThat(r.getUrl().encodedPath()).isEqualTo("/v1/embeddings");
        assertThat(r.getHeaders().get("Authorization")).isEqualTo("Bearer sk-embed-key-123456");
        assertThat(Fixtures.body(r))
                .isEqualTo(
                        "{\"model\":\"text-embedding-3-small\",\"input\":[\"a\",\"bbb\"],\"encoding_format\":\"float\"}");
        assertThat(ledger.lines())
                .containsExactly(new UsageLedger.Line(
                        "index",
                        "openai/text-embedding-3-small",
                        1,
                        new TokenUsage(8, 0),
                        java.util.OptionalDouble.of(8 * 0.02 / 1e6)));
    }

    @Test
    void embed_emptyList_sendsNoRequest() {
        assertThat(provider.embed(List.of(), EmbeddingPurpose.PASSAGE)).isEmpty();
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void embed_emptyString_isRejectedBeforeSending() {
        assertThatThrownBy(() -> provider.embed(List.of("ok", ""), EmbeddingPurpose.PASSAGE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("texts[1] is empty; the OpenAI embeddings API rejects empty strings");
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void dimensions_isSentAndDeclared() throws Exception {
        OpenAiEmbeddings p = provider.toBuilder().dimensions(2).build();
        assertThat(p.dimension()).isEqualTo(2);
        assertThat(server.getRequestCount()).isZero();
        p.embed(List.of("x"), EmbeddingPurpose.QUERY);
        assertThat(JSON.readTree(Fixtures.body(server.takeRequest()))
                        .get("dimensions")
                        .asInt())
                .isEqualTo(2);
    }
}
