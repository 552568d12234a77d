package io.github.raglens.providers;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A concurrency gate whose limit adapts (AIMD): it halves on a rate-limit reply (at most once per
 * second, so one burst of 429s counts once) and grows by one per {@code limit} successes back to
 * the configured maximum. Thread-safe; waiting is interruptible.
 */
final class AdaptiveConcurrency {

    private static final long DECREASE_SPACING = TimeUnit.SECONDS.toNanos(1);

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition freed = lock.newCondition();
    private volatile int max;
    private double limit;
    private int inFlight;
    private long lastDecrease = Long.MIN_VALUE / 2;

    AdaptiveConcurrency(int max) {
        this.max = max;
        this.limit = max;
    }

    void acquire() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (inFlight >= Math.max(1, (int) limit)) {
                freed.await();
            }
            inFlight++;
        } finally {
            lock.unlock();
        }
    }

    void release() {
        lock.lock();
        try {
            inFlight--;
            freed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    void onSuccess() {
        lock.lock();
        try {
            if (limit < max) {
                limit = Math.min(max, limit + 1.0 / Math.max(1.0, limit));
                freed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    void onThrottled(long now) {
        lock.lock();
        try {
            if (now - lastDecrease >= DECREASE_SPACING) {
                limit = Math.max(1.0, limit / 2);
                lastDecrease = now;
            }
        } finally {
            lock.unlock();
        }
    }

    void setMax(int newMax) {
        lock.lock();
        try {
            max = newMax;
            limit = Math.min(limit, newMax);
            if (limit < 1) {
                limit = 1;
            }
            freed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The current limit, rounded down. */
    int limit() {
        lock.lock();
        try {
            return Math.max(1, (int) limit);
        } finally {
            lock.unlock();
        }
    }

    int inFlight() {
        lock.lock();
        try {
            return inFlight;
        } finally {
            lock.unlock();
        }
    }
}
