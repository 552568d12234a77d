package io.github.raglens.wire;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.internal.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;

/**
 * Replies of OpenAI's {@code POST /v1/chat/completions} in its exact wire format, with chosen content,
 * finish reason and usage; shared through core's test jar with the framework adapters' tests, which reach no raglens HTTP client.
 */
public final class OpenAiReplies {

    private OpenAiReplies() {}

    /** A completed reply with the given content, finish reason and usage. */
    public static MockResponse reply(String content, String finishReason, int promptTokens, int completionTokens) {
        String body = """
                {
                  "id": "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT",
                  "object": "chat.completion",
                  "created": 1741569952,
                  "model": "gpt-4o-mini-2024-07-18",
                  "choices": [
                    {
                      "index": 0,
                      "message": { "role": "assistant", "content": %s, "refusal": null, "annotations": [] },
                      "logprobs": null,
                      "finish_reason": "%s"
                    }
                  ],
                  "usage": {
                    "prompt_tokens": %d,
                    "completion_tokens": %d,
                    "total_tokens": %d,
                    "prompt_tokens_details": { "cached_tokens": 0, "audio_tokens": 0 },
                    "completion_tokens_details": { "reasoning_tokens": 0, "audio_tokens": 0, "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0 }
                  },
                  "service_tier": "default"
                }
                """.formatted(
                        quote(content), finishReason, promptTokens, completionTokens, promptTokens + completionTokens);
        return new MockResponse.Builder()
                .code(200)
                .addHeader("Content-Type", "application/json")
                .body(body)
                .build();
    }

    /** An OpenAI error reply. */
    public static MockResponse error(int code, String message, String type) {
        String body = """
                {"error": {"message": %s, "type": "%s", "param": null, "code": null}}""".formatted(quote(message), type);
        return new MockResponse.Builder()
                .code(code)
                .addHeader("Content-Type", "application/json")
                .body(body)
                .build();
    }

    /** The JSON body of a recorded request. */
    public static JsonNode body(RecordedRequest request) {
        try {
            return Json.reader().readTree(request.getBody().utf8());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String quote(String s) {
        try {
            return Json.writer().writeValueAsString(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
