package io.github.raglens.eval.judge;

import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Which judge calls may go out: at most {@code concurrency} at once (fairly, in arrival order), and
 * none once the run is stopped (budget spent, fatal provider error, interrupt). Thread-safe.
 */
final class CallPermits {

    private final int concurrency;
    private final Semaphore permits;
    private final AtomicReference<String> stopped = new AtomicReference<>();

    CallPermits(int concurrency) {
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
    void acquire() {
        checkRunning();
        try {
            permits.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunStopped("interrupted");
        }
    }

    void release() {
        permits.release();
    }

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
