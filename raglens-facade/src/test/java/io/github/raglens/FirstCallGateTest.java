package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FirstCallGateTest {

    private static final ChatRequest REQUEST =
            ChatRequest.builder().message(ChatMessage.user("hi")).build();

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
                                + " --llm-provider openai",
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
}
