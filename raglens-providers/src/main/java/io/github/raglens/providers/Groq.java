package io.github.raglens.providers;

import io.github.raglens.model.ProviderKind;

/**
 * Entry point for Groq chat models: the OpenAI-compatible client with Groq's base URL ({@code
 * GROQ_BASE_URL}, default {@code https://api.groq.com/openai/v1}) and key ({@code GROQ_API_KEY}).
 * JSON schemas are sent in best-effort mode ({@code strict: false}) because few Groq models support
 * strict mode; replies are validated against the schema either way. Groq has no embeddings API.
 *
 * <pre>{@code
 * LlmProvider llm = Groq.chat("llama-3.1-8b-instant").requestsPerMinute(30).build();
 * }</pre>
 */
public final class Groq {

    /** The environment variable with the base URL. */
    public static final String BASE_URL_VARIABLE = "GROQ_BASE_URL";

    /** The environment variable with the key. */
    public static final String API_KEY_VARIABLE = "GROQ_API_KEY";

    /** Groq's OpenAI-compatible base URL. */
    public static final String DEFAULT_BASE_URL = "https://api.groq.com/openai/v1";

    private Groq() {}

    /** A chat model, e.g. {@code llama-3.3-70b-versatile}. */
    public static OpenAiChat.Builder chat(String model) {
        return OpenAiChat.compatible(
                        ProviderKind.GROQ.label(), model, BASE_URL_VARIABLE, DEFAULT_BASE_URL, API_KEY_VARIABLE)
                .strictSchemaByDefault(false);
    }
}
