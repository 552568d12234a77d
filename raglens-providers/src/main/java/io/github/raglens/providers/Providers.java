package io.github.raglens.providers;

import io.github.raglens.error.MissingKeyException;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Builds a provider client from a {@link ProviderKind}, a model and an environment. Missing keys fail
 * at once with a {@link MissingKeyException} naming the variable and the way out.
 */
public final class Providers {

    private Providers() {}

    /**
     * A chat client with default options.
     *
     * @param provider {@code OLLAMA}, {@code OPENAI} or {@code GROQ}
     * @param model the model
     * @param environment where {@code OLLAMA_HOST}, {@code OPENAI_API_KEY} … are read
     * @throws IllegalArgumentException for a provider without chat models
     * @throws MissingKeyException when the provider's key is not set
     */
    public static LlmProvider chat(ProviderKind provider, String model, Environment environment) {
        return chat(provider, model, environment, b -> {});
    }

    /**
     * A chat client, with options set by {@code configure} (stage, ledger, limits …).
     *
     * @see #chat(ProviderKind, String, Environment)
     */
    public static LlmProvider chat(
            ProviderKind provider, String model, Environment environment, Consumer<ProviderBuilder<?>> configure) {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(configure, "configure");
        requireKeyOf(provider.requireChat(), model, environment);
        return switch (provider) {
            case OLLAMA ->
                configured(Ollama.chat(model), environment, configure).build();
            case OPENAI ->
                configured(OpenAi.chat(model), environment, configure).build();
            case GROQ -> configured(Groq.chat(model), environment, configure).build();
            case ONNX -> throw inProcess();
        };
    }

    /**
     * An embedding client with default options.
     *
     * @param provider {@code OLLAMA} or {@code OPENAI}
     * @param model the model
     * @param environment where variables are read
     * @throws IllegalArgumentException for {@code GROQ}, which has no embeddings, or {@code ONNX},
     *     whose models run in-process ({@code raglens-onnx})
     * @throws MissingKeyException when the provider's key is not set
     */
    public static EmbeddingProvider embeddings(ProviderKind provider, String model, Environment environment) {
        return embeddings(provider, model, environment, b -> {});
    }

    /**
     * An embedding client, with options set by {@code configure}.
     *
     * @see #embeddings(ProviderKind, String, Environment)
     */
    public static EmbeddingProvider embeddings(
            ProviderKind provider, String model, Environment environment, Consumer<ProviderBuilder<?>> configure) {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(configure, "configure");
        requireKeyOf(provider.requireEmbeddings(), model, environment);
        return switch (provider) {
            case OLLAMA ->
                configured(Ollama.embeddings(model), environment, configure).build();
            case OPENAI ->
                configured(OpenAi.embeddings(model), environment, configure).build();
            case ONNX, GROQ -> throw inProcess();
        };
    }

    private static IllegalArgumentException inProcess() {
        return new IllegalArgumentException("onnx models run in-process; open them with OnnxEmbeddings (raglens-onnx)");
    }

    private static <B extends ProviderBuilder<B>> B configured(
            B builder, Environment environment, Consumer<ProviderBuilder<?>> configure) {
        builder.environment(environment);
        configure.accept(builder);
        return builder;
    }

    /** Fails at once when a provider that needs a key has none in {@code environment}. */
    private static void requireKeyOf(ProviderKind provider, String model, Environment environment) {
        switch (provider) {
            case OPENAI ->
                requireKey(
                        provider,
                        model,
                        environment,
                        OpenAi.BASE_URL_VARIABLE,
                        OpenAi.DEFAULT_BASE_URL,
                        OpenAi.API_KEY_VARIABLE);
            case GROQ ->
                requireKey(
                        provider,
                        model,
                        environment,
                        Groq.BASE_URL_VARIABLE,
                        Groq.DEFAULT_BASE_URL,
                        Groq.API_KEY_VARIABLE);
            case ONNX, OLLAMA -> {}
        }
    }

    private static void requireKey(
            ProviderKind provider,
            String model,
            Environment env,
            String baseUrlVariable,
            String defaultBaseUrl,
            String keyVariable) {
        String url = env.get(baseUrlVariable).orElse(defaultBaseUrl);
        if (env.get(keyVariable).isEmpty() && ProviderBuilder.needsKey(ProviderBuilder.normalizeUrl(url))) {
            throw new MissingKeyException(
                    provider.label(),
                    model,
                    keyVariable,
                    keyVariable + " is not set; export it or put it in .env, or choose provider ollama");
        }
    }
}
