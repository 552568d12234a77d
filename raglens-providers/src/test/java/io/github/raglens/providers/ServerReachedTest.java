package io.github.raglens.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import okhttp3.Headers;
import org.junit.jupiter.api.Test;

/** {@link OpenAiChat#reached()}: known once a call holds a connection, before its reply; never for a server down. */
class ServerReachedTest {

    private static OpenAiChat client(String baseUrl) {
        return OpenAi.chat("gpt-4o-mini")
                .environment(Environment.of(Map.of()))
                .baseUrl(baseUrl)
                .apiKey("sk-test-not-a-key")
                .maxRetries(0)
                .readTimeout(Duration.ofSeconds(5))
                .callTimeout(Duration.ofSeconds(10))
                .build();
    }

    private static ChatRequest hello() {
        return ChatRequest.builder().user("Hello").build();
    }

    @Test
    void reached_completesWhileTheFirstCallStillWaitsForItsReply() throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.enqueue(new MockResponse.Builder()
                    .code(200)
                    .headers(Headers.of("Content-Type", "application/json"))
                    .body(Fixtures.openAiChat("\"hi\"", "null", "stop"))
                    .headersDelay(1_500, TimeUnit.MILLISECONDS)
                    .build());
            server.start();
            OpenAiChat chat = client(server.url("/v1").toString());
            CompletableFuture<Void> reached = chat.reached().toCompletableFuture();
            assertThat(reached).isNotDone();

            CompletableFuture<ChatOutcome> reply = CompletableFuture.supplyAsync(
                    () -> chat.chat(hello()), r -> Thread.ofVirtual().start(r));
            reached.get(1, TimeUnit.SECONDS);

            assertThat(reply).as("the reply is still 1.5 s away").isNotDone();
            assertThat(reply.get(5, TimeUnit.SECONDS)).isInstanceOf(ChatOutcome.Completed.class);
        }
    }

    @Test
    void reached_neverCompletes_whenNoServerListens() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        OpenAiChat chat = client("http://127.0.0.1:" + port + "/v1");

        assertThatThrownBy(() -> chat.chat(hello())).isInstanceOf(ProviderUnreachableException.class);
        assertThat(chat.reached().toCompletableFuture()).isNotDone();
    }
}
