package io.github.raglens.providers;

import io.github.raglens.usage.UsageLedger;
import java.time.Duration;
import java.util.Objects;

/**
 * The resolved settings of one client. Immutable; {@link #toString()} never shows the key.
 *
 * @param provider {@code ollama}, {@code openai} or {@code groq}
 * @param model the model name as the provider knows it
 * @param baseUrl the base URL without a trailing slash
 * @param apiKey the key, or null when the server needs none
 * @param connectTimeout TCP connect timeout
 * @param readTimeout longest silence while waiting for or reading the reply
 * @param callTimeout hard ceiling of one attempt
 * @param retry retry policy
 * @param limits client-side limits
 * @param ledger where usage is recorded, or null when the client counts nothing
 * @param stage the stage recorded with usage
 */
record ClientConfig(
        String provider,
        String model,
        String baseUrl,
        Secret apiKey,
        Duration connectTimeout,
        Duration readTimeout,
        Duration callTimeout,
        RetryPolicy retry,
        RateLimiter.Limits limits,
        UsageLedger ledger,
        String stage) {

    /** Validates that required fields are present. */
    public ClientConfig {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(readTimeout, "readTimeout");
        Objects.requireNonNull(callTimeout, "callTimeout");
        Objects.requireNonNull(retry, "retry");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(stage, "stage");
    }

    /** {@code provider/model}. */
    public String modelName() {
        return provider + "/" + model;
    }

    /** The key of the JVM-wide rate limiter: provider, base URL and model. */
    public String limiterKey() {
        return provider + " " + baseUrl + " " + model;
    }

    @Override
    public String toString() {
        return "provider=" + provider + ", model=" + model + ", baseUrl=" + baseUrl + ", apiKey="
                + (apiKey == null ? "(none)" : "***") + ", connectTimeout=" + connectTimeout + ", readTimeout="
                + readTimeout + ", callTimeout=" + callTimeout + ", maxRetries=" + retry.maxRetries()
                + ", maxRetryWait=" + retry.maxWait() + ", requestsPerMinute=" + limits.requestsPerMinute()
                + ", tokensPerMinute=" + limits.tokensPerMinute() + ", maxConcurrency=" + limits.maxConcurrency()
                + ", stage=" + stage;
    }
}
