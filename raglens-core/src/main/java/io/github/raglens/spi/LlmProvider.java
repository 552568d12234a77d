package io.github.raglens.spi;

import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import java.util.Optional;

/**
 * A chat model.
 *
 * <p>Implementations must be thread-safe; callers send many requests at once and rely on the
 * provider to respect its rate limits.
 */
public interface LlmProvider {

    /** The provider and model, e.g. {@code ollama/llama3.2}; recorded with every score. */
    String modelName();

    /**
     * Sends one request and waits for the reply.
     *
     * @param request the request
     * @return the reply, or why an arrived reply cannot be used
     * @throws io.github.raglens.error.ProviderException when no reply could be obtained (after any
     *     retries); {@link io.github.raglens.error.ProviderException#isRetryable()} tells whether a
     *     later attempt may succeed
     */
    ChatOutcome chat(ChatRequest request);

    /**
     * What the server says the model is, when it says: for Ollama the digest of the pulled model, for
     * OpenAI the {@code model} field of the latest reply (a dated snapshot such as {@code
     * gpt-4o-mini-2024-07-18}). A re-pulled or re-pointed model has another, so replies cached from the
     * old one are not taken for its own. The default is empty: nothing is known beyond {@link
     * #modelName()}. Thread-safe; may ask the server once, and is empty when it cannot say.
     *
     * @return the served model's identity, or empty when unknown
     */
    default Optional<String> servedModel() {
        return Optional.empty();
    }
}
