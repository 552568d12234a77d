package io.github.raglens.providers;

import io.github.raglens.spi.LlmProvider;
import io.github.raglens.testkit.LlmProviderContract;
import java.util.Map;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;

/** The chat clients against mock servers that answer every call in the documented formats. */
class ChatProviderContractTests {

    static final String KEY = "sk-contract-0123456789SECRET";

    MockWebServer server;

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                String path = request.getUrl().encodedPath();
                return switch (path) {
                    case "/v1/chat/completions" -> Fixtures.json(200, Fixtures.OPENAI_CHAT_VERBATIM);
                    case "/api/chat" -> Fixtures.json(200, Fixtures.OLLAMA_CHAT_VERBATIM);
                    default -> Fixtures.json(404, "{\"error\":\"no route " + path + "\"}");
                };
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Nested
    class OpenAiChatContract implements LlmProviderContract {
        @Override
        public LlmProvider provider() {
            return OpenAi.chat("gpt-4o-mini")
                    .environment(Environment.of(Map.of()))
                    .baseUrl(server.url("/v1").toString())
                    .apiKey(KEY)
                    .build();
        }

        @Override
        public String secret() {
            return KEY;
        }
    }

    @Nested
    class OllamaChatContract implements LlmProviderContract {
        @Override
        public LlmProvider provider() {
            return Ollama.chat("llama3.2")
                    .environment(Environment.of(Map.of()))
                    .baseUrl(server.url("/").toString().replaceAll("/$", ""))
                    .build();
        }
    }
}
