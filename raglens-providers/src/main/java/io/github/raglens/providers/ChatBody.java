package io.github.raglens.providers;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.internal.StrictJson;
import io.github.raglens.model.ChatMessage;
import java.util.List;
import java.util.Locale;

/** The start of a chat request body with the fields every chat API here shares. */
final class ChatBody {

    private ChatBody() {}

    /** A body with {@code model} and the {@code messages} array of {@code role} (lower case) and {@code content}. */
    static ObjectNode of(String model, List<ChatMessage> messages) {
        ObjectNode body = StrictJson.object();
        body.put("model", model);
        ArrayNode array = body.putArray("messages");
        for (ChatMessage m : messages) {
            array.addObject()
                    .put("role", m.role().name().toLowerCase(Locale.ROOT))
                    .put("content", m.content());
        }
        return body;
    }
}
