package io.github.raglens.providers;

import io.github.raglens.error.MissingKeyException;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Builds a provider client from a name ({@code ollama}, {@code openai}, {@code groq}), a model and
 * an environment. Missing keys fail at once with a {@link MissingKeyException} naming the variable
 * and the way out.
 */
public final class Providers {

    /** The chat providers, in the order of CLI.md. */
    public static final java.util.List<String> CHAT_PROVIDERS = java.util.List.of("ollama", "openai", "groq");

    /** The remote embedding providers this module builds (the CLI adds {@code onnx}). */
    public static final java.util.List<String> EMBEDDING_PROVIDERS = java.util.List.of("ollama", "openai");

    private Providers() {}

    /**
     * The chat model used when the user names none: {@code llama3.2} (Ollama), {@code gpt-4o-mini}
     * (OpenAI), {@code llama-3.1-8b-instant} (Groq).
     *
     * @throws IllegalArgumentException for an unknown provider
     */
    public static String defaultChatModel(String provider) {
        return switch (Objects.requireNonNull(provider, "provider").toLowerCase(Locale.ROOT)) {
            case "ollama" -> "llama3.2";
            case "openai" -> "gpt-4o-mini";
            case "groq" -> "llama-3.1-8b-instant";
            default ->
                throw new IllegalArgumentException(
                        "unknown provider '" + provider + "'; choose ollama, openai or groq");
        };
    }

    /**
     * The embedding model used when the user names none: {@code nomic-embed-text} (Ollama), {@code
     * text-embedding-3-small} (OpenAI).
     *
     * @throws IllegalArgumentException for a provider without remote embeddings here
     */
    public static String defaultEmbeddingModel(String provider) {
        return switch (Objects.requireNonNull(provider, "provider").toLowerCase(Locale.ROOT)) {
            case "ollama" -> "nomic-embed-text";
            case "openai" -> "text-embedding-3-small";
            default ->
                throw new IllegalArgumentException(
                        "no embedding model for provider '" + provider + "'; choose onnx, ollama or openai");
        };
    }

    /**
     * A chat client with default options.
     *
     * @param provider {@code ollama}, {@code openai} or {@code groq} (case-insensitive)
     * @param model the model
     * @param environment where {@code OLLAMA_HOST}, {@code OPENAI_API_KEY} … are read
     * @throws IllegalArgumentException for an unknown provider
     * @throws MissingKeyException when the provider's key is not set
     */
    public static LlmProvider chat(String provider, String model, Environment environment) {
        return chat(provider, model, environment, b -> {});
    }

    /**
     * A chat client, with options set by {@code configure} (stage, ledger, limits …).
     *
     * @see #chat(String, String, Environment)
     */
    public static LlmProvider chat(
            String provider, String model, Environment environment, Consumer<ProviderBuilder<?>> configure) {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(configure, "configure");
        String name = Objects.requireNonNull(provider, "provider").toLowerCase(Locale.ROOT);
        requireKeyOf(name, model, environment);
        return switch (name) {
            case "ollama" ->
                configured(Ollama.chat(model), environment, configure).build();
            case "openai" ->
                configured(OpenAi.chat(model), environment, configure).build();
            case "groq" -> configured(Groq.chat(model), environment, configure).build();
            default ->
                throw new IllegalArgumentException(
                        "unknown provider '" + provider + "'; choose ollama, openai or groq");
        };
    }

    /**
     * An embedding client with default options.
     *
     * @param provider {@code ollama} or {@code openai} (case-insensitive)
     * @param model the model
     * @param environment where variables are read
     * @throws IllegalArgumentException for an unknown provider or {@code groq}, which has no
     *     embeddings
     * @throws MissingKeyException when the provider's key is not set
     */
    public static EmbeddingProvider embeddings(String provider, String model, Environment environment) {
        return embeddings(provider, model, environment, b -> {});
    }

    /**
     * An embedding client, with options set by {@code configure}.
     *
     * @see #embeddings(String, String, Environment)
     */
    public static EmbeddingProvider embeddings(
            String provider, String model, Environment environment, Consumer<ProviderBuilder<?>> configure) {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(configure, "configure");
        String name = Objects.requireNonNull(provider, "provider").toLowerCase(Locale.ROOT);
        if (name.equals("groq")) {
            throw new IllegalArgumentException("groq has no embeddings API; choose onnx, ollama or openai");
        }
        requireKeyOf(name, model, environment);
        return switch (name) {
            case "ollama" ->
                configured(Ollama.embeddings(model), environment, configure).build();
            case "openai" ->
                configured(OpenAi.embeddings(model), environment, configure).build();
            default ->
                throw new IllegalArgumentException(
                        "unknown provider '" + provider + "'; choose onnx, ollama or openai");
        };
    }

    private static <B extends ProviderBuilder<B>> B configured(
            B builder, Environment environment, Consumer<ProviderBuilder<?>> configure) {
        builder.environment(environment);
        configure.accept(builder);
        return builder;
    }

    /** Fails at once when a provider that needs a key has none in {@code environment}. */
    private static void requireKeyOf(String provider, String model, Environment environment) {
        switch (provider) {
            case "openai" ->
                requireKey(
                        provider,
                        model,
                        environment,
                        OpenAi.BASE_URL_VARIABLE,
                        OpenAi.DEFAULT_BASE_URL,
                        OpenAi.API_KEY_VARIABLE);
            case "groq" ->
                requireKey(
                        provider,
                        model,
                        environment,
                        Groq.BASE_URL_VARIABLE,
                        Groq.DEFAULT_BASE_URL,
                        Groq.API_KEY_VARIABLE);
            default -> {}
        }
    }

    private static void requireKey(
            String provider,
            String model,
            Environment env,
            String baseUrlVariable,
            String defaultBaseUrl,
            String keyVariable) {
        String url = env.get(baseUrlVariable).orElse(defaultBaseUrl);
        if (env.get(keyVariable).isEmpty() && ProviderBuilder.needsKey(ProviderBuilder.normalizeUrl(url))) {
            throw new MissingKeyException(
                    provider,
                    model,
                    keyVariable,
                    keyVariable + " is not set; export it or put it in .env, or choose provider ollama");
        }
    }
}
