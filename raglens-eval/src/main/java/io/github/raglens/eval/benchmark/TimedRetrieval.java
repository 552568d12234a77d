package io.github.raglens.eval.benchmark;

import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.error.RagLensException;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.result.LatencyTiming;
import io.github.raglens.spi.Retriever;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Retrieves every question's top {@code k} on a number of threads, timing each call on its own, after
 * untimed warm-up queries.
 */
final class TimedRetrieval {
    private static final Logger LOG = LoggerFactory.getLogger(TimedRetrieval.class);

    private final LatencyTiming timing;

    TimedRetrieval(LatencyTiming timing) {
        this.timing = timing;
    }

    /**
     * Warms the retriever up (unless {@code warmUp} is false: a user's service is measured as it is,
     * and not sent extra queries), then fills {@code results[qi]} and {@code nanos[qi]} for every
     * question. A call that fails with a {@link RagLensException} counts as returning nothing and its
     * reason is counted in {@code failed}; an unreachable service stops the benchmark, since every
     * further call would fail too.
     */
    void retrieveAll(
            Retriever retriever,
            List<BenchmarkQuestion> questions,
            int k,
            RetrievalResult[] results,
            long[] nanos,
            Map<String, Integer> failed,
            boolean warmUp) {
        for (int i = 0; warmUp && i < timing.warmupQueries() && !questions.isEmpty(); i++) {
            retriever.retrieve(questions.get(i % questions.size()).sample().question(), k);
        }
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            for (int qi = next.getAndIncrement(); qi < questions.size(); qi = next.getAndIncrement()) {
                String question = questions.get(qi).sample().question();
                long start = System.nanoTime();
                try {
                    results[qi] = retriever.retrieve(question, k);
                } catch (ProviderUnreachableException e) {
                    throw e;
                } catch (RagLensException e) {
                    LOG.warn("{} failed on '{}': {}", retriever.name(), question, e.getMessage());
                    failed.merge(e.getMessage(), 1, Integer::sum);
                    results[qi] = new RetrievalResult(retriever.name(), question, List.of(), 0);
                }
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
