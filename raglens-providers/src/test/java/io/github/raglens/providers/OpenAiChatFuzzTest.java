package io.github.raglens.providers;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.model.ChatRequest;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/** Replies of an OpenAI-compatible chat server, plain and to a request with a JSON schema. */
class OpenAiChatFuzzTest {

    private final FuzzedReplies replies = new FuzzedReplies();
    private final OpenAiChat chat = FuzzedReplies.once(OpenAi.chat("gpt-4o-mini")
                    .environment(Environment.of(Map.of()))
                    .baseUrl(replies.url("/v1"))
                    .apiKey("sk-fuzz"))
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
