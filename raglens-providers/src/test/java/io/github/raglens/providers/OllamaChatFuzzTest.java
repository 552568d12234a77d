package io.github.raglens.providers;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.model.ChatRequest;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/** Replies of Ollama's {@code /api/chat}, plain and to a request with a JSON schema. */
class OllamaChatFuzzTest {

    private final FuzzedReplies replies = new FuzzedReplies();
    private final OllamaChat chat = FuzzedReplies.once(Ollama.chat("llama3.2")
                    .environment(Environment.of(Map.of()))
                    .baseUrl(replies.url("")))
            .build();

    @HostileInputTest
    void readsOrRefusesTheReply(FuzzedDataProvider data) {
        ChatRequest request = data.consumeBoolean() ? OpenAiChatTest.hello() : OpenAiChatTest.structured(200);
        replies.call(data, () -> chat.chat(request));
    }

    @AfterEach
    void stop() {
        replies.close();
    }
}
