package io.github.raglens.model;

import java.util.Arrays;

/**
 * Where a model runs: the local ONNX runtime or a provider's server. Options name a provider by its
 * {@link #label()}; {@link #parse(String)} is the one place that reads such a name. What each offers
 * and its default models are said here; the clients are in {@code raglens-providers} and {@code
 * raglens-onnx}.
 */
public enum ProviderKind {
    /** Embedding models run in-process by ONNX Runtime; no server, no key. */
    ONNX("onnx", null, "bge-small-en-v1.5"),
    /** An Ollama server (local by default). */
    OLLAMA("ollama", "llama3.2", "nomic-embed-text"),
    /** OpenAI, or any server speaking its API. */
    OPENAI("openai", "gpt-4o-mini", "text-embedding-3-small"),
    /** Groq's OpenAI-compatible chat API (no embeddings). */
    GROQ("groq", "llama-3.1-8b-instant", null);

    private final String label;
    private final String defaultChatModel;
    private final String defaultEmbeddingModel;

    ProviderKind(String label, String defaultChatModel, String defaultEmbeddingModel) {
        this.label = label;
        this.defaultChatModel = defaultChatModel;
        this.defaultEmbeddingModel = defaultEmbeddingModel;
    }

    /** The name in options and model names, e.g. {@code openai} in {@code openai/gpt-4o-mini}. */
    public String label() {
        return label;
    }

    /** Whether the provider serves chat models. */
    public boolean hasChat() {
        return defaultChatModel != null;
    }

    /** Whether the provider serves embedding models. */
    public boolean hasEmbeddings() {
        return defaultEmbeddingModel != null;
    }

    /**
     * The chat model used when none is named.
     *
     * @throws IllegalArgumentException for a provider without chat models, naming those with them
     */
    public String defaultChatModel() {
        requireChat();
        return defaultChatModel;
    }

    /**
     * The embedding model used when none is named.
     *
     * @throws IllegalArgumentException for a provider without embeddings, naming those with them
     */
    public String defaultEmbeddingModel() {
        requireEmbeddings();
        return defaultEmbeddingModel;
    }

    /**
     * Returns this provider when it serves chat models.
     *
     * @throws IllegalArgumentException otherwise, naming the providers that do
     */
    public ProviderKind requireChat() {
        if (!hasChat()) {
            throw new IllegalArgumentException("provider '" + label + "' has no chat models; choose "
                    + Labels.of(members(true), ProviderKind::label));
        }
        return this;
    }

    /**
     * Returns this provider when it serves embedding models.
     *
     * @throws IllegalArgumentException otherwise, naming the providers that do
     */
    public ProviderKind requireEmbeddings() {
        if (!hasEmbeddings()) {
            throw new IllegalArgumentException("no embedding model for provider '" + label + "'; choose "
                    + Labels.of(members(false), ProviderKind::label));
        }
        return this;
    }

    private static ProviderKind[] members(boolean chat) {
        return Arrays.stream(values())
                .filter(p -> chat ? p.hasChat() : p.hasEmbeddings())
                .toArray(ProviderKind[]::new);
    }

    /**
     * The provider of a {@link #label()}, case-insensitive.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static ProviderKind parse(String label) {
        return Labels.parse(values(), ProviderKind::label, label, "provider");
    }

    /** The label. */
    @Override
    public String toString() {
        return label;
    }
}
