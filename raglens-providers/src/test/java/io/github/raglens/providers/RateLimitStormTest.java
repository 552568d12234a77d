package io.github.raglens.providers;

import static io.github.raglens.providers.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;

/** A burst of 429s with retry-after on every request: all callers pause together, nothing is lost. */
class RateLimitStormTest {

    @Test
    void storm_everyCallCompletes_andCallersPauseTogether() throws Exception {
        AtomicInteger seen = new AtomicInteger();
        List<Long> okTimes = java.util.Collections.synchronizedList(new ArrayList<>());
        java.util.concurrent.atomic.AtomicLong firstAt = new java.util.concurrent.atomic.AtomicLong();
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    int n = seen.incrementAndGet();
                    if (n == 1) {
                        firstAt.set(System.nanoTime());
                    }
                    if (n <= 8) {
                        return json(
                                429,
                                "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\",\"code\":"
                                        + "\"rate_limit_exceeded\"}}",
                                "retry-after-ms",
                                "300");
                    }
                    okTimes.add(System.nanoTime() - firstAt.get());
                    return json(200, Fixtures.OPENAI_CHAT_VERBATIM);
                }
            });
            server.start();
            OpenAiChat client = OpenAi.chat("gpt-4o-mini")
                    .environment(Environment.of(Map.of()))
                    .baseUrl(server.url("/v1").toString())
                    .apiKey("sk-storm-test-123456")
                    .maxConcurrency(8)
                    .maxRetries(5)
                    .readTimeout(Duration.ofSeconds(5))
                    .build();
            ExecutorService pool = Executors.newFixedThreadPool(8);
            List<Future<ChatOutcome>> results = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                results.add(pool.submit(
                        () -> client.chat(ChatRequest.builder().user("hi").build())));
            }
            for (Future<ChatOutcome> f : results) {
                assertThat(f.get()).isInstanceOf(ChatOutcome.Completed.class);
            }
            pool.shutdown();
        }
        assertThat(okTimes).hasSize(16);
        // the first 429 asked for 300 ms; no caller got through before that pause
        assertThat(okTimes.stream().mapToLong(Long::longValue).min().orElseThrow() / 1_000_000)
                .isGreaterThanOrEqualTo(300);
        assertThat(seen.get()).isEqualTo(24);
    }
}
