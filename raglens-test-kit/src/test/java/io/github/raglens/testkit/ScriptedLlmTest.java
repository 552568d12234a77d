package io.github.raglens.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The scripted model keeps the LLM contract, answers by its rules in order and records every request. */
class ScriptedLlmTest implements LlmProviderContract {

    private static final ResponseSchema VERDICTS = new ResponseSchema("verdicts", "{\"type\":\"object\"}");

    @Override
    public LlmProvider provider() {
        return ScriptedLlm.of("fake/contract").otherwise(request -> "hello");
    }

    private static ChatRequest request(String user, ResponseSchema schema) {
        ChatRequest.Builder b = ChatRequest.builder().system("Be brief.").user(user);
        return schema == null ? b.build() : b.schema(schema).build();
    }

    private static String text(ChatOutcome outcome) {
        return ((ChatOutcome.Completed) outcome).text();
    }

    @Test
    void chat_theFirstMatchingRuleAnswers_bySchemaAndPromptText_elseTheFallback() {
        ScriptedLlm llm = ScriptedLlm.of("fake/judge")
                .on("verdicts", "CONTEXT: a", "{\"a\":1}")
                .on("verdicts", "CONTEXT:", "{\"any\":1}")
                .on("", "CONTEXT: a", "plain")
                .otherwise(request -> "fallback");

        assertThat(text(llm.chat(request("CONTEXT: a", VERDICTS)))).isEqualTo("{\"a\":1}");
        assertThat(text(llm.chat(request("CONTEXT: b", VERDICTS)))).isEqualTo("{\"any\":1}");
        assertThat(text(llm.chat(request("CONTEXT: a", null)))).isEqualTo("plain");
        assertThat(text(llm.chat(request("QUESTION: c", null)))).isEqualTo("fallback");
        assertThat(llm.calls()).isEqualTo(4);
        assertThat(llm.calls("verdicts")).isEqualTo(2);
        assertThat(llm.requests())
                .extracting(ScriptedLlm::prompt)
                .containsExactly("CONTEXT: a", "CONTEXT: b", "CONTEXT: a", "QUESTION: c");
    }

    @Test
    void chat_anUnscriptedRequest_failsTheTestShowingSchemaAndPrompt() {
        ScriptedLlm llm = ScriptedLlm.of("fake/judge").on("verdicts", "CONTEXT:", "{}");

        assertThatThrownBy(() -> llm.chat(request("QUESTION: why?", null)))
                .isInstanceOf(AssertionError.class)
                .hasMessage("unscripted request to fake/judge (schema ''):\nQUESTION: why?");
        assertThat(llm.calls()).isEqualTo(1);
    }

    @Test
    void chat_aRuleMayAnswerWithAnyOutcome() {
        ChatOutcome refused = new ChatOutcome.Failed(ChatOutcome.Reason.REFUSAL, "no", new TokenUsage(1, 0));
        ScriptedLlm llm = ScriptedLlm.of("fake/judge").on("", "", request -> refused);

        assertThat(llm.chat(request("anything", null))).isEqualTo(refused);
    }

    @Test
    void maxInFlight_countsOverlappingCalls_whileEachReplyIsDelayed() throws Exception {
        ScriptedLlm llm = ScriptedLlm.of("fake/slow").otherwise(r -> "ok").delay(Duration.ofMillis(50));
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<ChatOutcome>> futures = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                futures.add(pool.submit(() -> llm.chat(request("q", null))));
            }
            for (Future<ChatOutcome> f : futures) {
                assertThat(text(f.get())).isEqualTo("ok");
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(llm.maxInFlight()).isBetween(2, 3);
    }

    @Test
    void of_aBlankName_orANegativeDelay_isRejected() {
        assertThatThrownBy(() -> ScriptedLlm.of(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("modelName must not be blank");
        assertThatThrownBy(() -> ScriptedLlm.of("m").delay(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("delay must not be negative, was PT-0.001S");
    }
}
