package io.github.raglens.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs a list of tasks on the calling thread and up to {@code runs - 1} shared worker threads, each
 * thread taking the next task until none is left. The caller works too, so a single task (a lone
 * query) never waits for a hand-off. Thread-safe; {@link #close()} stops the workers.
 */
final class ParallelRuns implements AutoCloseable {

    private final int runs;
    private final ExecutorService workers;

    /** @param runs how many tasks run at once, at least 1 */
    ParallelRuns(int runs) {
        this.runs = runs;
        this.workers = runs > 1 ? Executors.newFixedThreadPool(runs - 1, ParallelRuns::worker) : null;
    }

    /**
     * Runs every task and returns when all have ended; the first failure is rethrown after the others
     * stop taking tasks.
     *
     * @throws IllegalStateException when interrupted while waiting for the workers
     */
    <T> void runAll(List<T> tasks, Consumer<T> task) {
        if (workers == null || tasks.size() == 1) {
            tasks.forEach(task);
            return;
        }
        AtomicInteger next = new AtomicInteger();
        Runnable drain = () -> {
            for (int i = next.getAndIncrement(); i < tasks.size(); i = next.getAndIncrement()) {
                task.accept(tasks.get(i));
            }
        };
        List<Future<?>> helpers = new ArrayList<>();
        for (int w = 0; w < Math.min(runs - 1, tasks.size() - 1); w++) {
            helpers.add(workers.submit(drain));
        }
        RuntimeException failure = null;
        try {
            drain.run();
        } catch (RuntimeException e) {
            failure = e;
            next.set(tasks.size());
        }
        for (Future<?> f : helpers) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while embedding", e);
            } catch (ExecutionException e) {
                if (failure == null) {
                    failure = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static Thread worker(Runnable r) {
        Thread t = new Thread(r, "raglens-onnx");
        t.setDaemon(true);
        return t;
    }

    /** Stops the workers at once. */
    @Override
    public void close() {
        if (workers != null) {
            workers.shutdownNow();
        }
    }
}
