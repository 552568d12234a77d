package io.github.raglens.providers;

import static io.github.raglens.providers.Fixtures.body;
import static io.github.raglens.providers.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ProviderException;
import io.github.raglens.error.ProviderTimeoutException;
import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.model.RagAnswer;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedContext;
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

class HttpServicesTest {

    static final String TOKEN = "s3cret-token-123";

    MockWebServer server;
    String url;

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.start();
        url = server.url("/search").toString();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    HttpRetriever.Builder retriever() {
        return retriever(1);
    }

    HttpRetriever.Builder retriever(int maxRetries) {
        return HttpRetriever.builder("my-search", url)
                .initialBackoff(Duration.ofMillis(1))
                .maxBackoff(Duration.ofMillis(5))
                .maxRetries(maxRetries);
    }

    HttpRagSystem.Builder system() {
        return HttpRagSystem.builder("my-app", url)
                .initialBackoff(Duration.ofMillis(1))
                .maxBackoff(Duration.ofMillis(5))
                .maxRetries(1);
    }

    @Test
    void retrieve_postsQueryAndK_readsEveryField_withTheTokenFromTheEnvironment() throws Exception {
        server.enqueue(json(
                200,
                "{\"results\":[{\"text\":\"Widgets weigh 3 kg.\",\"id\":\"w-1\",\"score\":0.9,\"source\":\"a.pdf\","
                        + "\"page\":3,\"metadata\":{\"lang\":\"en\"}},{\"text\":\"Gadgets are blue.\"}]}"));
        HttpRetriever r = retriever()
                .apiKeyFromEnv("SEARCH_TOKEN")
                .environment(Environment.of(Map.of("SEARCH_TOKEN", TOKEN)))
                .build();

        RetrievalResult result = r.retrieve("how heavy are widgets?", 10);

        RecordedRequest request = server.takeRequest();
        assertThat(request.getMethod()).isEqualTo("POST");
        assertThat(body(request)).isEqualTo("{\"query\":\"how heavy are widgets?\",\"k\":10}");
        assertThat(request.getHeaders().get("Authorization")).isEqualTo("Bearer " + TOKEN);
        assertThat(result.retriever()).isEqualTo("my-search");
        assertThat(result.chunkIds()).hasSize(2).startsWith("w-1");
        assertThat(result.hits().get(0).chunk().text()).isEqualTo("Widgets weigh 3 kg.");
        assertThat(result.hits().get(0).chunk().documentId()).isEqualTo("a.pdf");
        assertThat(result.hits().get(0).chunk().pageStart()).isEqualTo(3);
        assertThat(result.hits().get(1).score()).isEqualTo(0.5); // not every context scored: 1/rank
        assertThat(r.toString()).doesNotContain(TOKEN).contains("apiKey=***");
        assertThat(r.url()).isEqualTo(url);
    }

    @Test
    void retrieve_moreResultsThanK_keepsTheFirstK_andEmptyResultsAreNoHits() {
        server.enqueue(json(200, "{\"results\":[{\"text\":\"a\"},{\"text\":\"b\"},{\"text\":\"c\"}]}"));
        server.enqueue(json(200, "{\"results\":[]}"));
        HttpRetriever r = retriever().build();

        assertThat(r.retrieve("q", 2).hits()).hasSize(2);
        assertThat(r.retrieve("q", 2).hits()).isEmpty();
    }

    @Test
    void retrieve_badReplies_nameWhatIsWrong_afterTheRetries() {
        server.enqueue(json(200, "<html>oops</html>"));
        server.enqueue(json(200, "<html>oops</html>"));
        server.enqueue(json(200, "{\"results\":[{\"id\":\"x\"}]}"));
        server.enqueue(json(200, "{\"results\":[{\"id\":\"x\"}]}"));
        server.enqueue(json(200, "{\"hits\":[]}"));
        server.enqueue(json(200, "{\"hits\":[]}"));
        server.enqueue(json(200, "{\"results\":[{\"text\":\"a\",\"score\":\"high\"}]}"));
        server.enqueue(json(200, "{\"results\":[{\"text\":\"a\",\"score\":\"high\"}]}"));
        HttpRetriever r = retriever().build();

        assertThatThrownBy(() -> r.retrieve("q", 5))
                .isInstanceOf(ProviderException.class)
                .hasMessageStartingWith(
                        "http/my-search sent a reply that is not the documented JSON (HTTP 200, 17 bytes: ")
                .hasMessageEndingWith(") after 2 attempts");
        assertThatThrownBy(() -> r.retrieve("q", 5))
                .hasMessage("http/my-search sent a reply that is not the documented JSON (HTTP 200, 24 bytes:"
                        + " results[0] has no 'text') after 2 attempts");
        assertThatThrownBy(() -> r.retrieve("q", 5))
                .hasMessage("http/my-search sent a reply that is not the documented JSON (HTTP 200, 11 bytes:"
                        + " the reply has no 'results' list) after 2 attempts");
        assertThatThrownBy(() -> r.retrieve("q", 5))
                .hasMessage("http/my-search sent a reply that is not the documented JSON (HTTP 200, 41 bytes:"
                        + " results[0].score is not a number) after 2 attempts");
        assertThat(server.getRequestCount()).isEqualTo(8);
    }

    @Test
    void retrieve_http500_isRetried_thenFailsWithTheStatus() {
        server.enqueue(json(500, "{\"error\":\"index offline\"}"));
        server.enqueue(json(200, "{\"results\":[{\"text\":\"a\"}]}"));
        server.enqueue(json(500, "{\"error\":\"index offline\"}"));
        server.enqueue(json(500, "{\"error\":\"index offline\"}"));
        HttpRetriever r = retriever().build();

        assertThat(r.retrieve("q", 5).hits()).hasSize(1);
        assertThatThrownBy(() -> r.retrieve("q", 5))
                .isInstanceOf(ProviderException.class)
                .hasMessage("http/my-search failed with HTTP 500: index offline after 2 attempts");
    }

    @Test
    void retrieve_stalledService_timesOut() {
        server.enqueue(new MockResponse.Builder()
                .onResponseStart(SocketEffect.Stall.INSTANCE)
                .build());

        assertThatThrownBy(() ->
                        retriever(0).readTimeout(Duration.ofMillis(150)).build().retrieve("q", 5))
                .isInstanceOf(ProviderTimeoutException.class)
                .hasMessageStartingWith("http/my-search gave no complete reply in time (")
                .hasMessageEndingWith(
                        ", read timeout 150 ms) after 1 attempt; raise readTimeout or check the" + " server at " + url);
    }

    @Test
    void unreachableService_isOneLineNamingTheUrlAndTheOption() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String down = "http://127.0.0.1:" + port + "/search";

        assertThatThrownBy(() -> HttpRetriever.builder("my-search", down)
                        .maxRetries(0)
                        .build()
                        .retrieve("q", 5))
                .isInstanceOf(ProviderUnreachableException.class)
                .hasMessageStartingWith("no connection to " + down + " (ConnectException")
                .hasMessageEndingWith("); start the service or check the url of HttpRetriever.builder(name, url)")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThatThrownBy(() -> HttpRagSystem.builder("my-app", down)
                        .maxRetries(0)
                        .build()
                        .answer("q"))
                .isInstanceOf(ProviderUnreachableException.class)
                .hasMessageEndingWith("); start the service or check the url of HttpRagSystem.builder(name, url)");
    }

    @Test
    void authFailure_neverShowsTheToken() {
        server.enqueue(json(401, "{\"error\":\"bad token " + TOKEN + "\"}"));

        assertThatThrownBy(() -> retriever()
                        .apiKeyFromEnv("SEARCH_TOKEN")
                        .environment(Environment.of(Map.of("SEARCH_TOKEN", TOKEN)))
                        .build()
                        .retrieve("q", 5))
                .isInstanceOf(io.github.raglens.error.AuthenticationException.class)
                .satisfies(e -> assertThat(e.getMessage())
                        .doesNotContain(TOKEN)
                        .endsWith("; check the token in the environment variable named by apiKeyFromEnv(variable)"));
    }

    @Test
    void answer_postsTheQuestion_readsAnswerAndContexts() throws Exception {
        server.enqueue(
                json(
                        200,
                        "{\"answer\":\"3 kg.\",\"contexts\":[{\"text\":\"Widgets weigh 3 kg.\",\"source\":\"a.pdf\",\"page\":2}]}"));
        server.enqueue(json(200, "{\"answer\":\"I don't know.\",\"contexts\":[]}"));
        HttpRagSystem s = system().build();

        RagAnswer a = s.answer("how heavy are widgets?");

        assertThat(body(server.takeRequest())).isEqualTo("{\"question\":\"how heavy are widgets?\"}");
        assertThat(a.answer()).isEqualTo("3 kg.");
        assertThat(a.contexts())
                .containsExactly(new RetrievedContext("Widgets weigh 3 kg.", "", Double.NaN, "a.pdf", 2, Map.of()));
        assertThat(s.answer("q").contexts()).isEmpty();
        assertThat(s.name()).isEqualTo("my-app");
    }

    @Test
    void answer_withoutContextsOrAnswer_isABadReply() {
        server.enqueue(json(200, "{\"answer\":\"3 kg.\"}"));
        server.enqueue(json(200, "{\"answer\":\"3 kg.\"}"));
        server.enqueue(json(200, "{\"contexts\":[]}"));
        server.enqueue(json(200, "{\"contexts\":[]}"));
        HttpRagSystem s = system().build();

        assertThatThrownBy(() -> s.answer("q"))
                .hasMessage("http/my-app sent a reply that is not the documented JSON (HTTP 200, 18 bytes:"
                        + " the reply has no 'contexts' list) after 2 attempts");
        assertThatThrownBy(() -> s.answer("q"))
                .hasMessage("http/my-app sent a reply that is not the documented JSON (HTTP 200, 15 bytes:"
                        + " the reply has no 'answer' text) after 2 attempts");
    }

    @Test
    void badNames_areRejectedAtOnce() {
        assertThatThrownBy(() -> HttpRetriever.builder("my search", url))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("name 'my search' must start with a letter or digit and hold only letters, digits,"
                        + " '.', '_' and '-' (it names files)");
        assertThatThrownBy(() -> HttpRetriever.builder("s", "ftp://x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("base URL 'ftp://x' must be an http or https URL such as http://localhost:11434");
    }
}
