package io.github.raglens.providers;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.internal.OneLine;
import io.github.raglens.internal.StrictJson;

/**
 * The error a provider sent: Ollama's {@code {"error":"text"}} or the OpenAI/Groq envelope {@code
 * {"error":{"message","type","code","param","failed_generation"}}} (every field optional).
 *
 * @param message the message, or the raw body when it is not a known shape
 * @param type the error type, or empty
 * @param code the error code, or empty
 * @param failedGeneration Groq's {@code failed_generation}, or empty
 */
record ErrorBody(String message, String type, String code, String failedGeneration) {

    /** Reads an error body; never fails. */
    public static ErrorBody parse(byte[] body) {
        String raw = new String(body, java.nio.charset.StandardCharsets.UTF_8).strip();
        try {
            JsonNode root = StrictJson.readTree(raw);
            JsonNode error = root.path("error");
            if (error.isTextual()) {
                return new ErrorBody(error.asText(), "", "", "");
            }
            if (error.isObject()) {
                return new ErrorBody(
                        text(error, "message"),
                        text(error, "type"),
                        text(error, "code"),
                        text(error, "failed_generation"));
            }
            if (root.path("message").isTextual()) {
                return new ErrorBody(root.path("message").asText(), "", "", "");
            }
        } catch (Exception notJson) {
            // plain-text bodies (Ollama's "server busy" 503, proxies' HTML pages) fall through
        }
        return new ErrorBody(OneLine.shortened(raw), "", "", "");
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isNull() || v.isMissingNode() ? "" : v.asText();
    }
}
