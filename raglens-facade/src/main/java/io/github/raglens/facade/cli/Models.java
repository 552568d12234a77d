package io.github.raglens.facade.cli;

import io.github.raglens.RagLens;
import io.github.raglens.error.MissingKeyException;
import io.github.raglens.facade.internal.Lazy;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.onnx.OnnxEmbeddings;
import io.github.raglens.providers.Environment;
import io.github.raglens.providers.Groq;
import io.github.raglens.providers.Ollama;
import io.github.raglens.providers.OpenAi;
import io.github.raglens.providers.ProviderBuilder;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.function.Supplier;

/**
 * Chat and embedding models by provider and name, for {@link RagLens.Builder#llm}, {@link
 * RagLens.Builder#judge} and {@link RagLens.Builder#embeddings}: the remote providers read their host
 * and key from the process environment, then from the {@code .env} file of a folder (real variables
 * win); {@link ProviderKind#ONNX} is a local model. Stateless and thread-safe.
 */
public final class Models {

    private Models() {}

    /**
     * A chat model, built now so that a missing key fails at once: the one place a provider's name
     * becomes a client.
     *
     * @param provider a provider with chat models ({@link ProviderKind#hasChat()})
     * @param model the model, or null for the provider's default ({@link ProviderKind#defaultChatModel()})
     * @param envDirectory the folder whose {@code .env} is read
     * @param maxConcurrency the client's limit of calls in flight, or empty for its default of 16; a
     *     caller running more calls at once sets it, so that it is not capped unseen
     * @throws IllegalArgumentException for a provider without chat models, or a {@code maxConcurrency}
     *     below 1
     * @throws MissingKeyException when the provider needs a key and none is set
     */
    public static LlmProvider chat(ProviderKind provider, String model, Path envDirectory, OptionalInt maxConcurrency) {
        Objects.requireNonNull(envDirectory, "envDirectory");
        Objects.requireNonNull(maxConcurrency, "maxConcurrency");
        ProviderKind chat = provider.requireChat();
        String name = model != null ? model : chat.defaultChatModel();
        Environment env = Environment.standard(envDirectory);
        return switch (chat) {
            case OLLAMA -> configured(Ollama.chat(name), env, maxConcurrency).build();
            case OPENAI -> configured(OpenAi.chat(name), env, maxConcurrency).build();
            case GROQ -> configured(Groq.chat(name), env, maxConcurrency).build();
            case ONNX -> throw new IllegalStateException("requireChat refuses onnx");
        };
    }

    private static <B extends ProviderBuilder<B>> B configured(B builder, Environment env, OptionalInt maxConcurrency) {
        builder.environment(env);
        maxConcurrency.ifPresent(builder::maxConcurrency);
        return builder;
    }

    /**
     * An embedding model: a local ONNX model is loaded on first use of the supplier (it takes a few
     * seconds), a remote client is built now so that a missing key fails at once.
     *
     * @param provider a provider with embedding models ({@link ProviderKind#hasEmbeddings()})
     * @param model the model, or null for the provider's default ({@link
     *     ProviderKind#defaultEmbeddingModel()}); local models are {@code bge-small-en-v1.5} and {@code
     *     all-MiniLM-L6-v2} (a {@code -q} suffix is accepted)
     * @param envDirectory the folder whose {@code .env} is read
     * @return a supplier that returns the same model on every call
     * @throws IllegalArgumentException for a provider without embeddings, or an unknown local model
     * @throws MissingKeyException when the provider needs a key and none is set
     */
    public static Supplier<EmbeddingProvider> embeddings(ProviderKind provider, String model, Path envDirectory) {
        Objects.requireNonNull(envDirectory, "envDirectory");
        ProviderKind kind = provider.requireEmbeddings();
        String name = model != null ? model : kind.defaultEmbeddingModel();
        return switch (kind) {
            case ONNX -> Lazy.of(local(name));
            case OLLAMA ->
                built(Ollama.embeddings(name)
                        .environment(Environment.standard(envDirectory))
                        .build());
            case OPENAI ->
                built(OpenAi.embeddings(name)
                        .environment(Environment.standard(envDirectory))
                        .build());
            case GROQ -> throw new IllegalStateException("requireEmbeddings refuses groq");
        };
    }

    /** A remote client built already, so that a missing key failed at once. */
    private static Supplier<EmbeddingProvider> built(EmbeddingProvider remote) {
        return () -> remote;
    }

    /**
     * The embedding model of an index's recorded name ({@link RagLens#indexedEmbeddingModel()}):
     * {@code provider/model} for a remote model, a bare name for a local one.
     *
     * @see #embeddings(ProviderKind, String, Path)
     */
    public static Supplier<EmbeddingProvider> embeddingsNamed(String recordedName, Path envDirectory) {
        Objects.requireNonNull(recordedName, "recordedName");
        for (ProviderKind provider : ProviderKind.values()) {
            String prefix = provider.label() + "/";
            if (provider != ProviderKind.ONNX && provider.hasEmbeddings() && recordedName.startsWith(prefix)) {
                return embeddings(provider, recordedName.substring(prefix.length()), envDirectory);
            }
        }
        return embeddings(ProviderKind.ONNX, recordedName, envDirectory);
    }

    /** Checks a local model's name now and opens it when asked. */
    private static Supplier<OnnxEmbeddings> local(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "bge-small-en-v1.5", "bge-small-en-v1.5-q" ->
                () -> OnnxEmbeddings.builder().bgeSmallEnV15().build();
            case "all-minilm-l6-v2", "all-minilm-l6-v2-q" ->
                () -> OnnxEmbeddings.builder().allMiniLmL6V2().build();
            default ->
                throw new IllegalArgumentException("unknown embedding model '" + name
                        + "'; local models are bge-small-en-v1.5 (default) and all-MiniLM-L6-v2");
        };
    }
}
