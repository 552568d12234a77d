package io.github.raglens.eval.judge;

import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Which model calls may go out: at most {@code concurrency} at once (fairly, in arrival order), and
 * none once the run is stopped (budget spent, fatal provider error, interrupt). Counts the calls in
 * flight and the permit-time they held, for the achieved rate against the one the limit allows.
 * Thread-safe.
 */
public final class CallPermits {

    private final int concurrency;
    private final Semaphore permits;
    private final AtomicReference<String> stopped = new AtomicReference<>();
    private final long createdNanos = System.nanoTime();
    // guarded by this: calls in flight, and their integral over time since the last change
    private int inFlight;
    private long completed;
    private long lastChangeNanos = createdNanos;
    private double busyNanos;

    public CallPermits(int concurrency) {
        this.concurrency = concurrency;
        this.permits = new Semaphore(concurrency, true);
    }

    int concurrency() {
        return concurrency;
    }

    /**
     * Waits for a permit; {@link #release} it when the call is done.
     *
     * @throws RunStopped when the run is stopped, before or while waiting
     */
    public void acquire() {
        checkRunning();
        try {
            permits.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunStopped("interrupted");
        }
        change(+1);
    }

    public void release() {
        change(-1);
        permits.release();
    }

    private synchronized void change(int delta) {
        long now = System.nanoTime();
        busyNanos += (double) inFlight * (now - lastChangeNanos);
        lastChangeNanos = now;
        inFlight += delta;
        if (delta < 0) {
            completed++;
        }
    }

    /** Calls in flight now, calls completed, and the rates they came to since the permits were made. */
    public synchronized Flow flow() {
        long now = System.nanoTime();
        double busy = busyNanos + (double) inFlight * (now - lastChangeNanos);
        double seconds = Math.max(1e-9, (now - createdNanos) / 1e9);
        double meanCallSeconds = completed == 0 ? 0 : busy / 1e9 / completed;
        return new Flow(
                inFlight,
                concurrency,
                completed,
                completed / seconds,
                meanCallSeconds == 0 ? 0 : concurrency / meanCallSeconds);
    }

    /**
     * The calls of a run at one moment.
     *
     * @param inFlight calls holding a permit now
     * @param concurrency the permits
     * @param completed calls done so far
     * @param callsPerSecond completed calls per second since the run began
     * @param limitPerSecond the rate the permits allow at the mean time a call held its permit: the
     *     achieved rate's ceiling (0 before the first call completed)
     */
    public record Flow(int inFlight, int concurrency, long completed, double callsPerSecond, double limitPerSecond) {}

    /** Stops new calls for the rest of the run; the first reason is kept. Calls in flight finish. */
    void stop(String reason) {
        stopped.compareAndSet(null, reason);
    }

    /** Throws {@link RunStopped} when the run is stopped. */
    void checkRunning() {
        String why = stopped.get();
        if (why != null) {
            throw new RunStopped(why);
        }
    }

    Optional<String> stopReason() {
        return Optional.ofNullable(stopped.get());
    }
}
