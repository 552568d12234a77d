package io.github.raglens.eval.judge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class CallPermitsTest {

    private static Thread start(Runnable r) {
        return Thread.ofPlatform().daemon().start(r);
    }

    /** Waits until the thread is parked (waiting for a permit). */
    private static void awaitWaiting(Thread t) throws InterruptedException {
        while (t.getState() != Thread.State.WAITING) {
            Thread.sleep(1);
        }
    }

    @Test
    void release_handsThePermitToCallsThatComeFirst_beforeEarlierOtherCalls_eachInArrivalOrder() throws Exception {
        CallPermits permits = new CallPermits(1);
        permits.acquire();
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (String name : List.of("judge-1", "answer-1", "judge-2", "answer-2")) {
            Thread t = start(() -> {
                if (name.startsWith("answer")) {
                    permits.acquireFirst();
                } else {
                    permits.acquire();
                }
                order.add(name);
                permits.release();
            });
            awaitWaiting(t);
            threads.add(t);
        }
        permits.release();
        for (Thread t : threads) {
            t.join();
        }
        assertThat(order).containsExactly("answer-1", "answer-2", "judge-1", "judge-2");
        assertThat(permits.flow().inFlight()).isZero();
        assertThat(permits.flow().completed()).isEqualTo(5);
    }

    @Test
    void acquire_interruptedWhileWaiting_stopsTheCallAndLeavesThePermitsWhole() throws Exception {
        CallPermits permits = new CallPermits(1);
        permits.acquire();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread waiting = start(() -> {
            try {
                permits.acquire();
            } catch (RunStopped e) {
                thrown.set(e);
            }
        });
        awaitWaiting(waiting);
        waiting.interrupt();
        waiting.join();
        assertThat(thrown.get()).isInstanceOf(RunStopped.class).hasMessage("interrupted");
        permits.release();
        permits.acquireFirst(); // the one permit is free again, not lost to the interrupted call
        assertThat(permits.flow().inFlight()).isEqualTo(1);
    }

    @Test
    void acquire_manyCallsOfBothKinds_neverMoreInFlightThanTheLimit() throws Exception {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random random = new Random(seed);
        for (int round = 0; round < 5; round++) {
            int limit = 1 + random.nextInt(4);
            CallPermits permits = new CallPermits(limit);
            AtomicInteger inside = new AtomicInteger();
            AtomicInteger most = new AtomicInteger();
            List<Thread> threads = new ArrayList<>();
            int calls = 20 + random.nextInt(40);
            for (int i = 0; i < calls; i++) {
                boolean first = random.nextBoolean();
                threads.add(Thread.ofVirtual().start(() -> {
                    if (first) {
                        permits.acquireFirst();
                    } else {
                        permits.acquire();
                    }
                    most.accumulateAndGet(inside.incrementAndGet(), Math::max);
                    Thread.yield();
                    inside.decrementAndGet();
                    permits.release();
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            assertThat(most.get()).as("seed %d, limit %d", seed, limit).isBetween(1, limit);
            assertThat(permits.flow().completed()).as("seed %d", seed).isEqualTo(calls);
        }
    }
}
