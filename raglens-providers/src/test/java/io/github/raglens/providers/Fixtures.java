package io.github.raglens.providers;

import java.nio.charset.StandardCharsets;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import okhttp3.Headers;

/** Response bodies in the documented formats (../shared/reference/api-formats.md) and helpers. */
public final class Fixtures {

    private Fixtures() {}

    /** Ollama /api/chat non-streaming reply (api.md "Chat request (No streaming)") with a chosen content. */
    public static String ollamaChat(String contentJsonString, String doneReason) {
        return "{\"model\":\"llama3.2\",\"created_at\":\"2023-12-12T14:13:43.416799Z\",\"message\":{\"role\":\"assistant\","
                + "\"content\":" + contentJsonString + "},\"done_reason\":\"" + doneReason + "\",\"done\":true,"
                + "\"total_duration\":5191566416,\"load_duration\":2154458,\"prompt_eval_count\":26,"
                + "\"prompt_eval_duration\":383809000,\"eval_count\":298,\"eval_duration\":4799921000}";
    }

    /** The verbatim non-streaming chat reply of Ollama's api.md (no done_reason). */
    public static final String OLLAMA_CHAT_VERBATIM =
            "{\"model\":\"llama3.2\",\"created_at\":\"2023-12-12T14:13:43.416799Z\","
                    + "\"message\":{\"role\":\"assistant\",\"content\":\"Hello! How are you today?\"},\"done\":true,"
                    + "\"total_duration\":5191566416,\"load_duration\":2154458,\"prompt_eval_count\":26,"
                    + "\"prompt_eval_duration\":383809000,\"eval_count\":298,\"eval_duration\":4799921000}";

    /** OpenAI chat completion (OA-SPEC example "Default") with a chosen content, refusal and finish reason. */
    public static String openAiChat(String contentJson, String refusalJson, String finishReason) {
        return "{\"id\":\"chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT\",\"object\":\"chat.completion\",\"created\":1741569952,"
                + "\"model\":\"gpt-4o-mini\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":"
                + contentJson + ",\"refusal\":" + refusalJson + ",\"annotations\":[]},\"logprobs\":null,"
                + "\"finish_reason\":\"" + finishReason
                + "\"}],\"usage\":{\"prompt_tokens\":19,\"completion_tokens\":10,"
                + "\"total_tokens\":29,\"prompt_tokens_details\":{\"cached_tokens\":0,\"audio_tokens\":0},"
                + "\"completion_tokens_details\":{\"reasoning_tokens\":0,\"audio_tokens\":0,"
                + "\"accepted_prediction_tokens\":0,\"rejected_prediction_tokens\":0}},\"service_tier\":\"default\"}";
    }

    /** The OA-SPEC example reply. */
    public static final String OPENAI_CHAT_VERBATIM =
            openAiChat("\"Hello! How can I assist you today?\"", "null", "stop");

    /** A JSON reply. */
    public static MockResponse json(int code, String body) {
        return new MockResponse(code, Headers.of("Content-Type", "application/json"), body);
    }

    /** A JSON reply with extra headers (name, value, name, value …). */
    public static MockResponse json(int code, String body, String... headers) {
        MockResponse.Builder b =
                new MockResponse.Builder().code(code).body(body).addHeader("Content-Type", "application/json");
        for (int i = 0; i < headers.length; i += 2) {
            b.addHeader(headers[i], headers[i + 1]);
        }
        return b.build();
    }

    /** The request body as text. */
    public static String body(RecordedRequest r) {
        return r.getBody() == null ? "" : r.getBody().string(StandardCharsets.UTF_8);
    }
}
