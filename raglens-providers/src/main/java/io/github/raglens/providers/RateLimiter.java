package io.github.raglens.providers;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The client-side limits of one provider, base URL and model, shared by every client in the JVM
 * that talks to it: requests per minute, tokens per minute, an adaptive concurrency gate, and a
 * pause that a rate-limit reply imposes on every caller.
 *
 * <p>The request bucket holds one request, so calls are spaced {@code 60/rpm} seconds apart (paced
 * at 99 % of the limit, see {@link #PACING}) and any 60-second window sees at most {@code rpm}
 * requests. The token bucket holds one second's
 * tokens (at least the request at hand); a call reserves its estimated tokens and the estimate is
 * corrected when the real usage arrives. Thread-safe.
 */
final class RateLimiter {

    private static final Map<String, RateLimiter> SHARED = new ConcurrentHashMap<>();

    /**
     * Requests are paced at 99 % of the limit: a request delayed on its way (a new connection, a
     * busy network) must not let the next ones make the server count more than the limit in its
     * 60-second window.
     */
    static final double PACING = 0.99;

    private final String key;
    private final Ticker ticker;
    private final AdaptiveConcurrency concurrency;
    private volatile TokenBucket requests;
    private volatile TokenBucket tokens;
    private long pausedUntil;

    RateLimiter(String key, Limits limits, Ticker ticker) {
        this.key = key;
        this.ticker = ticker;
        this.concurrency = new AdaptiveConcurrency(limits.maxConcurrency());
        apply(limits);
    }

    /**
     * Limits of a client.
     *
     * @param requestsPerMinute 0 for no limit
     * @param tokensPerMinute 0 for no limit
     * @param maxConcurrency calls in flight at most, {@code >= 1}
     */
    public record Limits(int requestsPerMinute, long tokensPerMinute, int maxConcurrency) {
        /** Validates the values. */
        public Limits {
            if (requestsPerMinute < 0) {
                throw new IllegalArgumentException("requestsPerMinute must be >= 0, was " + requestsPerMinute);
            }
            if (tokensPerMinute < 0) {
                throw new IllegalArgumentException("tokensPerMinute must be >= 0, was " + tokensPerMinute);
            }
            if (maxConcurrency < 1) {
                throw new IllegalArgumentException("maxConcurrency must be >= 1, was " + maxConcurrency);
            }
        }
    }

    /**
     * The JVM-wide limiter for a key; the limits given last win.
     *
     * @param key provider, base URL and model
     * @param limits the limits to apply
     */
    public static RateLimiter shared(String key, Limits limits) {
        RateLimiter limiter = SHARED.computeIfAbsent(key, k -> new RateLimiter(k, limits, Ticker.SYSTEM));
        limiter.apply(limits);
        return limiter;
    }

    private synchronized void apply(Limits limits) {
        long now = ticker.nanoTime();
        TokenBucket r = requests;
        if (limits.requestsPerMinute() == 0) {
            requests = null;
        } else if (r == null || r.perMinute() != limits.requestsPerMinute() * PACING) {
            requests = new TokenBucket(limits.requestsPerMinute() * PACING, 1, now);
        }
        TokenBucket t = tokens;
        if (limits.tokensPerMinute() == 0) {
            tokens = null;
        } else if (t == null || t.perMinute() != limits.tokensPerMinute()) {
            tokens = new TokenBucket(limits.tokensPerMinute(), Math.max(1, limits.tokensPerMinute() / 60.0), now);
        }
        concurrency.setMax(limits.maxConcurrency());
    }

    /** A permit to send one request; release it when the reply (or failure) arrived. */
    public interface Permit extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Waits until a request of about {@code estimatedTokens} may be sent.
     *
     * @throws InterruptedException when interrupted while waiting
     */
    public Permit acquire(long estimatedTokens) throws InterruptedException {
        waitForPause();
        concurrency.acquire();
        try {
            long now = ticker.nanoTime();
            long wait = 0;
            TokenBucket r = requests;
            if (r != null) {
                wait = Math.max(wait, r.reserve(1, now));
            }
            TokenBucket t = tokens;
            if (t != null && estimatedTokens > 0) {
                wait = Math.max(wait, t.reserve(estimatedTokens, now));
            }
            ticker.sleepNanos(wait);
            waitForPause();
        } catch (InterruptedException | RuntimeException e) {
            concurrency.release();
            throw e;
        }
        return concurrency::release;
    }

    private void waitForPause() throws InterruptedException {
        while (true) {
            long until;
            synchronized (this) {
                until = pausedUntil;
            }
            long wait = until - ticker.nanoTime();
            if (wait <= 0) {
                return;
            }
            ticker.sleepNanos(wait);
        }
    }

    /** Corrects the token estimate of a finished call with its real usage. */
    public void settle(long estimatedTokens, long actualTokens) {
        TokenBucket t = tokens;
        if (t != null && actualTokens >= 0) {
            t.adjust(estimatedTokens - actualTokens, ticker.nanoTime());
        }
    }

    /** Records a successful reply (lets the concurrency limit grow back). */
    public void onSuccess() {
        concurrency.onSuccess();
    }

    /**
     * Records a rate-limit reply: halves the concurrency limit and pauses every caller for {@code
     * pauseNanos}.
     */
    public void onThrottled(long pauseNanos) {
        long now = ticker.nanoTime();
        concurrency.onThrottled(now);
        synchronized (this) {
            pausedUntil = Math.max(pausedUntil, now + pauseNanos);
        }
    }

    /** The current adaptive concurrency limit. */
    public int concurrencyLimit() {
        return concurrency.limit();
    }

    @Override
    public String toString() {
        return "RateLimiter[" + key + ", concurrency " + concurrency.limit() + "]";
    }

    /** Time and sleeping, replaceable in tests. */
    interface Ticker {
        Ticker SYSTEM = new Ticker() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public void sleepNanos(long nanos) throws InterruptedException {
                if (nanos > 0) {
                    Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
                }
            }
        };

        long nanoTime();

        void sleepNanos(long nanos) throws InterruptedException;
    }
}
