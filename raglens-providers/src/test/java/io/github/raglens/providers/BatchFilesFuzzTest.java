package io.github.raglens.providers;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.internal.StrictJson;
import io.github.raglens.model.ChatRequest;
import java.util.Map;

/**
 * The files of the Batch API: a batch's output or error file (JSONL, a reply per request) read line by
 * line, each answered line read as the chat completion it must hold; and the batch object a poll
 * returns. A bad file is refused with an {@link IllegalArgumentException}, a bad reply in a line with
 * a {@link MalformedReplyException}, both in one line.
 */
class BatchFilesFuzzTest {

    @HostileInputTest
    void readsOrRefusesTheFiles(FuzzedDataProvider data) {
        ChatRequest request = data.consumeBoolean() ? OpenAiChatTest.hello() : OpenAiChatTest.structured(200);
        if (data.consumeBoolean()) {
            String state = data.consumeRemainingAsString();
            HostileInput.readOrRefuse(MalformedReplyException.class, () -> BatchState.read(StrictJson.readTree(state)));
            return;
        }
        String content = data.consumeRemainingAsString();
        Map<String, BatchLine> lines = HostileInput.readOrRefuse(
                        IllegalArgumentException.class, () -> BatchLine.parse(content, "file-fuzz"))
                .orElse(Map.of());
        for (BatchLine line : lines.values()) {
            line.describe();
            if (line.answered()) {
                HostileInput.readOrRefuse(
                        MalformedReplyException.class, () -> OpenAiChat.outcome(request, line.body()));
            }
        }
    }
}
