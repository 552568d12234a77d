package io.github.raglens.providers;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.model.ChatMessage;
import java.util.List;
import java.util.Locale;

/** Strict JSON reading (no trailing tokens, no duplicate keys) and compact writing. */
final class StrictJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    private StrictJson() {}

    /**
     * Parses one JSON value; the whole text must be that value.
     *
     * @throws JsonProcessingException when it is not
     */
    public static JsonNode readTree(String text) throws JsonProcessingException {
        JsonNode node = MAPPER.readTree(text);
        if (node == null || node.isMissingNode()) {
            throw new com.fasterxml.jackson.core.JsonParseException(null, "no JSON value (empty text)");
        }
        return node;
    }

    /** A new empty object. */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /**
     * A new chat request body with the fields every chat API here shares: {@code model} and the
     * {@code messages} array of {@code role} (lower case) and {@code content}.
     */
    public static ObjectNode chatBody(String model, List<ChatMessage> messages) {
        ObjectNode body = object();
        body.put("model", model);
        ArrayNode array = body.putArray("messages");
        for (ChatMessage m : messages) {
            array.addObject()
                    .put("role", m.role().name().toLowerCase(Locale.ROOT))
                    .put("content", m.content());
        }
        return body;
    }

    /** The value as compact UTF-8 JSON bytes. */
    public static byte[] bytes(JsonNode node) {
        try {
            return MAPPER.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }

    /** The value as compact JSON text. */
    public static String text(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }
}
