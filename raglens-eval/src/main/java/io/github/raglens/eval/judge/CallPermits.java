package io.github.raglens.eval.judge;

import java.util.ArrayDeque;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Which model calls may go out: at most {@code concurrency} at once, and none once the run is stopped
 * (budget spent, fatal provider error, interrupt). A freed permit goes to the longest-waiting call
 * that {@link #acquireFirst() comes first} (an answer: every judge call of its cell waits for it),
 * else to the longest-waiting other call. Counts the calls in flight and the permit-time they held,
 * for the achieved rate against the one the limit allows. Thread-safe.
 */
public final class CallPermits {

    private final int concurrency;
    private final AtomicReference<String> stopped = new AtomicReference<>();
    private final long createdNanos = System.nanoTime();
    private final ReentrantLock handOff = new ReentrantLock();
    // guarded by handOff: permits nobody holds (only while no call waits), and the waiting calls
    private int free;
    private final ArrayDeque<Waiter> first = new ArrayDeque<>();
    private final ArrayDeque<Waiter> others = new ArrayDeque<>();
    // guarded by this: calls in flight, and their integral over time since the last change
    private int inFlight;
    private long completed;
    private long lastChangeNanos = createdNanos;
    private double busyNanos;

    /** A call waiting for a permit; {@code granted} once a release handed it one. */
    private static final class Waiter {
        final Condition woken;
        boolean granted;

        Waiter(Condition woken) {
            this.woken = woken;
        }
    }

    public CallPermits(int concurrency) {
        this.concurrency = concurrency;
        this.free = concurrency;
    }

    int concurrency() {
        return concurrency;
    }

    /**
     * Waits for a permit, after every call that comes first; {@link #release} it when the call is
     * done.
     *
     * @throws RunStopped when the run is stopped, before or while waiting
     */
    public void acquire() {
        acquire(others);
    }

    /**
     * Waits for a permit ahead of every call that waits with {@link #acquire()}: for a call others
     * wait for (an answer, whose cell's judge calls all need it); {@link #release} it when done.
     *
     * @throws RunStopped when the run is stopped, before or while waiting
     */
    public void acquireFirst() {
        acquire(first);
    }

    private void acquire(ArrayDeque<Waiter> queue) {
        checkRunning();
        handOff.lock();
        try {
            if (free > 0) {
                free--;
            } else {
                Waiter me = new Waiter(handOff.newCondition());
                queue.add(me);
                while (!me.granted) {
                    try {
                        me.woken.await();
                    } catch (InterruptedException e) {
                        if (me.granted) {
                            passOn();
                        } else {
                            queue.remove(me);
                        }
                        Thread.currentThread().interrupt();
                        throw new RunStopped("interrupted");
                    }
                }
            }
        } finally {
            handOff.unlock();
        }
        change(+1);
    }

    public void release() {
        change(-1);
        handOff.lock();
        try {
            passOn();
        } finally {
            handOff.unlock();
        }
    }

    /** Hands a permit to the next waiting call, first ones first; frees it when none waits. */
    private void passOn() {
        Waiter next = first.isEmpty() ? others.poll() : first.poll();
        if (next == null) {
            free++;
        } else {
            next.granted = true;
            next.woken.signal();
        }
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
