package io.github.raglens.providers;

/**
 * A token bucket that hands out reservations: each caller takes its permits at once (the level may
 * go below zero) and is told how long to wait until the level is back to zero, so concurrent
 * callers are spaced evenly at the refill rate. Thread-safe.
 */
final class TokenBucket {

    private final double perNano;
    private final double capacity;
    private double level;
    private long last;

    /**
     * @param perMinute refill rate
     * @param capacity the most permits stored while idle (the burst)
     * @param now the current time in nanoseconds
     */
    TokenBucket(double perMinute, double capacity, long now) {
        this.perNano = perMinute / 60e9;
        this.capacity = capacity;
        this.level = capacity;
        this.last = now;
    }

    /** Takes permits; returns the nanoseconds to wait before using them. */
    synchronized long reserve(double permits, long now) {
        refill(now);
        level -= permits;
        return level >= 0 ? 0 : (long) Math.ceil(-level / perNano);
    }

    /** Gives back permits that were reserved but not used (or takes more when negative). */
    synchronized void adjust(double permits, long now) {
        refill(now);
        level = Math.min(capacity, level + permits);
    }

    private void refill(long now) {
        if (now > last) {
            level = Math.min(capacity, level + (now - last) * perNano);
            last = now;
        }
    }

    /** The refill rate per minute. */
    double perMinute() {
        return perNano * 60e9;
    }
}
