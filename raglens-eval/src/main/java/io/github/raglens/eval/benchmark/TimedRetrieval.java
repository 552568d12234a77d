package io.github.raglens.eval.benchmark;

import io.github.raglens.model.RetrievalResult;
import io.github.raglens.spi.Retriever;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Retrieves every question's top {@code k} on a number of threads, timing each call on its own, after
 * untimed warm-up queries.
 */
final class TimedRetrieval {
    private final LatencyTiming timing;

    TimedRetrieval(LatencyTiming timing) {
        this.timing = timing;
    }

    /** Warms the retriever up, then fills {@code results[qi]} and {@code nanos[qi]} for every question. */
    void retrieveAll(
            Retriever retriever, List<BenchmarkQuestion> questions, int k, RetrievalResult[] results, long[] nanos) {
        for (int i = 0; i < timing.warmupQueries() && !questions.isEmpty(); i++) {
            retriever.retrieve(questions.get(i % questions.size()).sample().question(), k);
        }
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            for (int qi = next.getAndIncrement(); qi < questions.size(); qi = next.getAndIncrement()) {
                long start = System.nanoTime();
                results[qi] = retriever.retrieve(questions.get(qi).sample().question(), k);
                nanos[qi] = System.nanoTime() - start;
            }
        };
        int n = Math.min(timing.threads(), questions.size());
        if (n <= 1) {
            worker.run();
            return;
        }
        try (ExecutorService pool = Executors.newFixedThreadPool(n)) {
            List<Future<?>> running = new ArrayList<>(n);
            for (int t = 0; t < n; t++) {
                running.add(pool.submit(worker));
            }
            for (Future<?> f : running) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the benchmark was interrupted during retrieval by " + retriever.name(), e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
