package io.github.raglens.spi;

import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;

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
}
