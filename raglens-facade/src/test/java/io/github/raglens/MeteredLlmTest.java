package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.report.ReportModel.UsageRow;
import io.github.raglens.spi.LlmProvider;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MeteredLlmTest {

    @TempDir
    Path dir;

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

    private LlmProvider counting(long prompt, long completion) {
        return new LlmProvider() {
            @Override
            public String modelName() {
                return "openai/gpt-4o-mini";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                calls.incrementAndGet();
                return new ChatOutcome.Completed("ok", new TokenUsage(prompt, completion));
            }
        };
    }

    @Test
    void unreachableFirstCall_failsEveryLaterCallAtOnce_withTheSameMessage() {
        MeteredLlm llm = new MeteredLlm(down(), "questions", new UsageLog(dir.resolve("u.json")), TokenPrice.FREE);
        assertThatThrownBy(() -> llm.chat(REQUEST))
                .isInstanceOf(ProviderUnreachableException.class)
                .hasMessageStartingWith("Ollama is not reachable at http://localhost:1");
        assertThatThrownBy(() -> llm.chat(REQUEST))
                .isInstanceOf(ProviderUnreachableException.class)
                .hasMessageStartingWith("Ollama is not reachable");
        assertThat(calls).hasValue(1);
    }

    @Test
    void usage_isSummedPerStageAndModel_andAddedToTheFileOnEverySave() {
        Path file = dir.resolve("usage.json");
        UsageLog log = new UsageLog(file);
        MeteredLlm llm = new MeteredLlm(counting(1_000_000, 500_000), "judge", log, TokenPrice.of(0.15, 0.60));
        llm.chat(REQUEST);
        llm.chat(REQUEST);
        log.save();
        new MeteredLlm(counting(10, 5), "judge", log, TokenPrice.of(0.15, 0.60)).chat(REQUEST);
        log.save();
        assertThat(UsageLog.read(file)).singleElement().satisfies(r -> {
            assertThat(r.stage()).isEqualTo("judge");
            assertThat(r.model()).isEqualTo("openai/gpt-4o-mini");
            assertThat(r.calls()).isEqualTo(3);
            assertThat(r.promptTokens()).isEqualTo(2_000_010);
            assertThat(r.completionTokens()).isEqualTo(1_000_005);
            assertThat(r.costUsd()).isCloseTo(0.30 + 0.60, org.assertj.core.data.Offset.offset(1e-4));
        });
        assertThat(UsageLog.read(dir.resolve("absent.json"))).isEmpty();
        assertThat(UsageRow.class).isNotNull();
    }
}
