package io.github.raglens.providers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.internal.Json;
import io.github.raglens.model.TokenUsage;
import java.util.Map;

/**
 * The Files and Batches endpoints of an OpenAI server, with the chat client's base URL, key,
 * timeouts and retry policy; nothing is counted as usage here. Thread-safe.
 */
final class BatchApi {

    /** The endpoint every batch line is sent to; also each line's {@code url}. */
    static final String ENDPOINT = "/v1/chat/completions";

    private final HttpCaller caller;

    BatchApi(ClientConfig c, ProviderHints hints) {
        this.caller = new HttpCaller(
                new ClientConfig(
                        c.provider(),
                        c.model(),
                        c.baseUrl(),
                        c.apiKey(),
                        c.connectTimeout(),
                        c.readTimeout(),
                        c.callTimeout(),
                        c.retry(),
                        c.limits(),
                        null,
                        c.stage()),
                new Hints(hints));
    }

    /**
     * The chat client's hints, but for HTTP 404: these endpoints look up a batch or a file, not a
     * model, so the message says what the server did not find.
     */
    private record Hints(ProviderHints chat) implements ProviderHints {
        @Override
        public String unreachable(String baseUrl, String cause) {
            return chat.unreachable(baseUrl, cause);
        }

        @Override
        public String modelNotFound(String model, String baseUrl, String serverMessage) {
            return "not found at " + baseUrl + (serverMessage.isEmpty() ? "" : " (" + serverMessage + ")");
        }

        @Override
        public String authentication(int status, String serverMessage) {
            return chat.authentication(status, serverMessage);
        }
    }

    /** Uploads a batch input file ({@code POST /files}, purpose {@code batch}); returns its id. */
    String upload(String fileName, byte[] jsonl) {
        return caller.postFile("/files", Map.of("purpose", "batch"), "file", fileName, jsonl, (root, rid) -> {
            String id = root.path("id").asText("");
            if (id.isEmpty()) {
                throw new MalformedReplyException("file upload reply without \"id\"");
            }
            return id;
        });
    }

    /** Creates a batch of chat completions over an uploaded file, to finish within 24 hours. */
    BatchState create(String inputFileId) {
        ObjectNode body = Json.objectNode();
        body.put("input_file_id", inputFileId);
        body.put("endpoint", ENDPOINT);
        body.put("completion_window", "24h");
        return caller.post("/batches", body, 0, (root, rid) -> BatchState.read(root), s -> TokenUsage.NONE);
    }

    /** The batch as it is now ({@code GET /batches/{id}}). */
    BatchState retrieve(String batchId) {
        return caller.get("/batches/" + batchId, (root, rid) -> BatchState.read(root));
    }

    /** A file's content ({@code GET /files/{id}/content}). */
    String content(String fileId) {
        return caller.getText("/files/" + fileId + "/content");
    }
}
