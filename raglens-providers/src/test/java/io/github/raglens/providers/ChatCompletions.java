package io.github.raglens.providers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Function;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;

/**
 * Chat completions made from a request body (OA-SPEC "Default" shape), with usage counted from the
 * text (a token per four characters), so a live server and a batch server given the same replies
 * bill alike.
 */
public final class ChatCompletions {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ChatCompletions() {}

    /** The chat completion answering {@code body} with {@code content}. */
    public static JsonNode of(JsonNode body, String content) {
        ObjectNode c = JSON.createObjectNode();
        c.put("id", "chatcmpl-fake");
        c.put("object", "chat.completion");
        c.put("created", 1741569952);
        c.put("model", body.path("model").asText());
        ObjectNode choice = c.putArray("choices").addObject();
        choice.put("index", 0);
        ObjectNode message = choice.putObject("message");
        message.put("role", "assistant");
        message.put("content", content);
        message.putNull("refusal");
        choice.put("finish_reason", "stop");
        ObjectNode usage = c.putObject("usage");
        long prompt = body.path("messages").toString().length() / 4;
        long completion = content.length() / 4;
        usage.put("prompt_tokens", prompt);
        usage.put("completion_tokens", completion);
        usage.put("total_tokens", prompt + completion);
        return c;
    }

    /** The user message of a request body, or empty. */
    public static String user(JsonNode body) {
        for (JsonNode m : body.path("messages")) {
            if (m.path("role").asText().equals("user")) {
                return m.path("content").asText();
            }
        }
        return "";
    }

    /** The name of the request's reply schema ({@code response_format.json_schema.name}), or empty. */
    public static String schema(JsonNode body) {
        return body.path("response_format").path("json_schema").path("name").asText("");
    }

    /** A live {@code POST /v1/chat/completions} server answering with {@code replies}. */
    public static Dispatcher server(Function<JsonNode, String> replies) {
        return new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                try {
                    JsonNode body = JSON.readTree(request.getBody().utf8());
                    return new MockResponse.Builder()
                            .code(200)
                            .addHeader("Content-Type", "application/json")
                            .body(of(body, replies.apply(body)).toString())
                            .build();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }
}
