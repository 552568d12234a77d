package io.github.raglens.providers;

import java.time.Duration;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * How often and how long a failed call is retried.
 *
 * @param maxRetries retries after the first attempt
 * @param initialBackoff the wait before the first retry when the server gives no hint
 * @param maxBackoff the longest computed (hint-less) wait
 * @param maxWait the longest wait accepted at all; a server asking for more fails the call
 */
record RetryPolicy(int maxRetries, Duration initialBackoff, Duration maxBackoff, Duration maxWait) {

    /** Three retries, 0.5 s doubling to 8 s, at most 2 minutes of waiting for one retry. */
    public static final RetryPolicy DEFAULT =
            new RetryPolicy(3, Duration.ofMillis(500), Duration.ofSeconds(8), Duration.ofMinutes(2));

    /** Validates the values. */
    public RetryPolicy {
        Objects.requireNonNull(initialBackoff, "initialBackoff");
        Objects.requireNonNull(maxBackoff, "maxBackoff");
        Objects.requireNonNull(maxWait, "maxWait");
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must be >= 0, was " + maxRetries);
        }
        if (initialBackoff.isNegative() || maxBackoff.isNegative() || maxWait.isNegative()) {
            throw new IllegalArgumentException("retry durations must be >= 0");
        }
    }

    /**
     * The computed wait before retry number {@code retry} (0 for the first retry): {@code
     * initialBackoff * 2^retry}, capped at {@code maxBackoff}, times a jitter factor in [0.75, 1].
     */
    public Duration backoff(int retry, RandomGenerator random) {
        double base = initialBackoff.toNanos() * Math.pow(2, Math.min(retry, 30));
        double capped = Math.min(base, maxBackoff.toNanos());
        double jitter = 1.0 - 0.25 * random.nextDouble();
        return Duration.ofNanos((long) (capped * jitter));
    }
}
