package io.github.raglens.providers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;

/**
 * An OpenAI Files and Batches server for MockWebServer, in the documented formats
 * (../shared/reference/api-formats.md §2.8): {@code POST /v1/files} (multipart, purpose {@code
 * batch}), {@code POST /v1/batches}, {@code GET /v1/batches/{id}} moving through {@code validating},
 * {@code in_progress} and {@code finalizing} to its end on successive polls, and {@code GET
 * /v1/files/{id}/content} with output and error lines keyed by {@code custom_id}, in reverse input
 * order (the documented order is none).
 *
 * <p>Each request body is answered with the chat completion content {@code replies} gives; scripted
 * faults per request pick failed lines, expired lines or a failed batch. Thread-safe.
 */
public final class FakeBatchServer extends Dispatcher {

    /** What happens to a request in its batch. */
    public enum Fault {
        /** A line in the error file with HTTP 400 and an {@code invalid_request_error} body. */
        INVALID,
        /** A line in the error file with HTTP 500 and a {@code server_error} body. */
        SERVER_ERROR,
        /** The batch expires before the request runs: an error line with {@code batch_expired}. */
        EXPIRE
    }

    /** One batch as created. */
    public record Batch(String id, String inputFileId, List<JsonNode> lines, int pollsToEnd) {}

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Function<JsonNode, String> replies;
    private final Map<String, String> files = new ConcurrentHashMap<>();
    private final Map<String, Batch> batches = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> polls = new ConcurrentHashMap<>();
    private final List<Batch> created = new CopyOnWriteArrayList<>();
    private final List<String> uploadForms = new CopyOnWriteArrayList<>();
    private final List<String> createBodies = new CopyOnWriteArrayList<>();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final Map<String, Fault> faults = new ConcurrentHashMap<>();
    private final Set<String> faultedOnce = ConcurrentHashMap.newKeySet();
    private final AtomicInteger ids = new AtomicInteger();
    private volatile int pollsToEnd = 3;
    private volatile String failBatchWith = "";
    private volatile boolean endAll;
    private volatile int failPolls;

    /**
     * A server answering every request with {@code replies.apply(body)} as the assistant's content.
     *
     * @param replies the chat completion content per request body
     */
    public FakeBatchServer(Function<JsonNode, String> replies) {
        this.replies = replies;
    }

    /** Polls each new batch needs before it ends (default 3: in_progress, finalizing, then its end). */
    public FakeBatchServer pollsToEnd(int n) {
        this.pollsToEnd = n;
        return this;
    }

    /**
     * Gives the requests whose messages contain {@code marker} a fault, the first time they are sent
     * only (a later batch answers them).
     */
    public FakeBatchServer fault(String marker, Fault fault) {
        faults.put(marker, fault);
        return this;
    }

    /** Makes every batch end on its next poll, also those created before. */
    public FakeBatchServer endAll() {
        this.endAll = true;
        return this;
    }

    /**
     * Forgets a batch, as a server that no longer knows it does (a batch deleted, or sent with another
     * project's key): polling it gets HTTP 404.
     */
    public FakeBatchServer forget(String batchId) {
        batches.remove(batchId);
        return this;
    }

    /** Answers the next {@code n} status polls with HTTP 500, as a server in trouble does. */
    public FakeBatchServer failPolls(int n) {
        this.failPolls = n;
        return this;
    }

    /** Makes the next batch fail validation with this message (errors.data), then clears it. */
    public FakeBatchServer failNextBatch(String message) {
        this.failBatchWith = message;
        return this;
    }

    /** The batches created so far, in order. */
    public List<Batch> created() {
        return List.copyOf(created);
    }

    /** The bodies of the uploads (multipart forms) as text. */
    public List<String> uploadForms() {
        return List.copyOf(uploadForms);
    }

    /** The bodies of {@code POST /v1/batches}. */
    public List<String> createBodies() {
        return List.copyOf(createBodies);
    }

    /** The Authorization headers seen. */
    public List<String> authorizations() {
        return List.copyOf(authorizations);
    }

    /** Status polls answered for a batch. */
    public int polls(String batchId) {
        AtomicInteger n = polls.get(batchId);
        return n == null ? 0 : n.get();
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
        authorizations.add(String.valueOf(request.getHeaders().get("Authorization")));
        String path = request.getUrl().encodedPath();
        String method = request.getMethod();
        try {
            if (method.equals("POST") && path.equals("/v1/files")) {
                return upload(request.getBody() == null ? "" : request.getBody().utf8());
            }
            if (method.equals("POST") && path.equals("/v1/batches")) {
                return create(request.getBody().utf8());
            }
            if (method.equals("GET") && path.startsWith("/v1/batches/")) {
                synchronized (this) {
                    if (failPolls > 0) {
                        failPolls--;
                        return error(500, "The server had an error while processing your request.", "server_error");
                    }
                }
                return retrieve(path.substring("/v1/batches/".length()));
            }
            if (method.equals("GET") && path.startsWith("/v1/files/") && path.endsWith("/content")) {
                String id = path.substring("/v1/files/".length(), path.length() - "/content".length());
                String content = files.get(id);
                return content == null
                        ? error(404, "No such File object: " + id, "invalid_request_error")
                        : new MockResponse.Builder()
                                .code(200)
                                .addHeader("Content-Type", "application/octet-stream")
                                .body(content)
                                .build();
            }
        } catch (IOException e) {
            return error(400, "bad body: " + e.getMessage(), "invalid_request_error");
        }
        return error(404, "Unknown request URL: " + method + " " + path, "invalid_request_error");
    }

    private MockResponse upload(String form) {
        uploadForms.add(form);
        if (!form.contains("name=\"purpose\"") || !form.contains("\r\n\r\nbatch\r\n")) {
            return error(400, "purpose must be batch", "invalid_request_error");
        }
        int start = form.indexOf("{\"custom_id\"");
        int end = form.lastIndexOf("}\n");
        if (start < 0 || end < start) {
            return error(400, "the file holds no request", "invalid_request_error");
        }
        String id = "file-in" + ids.incrementAndGet();
        files.put(id, form.substring(start, end + 2));
        return json(
                200,
                "{\"id\":\"" + id + "\",\"object\":\"file\",\"bytes\":" + (end + 2 - start)
                        + ",\"created_at\":1711471533,\"expires_at\":1714063533,\"filename\":\"batch.jsonl\","
                        + "\"purpose\":\"batch\",\"status\":\"processed\"}");
    }

    private MockResponse create(String body) throws IOException {
        createBodies.add(body);
        JsonNode req = JSON.readTree(body);
        String input = files.get(req.path("input_file_id").asText());
        if (input == null) {
            return error(400, "input file not found", "invalid_request_error");
        }
        List<JsonNode> lines = new ArrayList<>();
        for (String l : input.split("\n")) {
            if (!l.isBlank()) {
                lines.add(JSON.readTree(l));
            }
        }
        Batch b = new Batch(
                "batch_" + ids.incrementAndGet(), req.path("input_file_id").asText(), List.copyOf(lines), pollsToEnd);
        batches.put(b.id(), b);
        created.add(b);
        return json(200, batchJson(b, "validating", null, null, 0, 0));
    }

    private MockResponse retrieve(String id) {
        Batch b = batches.get(id);
        if (b == null) {
            return error(404, "No batch found with id '" + id + "'.", "invalid_request_error");
        }
        int n = polls.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
        if (n < b.pollsToEnd() && !endAll) {
            return json(200, batchJson(b, n == b.pollsToEnd() - 1 ? "finalizing" : "in_progress", null, null, 0, 0));
        }
        return json(200, finished(b));
    }

    /** The batch's end: output and error files written once, on the first poll that sees the end. */
    private synchronized String finished(Batch b) {
        String failWith = failBatchWith;
        if (!failWith.isEmpty() && !files.containsKey(b.id() + "-ended")) {
            failBatchWith = "";
            files.put(b.id() + "-ended", "failed:" + failWith);
        }
        String ended = files.get(b.id() + "-ended");
        if (ended != null && ended.startsWith("failed:")) {
            ObjectNode n = (ObjectNode) readTree(batchJson(b, "failed", null, null, 0, 0));
            ObjectNode errors = n.putObject("errors");
            errors.put("object", "list");
            ObjectNode e = errors.putArray("data").addObject();
            e.put("code", "invalid_request");
            e.put("message", ended.substring("failed:".length()));
            e.putNull("param");
            e.put("line", 1);
            return n.toString();
        }
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        boolean expired = false;
        int ok = 0;
        int bad = 0;
        List<JsonNode> reversed = new ArrayList<>(b.lines());
        java.util.Collections.reverse(reversed);
        for (JsonNode line : reversed) {
            String customId = line.path("custom_id").asText();
            Fault f = faultOf(line);
            if (f != null && faultedOnce.add(customId)) {
                bad++;
                switch (f) {
                    case INVALID ->
                        err.append(
                                errorLine(customId, 400, "Invalid value for 'temperature'", "invalid_request_error"));
                    case SERVER_ERROR ->
                        err.append(errorLine(customId, 500, "The server had an error", "server_error"));
                    case EXPIRE -> {
                        expired = true;
                        err.append("{\"id\":\"batch_req_x")
                                .append(customId)
                                .append("\",\"custom_id\":\"")
                                .append(customId)
                                .append("\",\"response\":null,\"error\":{\"code\":\"batch_expired\",\"message\":"
                                        + "\"This request could not be executed before the completion window"
                                        + " expired.\"}}\n");
                    }
                }
                continue;
            }
            ok++;
            ObjectNode o = JSON.createObjectNode();
            o.put("id", "batch_req_" + customId);
            o.put("custom_id", customId);
            ObjectNode response = o.putObject("response");
            response.put("status_code", 200);
            response.put("request_id", "req_" + customId);
            response.set("body", ChatCompletions.of(line.path("body"), replies.apply(line.path("body"))));
            o.putNull("error");
            out.append(o).append('\n');
        }
        String outId = null;
        String errId = null;
        if (ok > 0) {
            outId = "file-out-" + b.id();
            files.putIfAbsent(outId, out.toString());
        }
        if (bad > 0) {
            errId = "file-err-" + b.id();
            files.putIfAbsent(errId, err.toString());
        }
        return batchJson(b, expired ? "expired" : "completed", outId, errId, ok, bad);
    }

    private Fault faultOf(JsonNode line) {
        String text = line.path("body").path("messages").toString();
        for (Map.Entry<String, Fault> e : faults.entrySet()) {
            if (text.contains(e.getKey())) {
                return e.getValue();
            }
        }
        return null;
    }

    private static String errorLine(String customId, int status, String message, String type) {
        return "{\"id\":\"batch_req_" + customId + "\",\"custom_id\":\"" + customId + "\",\"response\":{"
                + "\"status_code\":" + status + ",\"request_id\":\"req_" + customId + "\",\"body\":{\"error\":{"
                + "\"message\":\"" + message + "\",\"type\":\"" + type + "\",\"param\":null,\"code\":null}}},"
                + "\"error\":null}\n";
    }

    private static String batchJson(Batch b, String status, String out, String err, int completed, int failed) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", b.id());
        m.put("object", "batch");
        m.put("endpoint", "/v1/chat/completions");
        m.put("errors", null);
        m.put("input_file_id", b.inputFileId());
        m.put("completion_window", "24h");
        m.put("status", status);
        m.put("output_file_id", out);
        m.put("error_file_id", err);
        m.put("created_at", 1711471533);
        m.put("request_counts", Map.of("total", b.lines().size(), "completed", completed, "failed", failed));
        try {
            return JSON.writeValueAsString(m);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode readTree(String s) {
        try {
            return JSON.readTree(s);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static MockResponse error(int code, String message, String type) {
        return json(
                code,
                "{\"error\":{\"message\":\"" + message.replace("\"", "'") + "\",\"type\":\"" + type
                        + "\",\"param\":null,\"code\":null}}");
    }

    private static MockResponse json(int code, String body) {
        return new MockResponse.Builder()
                .code(code)
                .addHeader("Content-Type", "application/json")
                .body(body)
                .build();
    }
}
