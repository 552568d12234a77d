package io.github.raglens.benchmarks;

import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.providers.Environment;
import io.github.raglens.providers.OpenAi;
import io.github.raglens.providers.OpenAiChat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.Headers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Load on the provider client: many chat calls from many threads against a local server with a
 * fixed latency, under a client-side requests-per-minute limit. Reports whether the limit held
 * (the most requests the server saw in any 60-second window), whether every call completed, and
 * the run time against the time the limit allows.
 */
@Command(
        name = "llm-load",
        description = "Chat calls at high concurrency under an RPM limit against a local server with fixed latency.")
final class LlmLoadBenchmark implements Callable<Integer> {

    @Option(names = "--calls", defaultValue = "1000", description = "Chat calls in total (default ${DEFAULT-VALUE}).")
    int calls;

    @Option(names = "--concurrency", defaultValue = "32", description = "Caller threads (default ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(
            names = "--rpm",
            defaultValue = "600",
            description = "Client-side requests per minute (default ${DEFAULT-VALUE}).")
    int rpm;

    @Option(
            names = "--latency-ms",
            defaultValue = "200",
            description = "Server latency per call (default ${DEFAULT-VALUE}).")
    int latencyMs;

    private static final String REPLY = "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1741569952,"
            + "\"model\":\"load-test\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"ok\","
            + "\"refusal\":null},\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":1,"
            + "\"total_tokens\":13}}";

    @Override
    public Integer call() throws Exception {
        ConcurrentLinkedQueue<Long> arrivals = new ConcurrentLinkedQueue<>();
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    arrivals.add(System.nanoTime());
                    return new MockResponse.Builder()
                            .code(200)
                            .headers(Headers.of("Content-Type", "application/json"))
                            .body(REPLY)
                            .headersDelay(latencyMs, TimeUnit.MILLISECONDS)
                            .build();
                }
            });
            server.start();
            OpenAiChat client = OpenAi.chat("load-test")
                    .environment(Environment.of(Map.of()))
                    .baseUrl(server.url("/v1").toString())
                    .apiKey("sk-benchmark-not-a-key")
                    .requestsPerMinute(rpm)
                    .maxConcurrency(concurrency)
                    .build();
            ChatRequest request =
                    ChatRequest.builder().user("Say ok.").maxOutputTokens(5).build();
            // warm up class loading, JIT and the connection on another model (its own limiter), off the clock
            OpenAi.chat("warm-up")
                    .environment(Environment.of(Map.of()))
                    .baseUrl(server.url("/v1").toString())
                    .apiKey("sk-benchmark-not-a-key")
                    .build()
                    .chat(request);
            arrivals.clear();
            AtomicInteger next = new AtomicInteger();
            AtomicInteger completed = new AtomicInteger();
            AtomicInteger failed = new AtomicInteger();
            ExecutorService pool = Executors.newFixedThreadPool(concurrency);
            long t0 = System.nanoTime();
            for (int w = 0; w < concurrency; w++) {
                pool.submit(() -> {
                    while (next.getAndIncrement() < calls) {
                        try {
                            if (client.chat(request) instanceof ChatOutcome.Completed) {
                                int done = completed.incrementAndGet();
                                if (done % 100 == 0) {
                                    System.out.printf(
                                            "%d calls done after %.1f s%n", done, (System.nanoTime() - t0) / 1e9);
                                }
                            } else {
                                failed.incrementAndGet();
                            }
                        } catch (RuntimeException e) {
                            failed.incrementAndGet();
                            System.out.println("call failed: " + e.getMessage());
                        }
                    }
                });
            }
            pool.shutdown();
            if (!pool.awaitTermination(2, TimeUnit.HOURS)) {
                throw new IllegalStateException("load run did not finish in 2 hours");
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            List<Long> times = new ArrayList<>(arrivals);
            Collections.sort(times);
            if (!times.isEmpty()) {
                System.out.printf(
                        "first request after %.0f ms, last after %.1f s%n",
                        (times.get(0) - t0) / 1e6, (times.get(times.size() - 1) - t0) / 1e9);
            }
            int maxInWindow = maxInWindow(times, TimeUnit.SECONDS.toNanos(60));
            // one request may go at once, then one every 60/rpm seconds; the last answer comes a latency later
            double allowed = (calls - 1) * 60.0 / rpm + latencyMs / 1000.0;
            System.out.printf(
                    "%d calls, %d completed, %d failed, %d requests seen by the server, in %.1f s (the %d RPM limit "
                            + "allows %.1f s); most requests in any 60 s window: %d%n",
                    calls, completed.get(), failed.get(), times.size(), seconds, rpm, allowed, maxInWindow);
            new Figures("llm-load")
                    .put("calls", calls)
                    .put("concurrency", concurrency)
                    .put("rpmLimit", rpm)
                    .put("latencyMs", latencyMs)
                    .put("completed", completed.get())
                    .put("failed", failed.get())
                    .put("lost", calls - completed.get())
                    .put("serverRequests", times.size())
                    .put("maxRequestsIn60s", maxInWindow)
                    .put("seconds", seconds)
                    .put("allowedSeconds", allowed)
                    .put("secondsOverAllowedRatio", seconds / allowed)
                    .put("achievedRpm", times.size() / seconds * 60)
                    .print();
            return completed.get() == calls && maxInWindow <= rpm && seconds <= allowed * 1.10 ? 0 : 1;
        }
    }

    /** The most timestamps in any half-open window [t, t + window). */
    static int maxInWindow(List<Long> sorted, long window) {
        int best = 0;
        int j = 0;
        for (int i = 0; i < sorted.size(); i++) {
            while (sorted.get(i) - sorted.get(j) >= window) {
                j++;
            }
            best = Math.max(best, i - j + 1);
        }
        return best;
    }
}
