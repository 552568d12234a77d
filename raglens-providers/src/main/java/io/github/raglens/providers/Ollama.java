package io.github.raglens.providers;

/**
 * Entry points for Ollama models.
 *
 * <pre>{@code
 * LlmProvider llm = Ollama.chat("llama3.2").numCtx(16_384).build();
 * EmbeddingProvider emb = Ollama.embeddings("nomic-embed-text").build();
 * }</pre>
 *
 * <p>The server is {@code OLLAMA_HOST} (default {@code http://localhost:11434}) unless the builder
 * sets {@code baseUrl}. Ollama needs no key.
 */
public final class Ollama {

    /** The environment variable with the server's address. */
    public static final String HOST_VARIABLE = "OLLAMA_HOST";

    /** The server address used when neither the builder nor the environment gives one. */
    public static final String DEFAULT_HOST = "http://localhost:11434";

    private Ollama() {}

    /** A chat model, e.g. {@code llama3.2}. */
    public static OllamaChat.Builder chat(String model) {
        return new OllamaChat.Builder(model);
    }

    /** An embedding model, e.g. {@code nomic-embed-text}. */
    public static OllamaEmbeddings.Builder embeddings(String model) {
        return new OllamaEmbeddings.Builder(model);
    }
}
