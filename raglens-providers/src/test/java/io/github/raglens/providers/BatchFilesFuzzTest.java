package io.github.raglens.providers;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.internal.StrictJson;
import io.github.raglens.model.ChatRequest;
import java.util.Map;

/**
 * The files of the Batch API: a batch's output or error file (JSONL, a reply per request) read line by
 * line, each answered line read as the chat completion it must hold; and the batch object a poll
 * returns (as the JSON the HTTP client parsed). A bad file is refused with an {@link
 * IllegalArgumentException}, a bad reply in a line or a bad batch object with a {@link
 * MalformedReplyException}, both in one line.
 */
class BatchFilesFuzzTest {

    @HostileInputTest
    void readsOrRefusesTheFiles(FuzzedDataProvider data) {
        ChatRequest request = data.consumeBoolean() ? OpenAiChatTest.hello() : OpenAiChatTest.structured(200);
        if (data.consumeBoolean()) {
            // a poll's body reaches BatchState as JSON: the HTTP client refuses text that is not
            // (its own targets fuzz that), so text that does not parse is not this reader's input
            JsonNode state;
            try {
                state = StrictJson.readTree(data.consumeRemainingAsString());
            } catch (JsonProcessingException notJson) {
                return;
            }
            HostileInput.readOrRefuse(MalformedReplyException.class, () -> BatchState.read(state));
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
