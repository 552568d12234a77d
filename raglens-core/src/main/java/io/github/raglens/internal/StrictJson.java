package io.github.raglens.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.model.ResponseSchema;

/**
 * Strict JSON reading (no trailing tokens, no duplicate keys) and compact writing, for model replies and
 * the request bodies of raglens's clients.
 */
public final class StrictJson {

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
     * The schema of a request as a JSON tree.
     *
     * @throws IllegalArgumentException when the schema text is not a JSON object
     */
    public static JsonNode schemaTree(ResponseSchema schema) {
        try {
            JsonNode node = readTree(schema.schemaJson());
            if (!node.isObject()) {
                throw new IllegalArgumentException("schema '" + schema.name() + "' must be a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "schema '" + schema.name() + "' is not valid JSON: " + e.getOriginalMessage(), e);
        }
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
