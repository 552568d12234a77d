package io.github.raglens.error;

import java.io.Serial;
import java.time.Duration;
import java.util.Optional;

/** A call refused by the provider's rate limit (HTTP 429), after the retries allowed. */
public class RateLimitedException extends ProviderException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final Duration retryAfter;

    /**
     * Creates an exception.
     *
     * @param provider the provider
     * @param model the model asked for
     * @param requestId the provider's request id, or null
     * @param retryable false when the quota is exhausted rather than the rate exceeded
     * @param retryAfter how long the provider asked to wait, or null when it did not say
     * @param message what happened and what to do
     */
    public RateLimitedException(
            String provider, String model, String requestId, boolean retryable, Duration retryAfter, String message) {
        super(provider, model, 429, requestId, retryable, message, null);
        this.retryAfter = retryAfter;
    }

    /** How long the provider asked to wait, when it said. */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
