package io.github.raglens;

import io.github.raglens.error.MissingKeyException;
import io.github.raglens.onnx.OnnxEmbeddings;
import io.github.raglens.providers.Environment;
import io.github.raglens.providers.ProviderBuilder;
import io.github.raglens.providers.Providers;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Chat and embedding models by name, for {@link RagLens.Builder#llm}, {@link RagLens.Builder#judge}
 * and {@link RagLens.Builder#embeddings}: the remote providers ({@code ollama}, {@code openai},
 * {@code groq}) read their host and key from the process environment, then from the {@code .env}
 * file of a folder (real variables win); {@code onnx} is a local model. Stateless and thread-safe.
 */
public final class Models {

    /** The chat providers: {@code ollama}, {@code openai}, {@code groq}. */
    public static final List<String> CHAT_PROVIDERS = Providers.CHAT_PROVIDERS;

    /** The embedding providers: {@code onnx} (local), {@code ollama}, {@code openai}. */
    public static final List<String> EMBEDDING_PROVIDERS = List.of("onnx", "ollama", "openai");

    /** The local embedding model used when none is named. */
    public static final String DEFAULT_LOCAL_EMBEDDING_MODEL = "bge-small-en-v1.5";

    private Models() {}

    /**
     * A chat model, built now so that a missing key fails at once.
     *
     * @param provider {@code ollama}, {@code openai} or {@code groq} (case-insensitive)
     * @param model the model, or null for the provider's default ({@code llama3.2}, {@code
     *     gpt-4o-mini}, {@code llama-3.1-8b-instant})
     * @param envDirectory the folder whose {@code .env} is read
     * @throws IllegalArgumentException for an unknown provider
     * @throws MissingKeyException when the provider needs a key and none is set
     */
    public static LlmProvider chat(String provider, String model, Path envDirectory) {
        return chat(provider, model, envDirectory, b -> {});
    }

    /**
     * As {@link #chat(String, String, Path)}, with the client's own limit of calls in flight set to
     * {@code maxConcurrency} instead of its default of 16, so that a caller running more calls at once
     * is not capped unseen.
     *
     * @throws IllegalArgumentException also if {@code maxConcurrency} is less than 1
     */
    public static LlmProvider chat(String provider, String model, Path envDirectory, int maxConcurrency) {
        return chat(provider, model, envDirectory, b -> b.maxConcurrency(maxConcurrency));
    }

    private static LlmProvider chat(
            String provider, String model, Path envDirectory, Consumer<ProviderBuilder<?>> configure) {
        Objects.requireNonNull(envDirectory, "envDirectory");
        String name = model != null ? model : Providers.defaultChatModel(provider);
        return Providers.chat(provider, name, Environment.standard(envDirectory), configure);
    }

    /**
     * An embedding model: a local ONNX model is loaded on first use of the supplier (it takes a few
     * seconds), a remote client is built now so that a missing key fails at once.
     *
     * @param provider {@code onnx}, {@code ollama} or {@code openai} (case-insensitive)
     * @param model the model, or null for the provider's default ({@code bge-small-en-v1.5}, {@code
     *     nomic-embed-text}, {@code text-embedding-3-small}); local models are {@code
     *     bge-small-en-v1.5} and {@code all-MiniLM-L6-v2} (a {@code -q} suffix is accepted)
     * @param envDirectory the folder whose {@code .env} is read
     * @return a supplier that returns the same model on every call
     * @throws IllegalArgumentException for an unknown provider or local model
     * @throws MissingKeyException when the provider needs a key and none is set
     */
    public static Supplier<EmbeddingProvider> embeddings(String provider, String model, Path envDirectory) {
        Objects.requireNonNull(envDirectory, "envDirectory");
        if (Objects.requireNonNull(provider, "provider")
                .toLowerCase(Locale.ROOT)
                .equals("onnx")) {
            String name = model != null ? model : DEFAULT_LOCAL_EMBEDDING_MODEL;
            return Lazy.of(local(name));
        }
        String name = model != null ? model : Providers.defaultEmbeddingModel(provider);
        EmbeddingProvider remote = Providers.embeddings(provider, name, Environment.standard(envDirectory));
        return () -> remote;
    }

    /**
     * The embedding model of an index's recorded name ({@link RagLens#indexedEmbeddingModel()}):
     * {@code provider/model} for a remote model, a bare name for a local one.
     *
     * @see #embeddings(String, String, Path)
     */
    public static Supplier<EmbeddingProvider> embeddingsNamed(String recordedName, Path envDirectory) {
        int slash = Objects.requireNonNull(recordedName, "recordedName").indexOf('/');
        if (slash > 0 && Providers.EMBEDDING_PROVIDERS.contains(recordedName.substring(0, slash))) {
            return embeddings(recordedName.substring(0, slash), recordedName.substring(slash + 1), envDirectory);
        }
        return embeddings("onnx", recordedName, envDirectory);
    }

    /** Checks a local model's name now and opens it when asked. */
    private static Supplier<OnnxEmbeddings> local(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "bge-small-en-v1.5", "bge-small-en-v1.5-q" -> OnnxEmbeddings::bgeSmallEnV15;
            case "all-minilm-l6-v2", "all-minilm-l6-v2-q" -> OnnxEmbeddings::allMiniLmL6V2;
            default ->
                throw new IllegalArgumentException("unknown embedding model '" + name
                        + "'; local models are bge-small-en-v1.5 (default) and all-MiniLM-L6-v2");
        };
    }
}
