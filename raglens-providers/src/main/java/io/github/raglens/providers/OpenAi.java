package io.github.raglens.providers;

import io.github.raglens.model.ProviderKind;

/**
 * Entry points for OpenAI models and OpenAI-compatible servers.
 *
 * <pre>{@code
 * LlmProvider judge = OpenAi.chat("gpt-4o-mini").apiKeyFromEnv("OPENAI_API_KEY").build();
 * EmbeddingProvider emb = OpenAi.embeddings("text-embedding-3-small").build();
 * }</pre>
 *
 * <p>The server is {@code OPENAI_BASE_URL} (default {@code https://api.openai.com/v1}) unless the
 * builder sets {@code baseUrl}; the key is {@code OPENAI_API_KEY} unless the builder sets one. A
 * server other than OpenAI's may need no key.
 */
public final class OpenAi {

    /** The environment variable with the base URL. */
    public static final String BASE_URL_VARIABLE = "OPENAI_BASE_URL";

    /** The environment variable with the key. */
    public static final String API_KEY_VARIABLE = "OPENAI_API_KEY";

    /** OpenAI's base URL. */
    public static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";

    private OpenAi() {}

    /** A chat model, e.g. {@code gpt-4o-mini}. */
    public static OpenAiChat.Builder chat(String model) {
        return OpenAiChat.compatible(
                ProviderKind.OPENAI.label(), model, BASE_URL_VARIABLE, DEFAULT_BASE_URL, API_KEY_VARIABLE);
    }

    /** An embedding model, e.g. {@code text-embedding-3-small}. */
    public static OpenAiEmbeddings.Builder embeddings(String model) {
        return new OpenAiEmbeddings.Builder(model);
    }
}
