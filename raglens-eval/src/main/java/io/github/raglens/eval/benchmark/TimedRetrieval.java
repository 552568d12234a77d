package io.github.raglens.eval.benchmark;

import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.error.RagLensException;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.result.BenchmarkResult.LatencyTiming;
import io.github.raglens.spi.Retriever;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Retrieves every question's top {@code k} with every retriever on a number of threads, timing each
 * call on its own, after untimed warm-up queries.
 *
 * <p>Question by question: every retriever answers a question before the next question is asked, so
 * that retrievers over one index share the searches they have in common (raglens's expanding
 * retrievers search through the same hybrid; {@code dense} and {@code hybrid} explore the same HNSW
 * graph) while the index still remembers them. A call's latency is its wall time, or the latency its
 * result reports when that is longer: a result that reused a search done for another retriever
 * reports that search's time, so every retriever's latency is what answering alone costs.
 */
final class TimedRetrieval {
    private static final Logger LOG = LoggerFactory.getLogger(TimedRetrieval.class);

    private final LatencyTiming timing;

    TimedRetrieval(LatencyTiming timing) {
        this.timing = timing;
    }

    /**
     * One retriever's answers: {@code results[qi]} and {@code nanos[qi]} per question, and the reasons
     * of failed calls with their counts.
     */
    record Answers(RetrievalResult[] results, long[] nanos, Map<String, Integer> failed) {}

    /**
     * Warms every retriever up (but those of {@code warmUp} false: a user's service is measured as it
     * is, and not sent extra queries), then answers every question with every retriever. A call that
     * fails with a {@link RagLensException} counts as returning nothing and its reason is counted; an
     * unreachable service stops the benchmark, since every further call would fail too.
     *
     * @return the answers of each retriever, in the order given
     */
    List<Answers> retrieveAll(List<Retriever> retrievers, List<BenchmarkQuestion> questions, int k, boolean[] warmUp) {
        for (int i = 0; i < timing.warmupQueries() && !questions.isEmpty(); i++) {
            String question = questions.get(i % questions.size()).sample().question();
            for (int r = 0; r < retrievers.size(); r++) {
                if (warmUp[r]) {
                    retrievers.get(r).retrieve(question, k);
                }
            }
        }
        List<Answers> answers = new ArrayList<>(retrievers.size());
        for (int r = 0; r < retrievers.size(); r++) {
            answers.add(new Answers(
                    new RetrievalResult[questions.size()], new long[questions.size()], new ConcurrentHashMap<>()));
        }
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            for (int qi = next.getAndIncrement(); qi < questions.size(); qi = next.getAndIncrement()) {
                String question = questions.get(qi).sample().question();
                for (int r = 0; r < retrievers.size(); r++) {
                    answer(retrievers.get(r), question, k, answers.get(r), qi);
                }
            }
        };
        int n = Math.min(timing.threads(), questions.size());
        if (n <= 1) {
            worker.run();
            return answers;
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
            throw new IllegalStateException("the benchmark was interrupted during retrieval", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
        return answers;
    }

    private static void answer(Retriever retriever, String question, int k, Answers into, int qi) {
        long start = System.nanoTime();
        RetrievalResult result;
        try {
            result = retriever.retrieve(question, k);
        } catch (ProviderUnreachableException e) {
            throw e;
        } catch (RagLensException e) {
            LOG.warn("{} failed on '{}': {}", retriever.name(), question, e.getMessage());
            into.failed().merge(e.getMessage(), 1, Integer::sum);
            result = new RetrievalResult(retriever.name(), question, List.of(), 0);
        }
        into.results()[qi] = result;
        into.nanos()[qi] = Math.max(System.nanoTime() - start, result.latencyNanos());
    }
}
