package io.github.raglens.error;

import java.io.Serial;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A call to a model provider that failed.
 *
 * <p>{@link #isRetryable()} tells whether the same call may succeed later (server errors,
 * timeouts, rate limits) or not (bad requests, authentication, unknown models).
 */
public class ProviderException extends RagLensException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final String provider;
    private final String model;
    private final int status;
    private final String requestId;
    private final boolean retryable;

    /**
     * Creates an exception.
     *
     * @param provider the provider, e.g. {@code openai}
     * @param model the model asked for
     * @param status the HTTP status, or 0 when no response arrived
     * @param requestId the provider's request id, or null
     * @param retryable whether a later attempt may succeed
     * @param message what happened and what to do; never a secret
     * @param cause the underlying failure, may be null
     */
    public ProviderException(
            String provider,
            String model,
            int status,
            String requestId,
            boolean retryable,
            String message,
            Throwable cause) {
        super(message, cause);
        this.provider = Objects.requireNonNull(provider, "provider");
        this.model = Objects.requireNonNull(model, "model");
        this.status = status;
        this.requestId = requestId;
        this.retryable = retryable;
    }

    /** The provider, e.g. {@code openai}. */
    public String provider() {
        return provider;
    }

    /** The model asked for. */
    public String model() {
        return model;
    }

    /** The HTTP status, empty when no response arrived. */
    public OptionalInt status() {
        return status > 0 ? OptionalInt.of(status) : OptionalInt.empty();
    }

    /** The provider's request id, when it sent one. */
    public Optional<String> requestId() {
        return Optional.ofNullable(requestId);
    }

    /** Whether the same call may succeed later. */
    public boolean isRetryable() {
        return retryable;
    }
}
