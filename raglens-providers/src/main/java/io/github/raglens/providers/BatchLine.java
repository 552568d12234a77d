package io.github.raglens.providers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.internal.StrictJson;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One line of a batch's output or error file: the reply to the request with this {@code custom_id},
 * or why it has none.
 *
 * @param customId the request's {@code custom_id}
 * @param status the HTTP status of the request ({@code response.status_code}), 0 when the request
 *     failed without one
 * @param requestId the server's request id, or empty
 * @param body the reply body ({@code response.body}): a chat completion when {@code status} is 200,
 *     else the error envelope; null when absent
 * @param errorCode {@code error.code} (such as {@code batch_expired}), or the body's {@code
 *     error.code}, or empty
 * @param errorMessage {@code error.message} or the body's {@code error.message}, or empty
 */
record BatchLine(String customId, int status, String requestId, JsonNode body, String errorCode, String errorMessage) {

    /** Whether the line carries a reply to use. */
    boolean answered() {
        return status == 200 && body != null && body.isObject();
    }

    /** Whether sending the request again may succeed: throttled, a server error, or not run in time. */
    boolean retryable() {
        return status == 429
                || status >= 500
                || "batch_expired".equals(errorCode)
                || "rate_limit_exceeded".equals(errorCode);
    }

    /** What went wrong, in words, e.g. {@code HTTP 400 invalid_request_error: bad value}. */
    String describe() {
        String what = status > 0 ? "HTTP " + status : errorCode.isEmpty() ? "no reply" : errorCode;
        String code = status > 0 && !errorCode.isEmpty() ? " " + errorCode : "";
        return what + code + (errorMessage.isEmpty() ? "" : ": " + errorMessage);
    }

    /**
     * Reads the lines of an output or error file by {@code custom_id}; blank lines are skipped.
     *
     * @param file the file's name, for the message of a bad line
     * @throws IllegalArgumentException when a line is not JSON or has no {@code custom_id}
     */
    static Map<String, BatchLine> parse(String content, String file) {
        Map<String, BatchLine> out = new HashMap<>();
        String[] lines = content.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String text = lines[i].strip();
            if (text.isEmpty()) {
                continue;
            }
            JsonNode n;
            try {
                n = StrictJson.readTree(text);
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException(
                        "line " + (i + 1) + " of batch file " + file + " is not JSON: " + e.getOriginalMessage());
            }
            String customId = n.path("custom_id").asText("");
            if (customId.isEmpty()) {
                throw new IllegalArgumentException("line " + (i + 1) + " of batch file " + file + " has no custom_id");
            }
            JsonNode response = n.path("response");
            JsonNode body = response.isObject() ? response.get("body") : null;
            JsonNode error = n.path("error");
            JsonNode bodyError = body == null ? null : body.path("error");
            String code = text(error, "code")
                    .or(() -> Optional.ofNullable(bodyError).flatMap(b -> text(b, "code")))
                    .or(() -> Optional.ofNullable(bodyError).flatMap(b -> text(b, "type")))
                    .orElse("");
            String message = text(error, "message")
                    .or(() -> Optional.ofNullable(bodyError).flatMap(b -> text(b, "message")))
                    .orElse("");
            out.put(
                    customId,
                    new BatchLine(
                            customId,
                            response.path("status_code").asInt(0),
                            response.path("request_id").asText(""),
                            body,
                            code,
                            message));
        }
        return out;
    }

    private static Optional<String> text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() || v.asText().isEmpty() ? Optional.empty() : Optional.of(v.asText());
    }
}
