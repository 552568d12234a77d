package io.github.raglens.providers;

import static io.github.raglens.providers.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.raglens.error.ProviderException;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.testkit.EmbeddingProviderContract;
import java.util.List;
import java.util.Map;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OllamaEmbeddingsTest implements EmbeddingProviderContract {

    static final ObjectMapper JSON = new ObjectMapper();

    MockWebServer server;
    OllamaEmbeddings provider;
    final FakeEmbed ollama = new FakeEmbed();

    /**
     * A fake /api/embed: a 3-dimensional vector per input derived from its text, in input order; and
     * /api/tags listing all-minilm:latest with a digest that can change.
     */
    static final class FakeEmbed extends Dispatcher {
        volatile String digest = "sha256:1f2e";

        @Override
        public MockResponse dispatch(RecordedRequest request) {
            if ("/api/tags".equals(request.getUrl().encodedPath())) {
                return json(
                        200,
                        "{\"models\":[{\"name\":\"all-minilm:latest\",\"model\":\"all-minilm:latest\","
                                + "\"digest\":\"" + digest + "\",\"details\":{\"format\":\"gguf\"}}]}");
            }
            try {
                JsonNode in = JSON.readTree(Fixtures.body(request)).get("input");
                StringBuilder sb = new StringBuilder("{\"model\":\"all-minilm\",\"embeddings\":[");
                for (int i = 0; i < in.size(); i++) {
                    String t = in.get(i).asText();
                    sb.append(i == 0 ? "" : ",")
                            .append('[')
                            .append(t.length())
                            .append(',')
                            .append(t.hashCode() % 97)
                            .append(",0.5]");
                }
                sb.append("],\"total_duration\":14143917,\"load_duration\":1019500,\"prompt_eval_count\":8}");
                return json(200, sb.toString());
            } catch (Exception e) {
                return json(400, "{\"error\":\"invalid input type\"}");
            }
        }
    }

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.setDispatcher(ollama);
        server.start();
        provider = Ollama.embeddings("all-minilm")
                .environment(Environment.of(Map.of()))
                .baseUrl(server.url("/").toString())
                .batchSize(2)
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
    void embed_emptyList_sendsNoRequest() {
        assertThat(provider.embed(List.of(), EmbeddingPurpose.QUERY)).isEmpty();
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void embed_verbatimBatchReply_keepsOrder_andBatches() throws Exception {
        List<float[]> v = provider.embed(List.of("a", "bb", "ccc"), EmbeddingPurpose.PASSAGE);
        assertThat(v).hasSize(3);
        assertThat(v.get(2)[0]).isEqualTo(3f);
        assertThat(server.getRequestCount()).isEqualTo(2);
        JsonNode first = JSON.readTree(Fixtures.body(server.takeRequest()));
        assertThat(first.get("model").asText()).isEqualTo("all-minilm");
        assertThat(first.get("input").toString()).isEqualTo("[\"a\",\"bb\"]");
    }

    @Test
    void embed_emptyStringDroppedByServer_isACountMismatch() throws Exception {
        MockWebServer s = new MockWebServer();
        s.start();
        try {
            // /api/embed with "input": "" answers 200 with no vectors (api-formats.md 1.6)
            s.enqueue(json(200, "{\"model\":\"all-minilm\",\"embeddings\":[]}"));
            OllamaEmbeddings p = Ollama.embeddings("all-minilm")
                    .baseUrl(s.url("/").toString())
                    .build();
            assertThatThrownBy(() -> p.embed(List.of(""), EmbeddingPurpose.PASSAGE))
                    .isInstanceOf(ProviderException.class)
                    .hasMessage("ollama/all-minilm returned 0 vectors for 1 texts; an empty text is dropped by some "
                            + "servers, so check the input");
        } finally {
            s.close();
        }
    }

    @Test
    void dimension_isProbedOnce() {
        assertThat(provider.dimension()).isEqualTo(3);
        assertThat(provider.dimension()).isEqualTo(3);
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void embed_queryPrefix_isPrepended() throws Exception {
        OllamaEmbeddings p = provider.toBuilder().queryPrefix("search_query: ").build();
        p.embed(List.of("x"), EmbeddingPurpose.QUERY);
        assertThat(JSON.readTree(Fixtures.body(server.takeRequest()))
                        .get("input")
                        .get(0)
                        .asText())
                .isEqualTo("search_query: x");
    }

    @Test
    void vectorSettings_holdThePassagePrefix_andTheDigestOfThePulledModel_soARepullIsSeen() {
        assertThat(provider.vectorSettings()).isEqualTo("passagePrefix=none digest=sha256:1f2e");
        ollama.digest = "sha256:9c3d";
        assertThat(provider.toBuilder()
                        .passagePrefix("search_document: ")
                        .build()
                        .vectorSettings())
                .isEqualTo("passagePrefix='search_document: ' digest=sha256:9c3d");
    }
}
