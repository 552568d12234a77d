package io.github.raglens.facade.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.ServerContact;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FirstCallGateTest {

    private static final ChatRequest REQUEST =
            ChatRequest.builder().message(ChatMessage.user("hi")).build();

    /** A thread per call: the common pool may have a single worker, which a blocked first call holds. */
    private static final Executor VIRTUAL = r -> Thread.ofVirtual().start(r);

    private final AtomicInteger calls = new AtomicInteger();

    private LlmProvider down() {
        return new LlmProvider() {
            @Override
            public String modelName() {
                return "ollama/llama3.2";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                calls.incrementAndGet();
                throw new ProviderUnreachableException(
                        "ollama",
                        "llama3.2",
                        "Ollama is not reachable at http://localhost:1; start it with `ollama serve`, or choose"
                                + " RagLens.Builder.llm(OpenAi.chat(model))",
                        null);
            }
        };
    }

    @Test
    void unreachableFirstCall_failsEveryLaterCallAtOnce_withTheSameMessage() {
        FirstCallGate llm = new FirstCallGate(down());
        assertThatThrownBy(() -> llm.chat(REQUEST))
                .isInstanceOf(ProviderUnreachableException.class)
                .hasMessageStartingWith("Ollama is not reachable at http://localhost:1");
        assertThatThrownBy(() -> llm.chat(REQUEST))
                .isInstanceOf(ProviderUnreachableException.class)
                .hasMessageStartingWith("Ollama is not reachable");
        assertThat(calls).hasValue(1);
    }

    @Test
    void reachableFirstCall_letsEveryLaterCallThrough() {
        FirstCallGate llm = new FirstCallGate(new LlmProvider() {
            @Override
            public String modelName() {
                return "openai/gpt-4o-mini";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                return new ChatOutcome.Completed("ok " + calls.incrementAndGet(), TokenUsage.NONE);
            }
        });
        assertThat(llm.chat(REQUEST)).isEqualTo(new ChatOutcome.Completed("ok 1", TokenUsage.NONE));
        assertThat(llm.chat(REQUEST)).isEqualTo(new ChatOutcome.Completed("ok 2", TokenUsage.NONE));
        assertThat(llm.modelName()).isEqualTo("openai/gpt-4o-mini");
    }

    /** A model whose server is up: reached as soon as a call starts, replying once released. */
    private static final class SlowServer implements LlmProvider, ServerContact {
        final CompletableFuture<Void> reached = new CompletableFuture<>();
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger maxInFlight = new AtomicInteger();

        @Override
        public String modelName() {
            return "openai/gpt-4o-mini";
        }

        @Override
        public CompletionStage<Void> reached() {
            return reached;
        }

        @Override
        public ChatOutcome chat(ChatRequest request) {
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            reached.complete(null);
            try {
                release.await(10, TimeUnit.SECONDS);
                return new ChatOutcome.Completed("ok", TokenUsage.NONE);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            } finally {
                inFlight.decrementAndGet();
            }
        }
    }

    @Test
    void aServerKnownReached_letsTheWaitingCallsGo_beforeTheFirstReply() throws Exception {
        SlowServer server = new SlowServer();
        FirstCallGate llm = new FirstCallGate(server);

        CompletableFuture<ChatOutcome> first = CompletableFuture.supplyAsync(() -> llm.chat(REQUEST), VIRTUAL);
        server.reached.get(5, TimeUnit.SECONDS);
        CompletableFuture<ChatOutcome> second = CompletableFuture.supplyAsync(() -> llm.chat(REQUEST), VIRTUAL);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (server.inFlight.get() < 2 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(server.maxInFlight)
                .as("the second call is sent while the first awaits its reply")
                .hasValue(2);
        server.release.countDown();
        assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo(new ChatOutcome.Completed("ok", TokenUsage.NONE));
        assertThat(second.get(5, TimeUnit.SECONDS)).isEqualTo(new ChatOutcome.Completed("ok", TokenUsage.NONE));
    }

    @Test
    void aServerNotYetReached_holdsTheWaitingCalls_untilTheFirstReply() throws Exception {
        SlowServer server = new SlowServer();
        LlmProvider neverSaysReached = new LlmProvider() {
            @Override
            public String modelName() {
                return server.modelName();
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                return server.chat(request);
            }
        };
        FirstCallGate llm = new FirstCallGate(neverSaysReached);

        CompletableFuture<ChatOutcome> first = CompletableFuture.supplyAsync(() -> llm.chat(REQUEST), VIRTUAL);
        server.reached.get(5, TimeUnit.SECONDS);
        CompletableFuture<ChatOutcome> second = CompletableFuture.supplyAsync(() -> llm.chat(REQUEST), VIRTUAL);
        Thread.sleep(200);
        assertThat(server.inFlight)
                .as("the second call waits for the first reply")
                .hasValue(1);
        server.release.countDown();
        assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo(new ChatOutcome.Completed("ok", TokenUsage.NONE));
        assertThat(second.get(5, TimeUnit.SECONDS)).isEqualTo(new ChatOutcome.Completed("ok", TokenUsage.NONE));
        assertThat(server.maxInFlight).hasValue(1);
    }
}
