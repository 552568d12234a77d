package io.github.raglens.providers;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A batch as {@code POST /batches} and {@code GET /batches/{id}} report it.
 *
 * @param id the batch id
 * @param status one of the documented statuses: {@code validating}, {@code in_progress}, {@code
 *     finalizing}, {@code completed}, {@code failed}, {@code expired}, {@code cancelling}, {@code
 *     cancelled}
 * @param outputFileId the file of answered requests, empty until there is one
 * @param errorFileId the file of failed requests, empty until there is one
 * @param errors the batch-level errors ({@code errors.data}), each as {@code code: message}
 * @param total requests in the batch
 * @param completed requests answered
 * @param failed requests failed
 */
record BatchState(
        String id,
        String status,
        String outputFileId,
        String errorFileId,
        List<String> errors,
        int total,
        int completed,
        int failed) {

    static final List<String> STATUSES = List.of(
            "validating", "in_progress", "finalizing", "completed", "failed", "expired", "cancelling", "cancelled");

    BatchState {
        errors = List.copyOf(errors);
    }

    /** Whether the batch will change no more: completed, failed, expired or cancelled. */
    boolean ended() {
        return switch (status) {
            case "completed", "failed", "expired", "cancelled" -> true;
            default -> false;
        };
    }

    static BatchState read(JsonNode root) throws MalformedReplyException {
        String id = root.path("id").asText("");
        String status = root.path("status").asText("").toLowerCase(Locale.ROOT);
        if (id.isEmpty() || !"batch".equals(root.path("object").asText("batch"))) {
            throw new MalformedReplyException("reply is not a batch object (no \"id\")");
        }
        if (!STATUSES.contains(status)) {
            throw new MalformedReplyException("batch " + id + " has an undocumented status '" + status + "'");
        }
        List<String> errors = new ArrayList<>();
        for (JsonNode e : root.path("errors").path("data")) {
            String line = e.path("line").isIntegralNumber()
                    ? " (line " + e.path("line").asInt() + ")"
                    : "";
            errors.add(e.path("code").asText("error") + ": " + e.path("message").asText("") + line);
        }
        JsonNode counts = root.path("request_counts");
        return new BatchState(
                id,
                status,
                textOrEmpty(root.get("output_file_id")),
                textOrEmpty(root.get("error_file_id")),
                errors,
                counts.path("total").asInt(0),
                counts.path("completed").asInt(0),
                counts.path("failed").asInt(0));
    }

    private static String textOrEmpty(JsonNode n) {
        return n == null || n.isNull() ? "" : n.asText("");
    }
}
