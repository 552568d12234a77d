package io.github.raglens.facade.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LiveRouteTest {

    private static final ChatRequest REQUEST =
            ChatRequest.builder().message(ChatMessage.user("hi")).build();

    private static LlmProvider down(AtomicInteger calls) {
        return new LlmProvider() {
            @Override
            public String modelName() {
                return "ollama/llama3.2";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                calls.incrementAndGet();
                throw new ProviderUnreachableException(
                        "ollama", "llama3.2", "Ollama is not reachable at http://localhost:1", null);
            }
        };
    }

    @Test
    void aModelThatAnswersAndJudges_isGatedOnce_soTheJudgeSendsNothingToAServerFoundDown() {
        AtomicInteger calls = new AtomicInteger();
        LlmProvider model = down(calls);
        CallRoute route = CallRoute.live();
        LlmProvider answering = route.route(model);
        LlmProvider judging = route.route(model);

        assertThatThrownBy(() -> answering.chat(REQUEST)).isInstanceOf(ProviderUnreachableException.class);
        assertThatThrownBy(() -> judging.chat(REQUEST))
                .isInstanceOf(ProviderUnreachableException.class)
                .hasMessage("Ollama is not reachable at http://localhost:1");
        assertThat(calls).hasValue(1);
    }

    @Test
    void theJudgesFirstCall_doesNotWait_onceTheAnswersFirstCallCameBack() throws InterruptedException {
        CountDownLatch firstReleased = new CountDownLatch(1);
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger maxInFlight = new AtomicInteger();
        AtomicInteger calls = new AtomicInteger();
        LlmProvider model = new LlmProvider() {
            @Override
            public String modelName() {
                return "openai/gpt-4o-mini";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                try {
                    if (calls.incrementAndGet() == 1) {
                        firstReleased.await(10, TimeUnit.SECONDS);
                    }
                    return new ChatOutcome.Completed("ok", TokenUsage.NONE);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                } finally {
                    inFlight.decrementAndGet();
                }
            }
        };
        CallRoute route = CallRoute.live();
        LlmProvider answering = route.route(model);
        LlmProvider judging = route.route(model);

        Thread first = Thread.ofVirtual().start(() -> answering.chat(REQUEST));
        while (calls.get() == 0) {
            Thread.onSpinWait();
        }
        Thread judge = Thread.ofVirtual().start(() -> judging.chat(REQUEST));
        judge.join(200);
        assertThat(judge.isAlive())
                .as("the judge's call waits for the run's first call")
                .isTrue();
        firstReleased.countDown();
        first.join(5_000);
        judge.join(5_000);

        assertThat(calls).hasValue(2);
        assertThat(maxInFlight).as("the first call went alone").hasValue(1);
        // Once the gate is open, neither stage waits: both calls go out at once.
        assertThat(judging.chat(REQUEST)).isEqualTo(new ChatOutcome.Completed("ok", TokenUsage.NONE));
        assertThat(answering.chat(REQUEST)).isEqualTo(new ChatOutcome.Completed("ok", TokenUsage.NONE));
    }

    @Test
    void distinctModels_eachLetTheirOwnFirstCallGoAlone() {
        AtomicInteger downCalls = new AtomicInteger();
        CallRoute route = CallRoute.live();
        LlmProvider answering = route.route(down(downCalls));
        LlmProvider judging = route.route(new LlmProvider() {
            @Override
            public String modelName() {
                return "openai/gpt-4o-mini";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                return new ChatOutcome.Completed("ok", TokenUsage.NONE);
            }
        });

        assertThatThrownBy(() -> answering.chat(REQUEST)).isInstanceOf(ProviderUnreachableException.class);
        assertThat(judging.chat(REQUEST)).isEqualTo(new ChatOutcome.Completed("ok", TokenUsage.NONE));
        assertThat(downCalls).hasValue(1);
    }
}
