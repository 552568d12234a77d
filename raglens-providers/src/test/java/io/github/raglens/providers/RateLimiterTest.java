package io.github.raglens.providers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RateLimiterTest {

    /** A clock that only moves when someone sleeps on it. */
    static final class FakeTicker implements RateLimiter.Ticker {
        long now;
        final List<Long> sleeps = new ArrayList<>();

        @Override
        public synchronized long nanoTime() {
            return now;
        }

        @Override
        public synchronized void sleepNanos(long nanos) {
            if (nanos > 0) {
                sleeps.add(nanos);
                now += nanos;
            }
        }
    }

    @Test
    void tokenBucket_spacesRequestsAtTheRate() {
        TokenBucket b = new TokenBucket(600, 1, 0);
        assertThat(b.reserve(1, 0)).isZero();
        assertThat(b.reserve(1, 0)).isEqualTo(TimeUnit.MILLISECONDS.toNanos(100));
        assertThat(b.reserve(1, 0)).isEqualTo(TimeUnit.MILLISECONDS.toNanos(200));
        // after an idle second, only one request is stored (no burst)
        TokenBucket idle = new TokenBucket(600, 1, 0);
        idle.reserve(1, 0);
        long t = TimeUnit.SECONDS.toNanos(10);
        assertThat(idle.reserve(1, t)).isZero();
        assertThat(idle.reserve(1, t)).isEqualTo(TimeUnit.MILLISECONDS.toNanos(100));
    }

    @Test
    void tokenBucket_adjust_refundsOverestimates() {
        TokenBucket b = new TokenBucket(6000, 100, 0);
        assertThat(b.reserve(100, 0)).isZero();
        assertThat(b.reserve(50, 0)).isEqualTo(TimeUnit.MILLISECONDS.toNanos(500));
        b.adjust(50, 0);
        assertThat(b.reserve(10, 0)).isEqualTo(TimeUnit.MILLISECONDS.toNanos(100));
    }

    @Test
    void requestsPerMinute_anySixtySecondWindowHoldsAtMostTheLimit() throws Exception {
        FakeTicker ticker = new FakeTicker();
        RateLimiter limiter = new RateLimiter("k", new RateLimiter.Limits(60, 0, 4), ticker);
        List<Long> sent = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            RateLimiter.Permit permit = limiter.acquire(0);
            sent.add(ticker.nanoTime());
            permit.close();
        }
        long window = TimeUnit.SECONDS.toNanos(60);
        int j = 0;
        for (int i = 0; i < sent.size(); i++) {
            while (sent.get(i) - sent.get(j) >= window) {
                j++;
            }
            assertThat(i - j + 1).isLessThanOrEqualTo(60);
        }
        // paced at 99 % of 60/min: one request every 60/59.4 s
        assertThat(sent.get(199) / 1e9).isCloseTo(199 * 60 / 59.4, org.assertj.core.api.Assertions.within(1e-6));
    }

    @Test
    void tokensPerMinute_delaysBigRequests() throws Exception {
        FakeTicker ticker = new FakeTicker();
        RateLimiter limiter = new RateLimiter("k", new RateLimiter.Limits(0, 6000, 4), ticker);
        limiter.acquire(100).close();
        limiter.acquire(1000).close();
        // 100 tokens stored, 1,000 needed: 900 more at 100/s
        assertThat(ticker.now).isEqualTo(TimeUnit.SECONDS.toNanos(10));
    }

    @Test
    void throttled_pausesEveryCaller_andHalvesConcurrency_thenRecovers() throws Exception {
        FakeTicker ticker = new FakeTicker();
        RateLimiter limiter = new RateLimiter("k", new RateLimiter.Limits(0, 0, 8), ticker);
        limiter.onThrottled(TimeUnit.SECONDS.toNanos(2));
        limiter.onThrottled(TimeUnit.SECONDS.toNanos(2)); // same burst: halves once
        assertThat(limiter.concurrencyLimit()).isEqualTo(4);
        limiter.acquire(0).close();
        assertThat(ticker.now).isEqualTo(TimeUnit.SECONDS.toNanos(2));
        ticker.sleepNanos(TimeUnit.SECONDS.toNanos(1));
        limiter.onThrottled(1);
        assertThat(limiter.concurrencyLimit()).isEqualTo(2);
        for (int i = 0; i < 100; i++) {
            limiter.onSuccess();
        }
        assertThat(limiter.concurrencyLimit()).isEqualTo(8);
    }

    @Test
    void concurrency_blocksBeyondTheLimit() throws Exception {
        RateLimiter limiter = new RateLimiter("k", new RateLimiter.Limits(0, 0, 1), RateLimiter.Ticker.SYSTEM);
        RateLimiter.Permit first = limiter.acquire(0);
        Thread t = new Thread(() -> {
            try {
                limiter.acquire(0).close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        t.start();
        t.join(200);
        assertThat(t.isAlive()).isTrue();
        first.close();
        t.join(2000);
        assertThat(t.isAlive()).isFalse();
    }

    @Test
    void shared_isOnePerKey() {
        RateLimiter a = RateLimiter.shared("test-shared openai x", new RateLimiter.Limits(0, 0, 3));
        RateLimiter b = RateLimiter.shared("test-shared openai x", new RateLimiter.Limits(0, 0, 3));
        RateLimiter c = RateLimiter.shared("test-shared openai y", new RateLimiter.Limits(0, 0, 3));
        assertThat(a).isSameAs(b).isNotSameAs(c);
    }
}
