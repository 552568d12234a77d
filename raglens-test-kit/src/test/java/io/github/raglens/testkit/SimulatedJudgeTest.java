package io.github.raglens.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.spi.LlmProvider;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The simulated judge keeps the LLM contract and answers each judge prompt the same way every time. */
class SimulatedJudgeTest implements LlmProviderContract {

    @Override
    public LlmProvider provider() {
        return SimulatedJudge.of();
    }

    @Test
    void reply_statementsAreTheSentencesOfTheText_noneForDontKnow() {
        assertThat(SimulatedJudge.reply("statements", "ANSWER:\nTEXT:\nTides rise. Turbines turn.\n\nReply as JSON"))
                .isEqualTo("{\"statements\":[\"Tides rise\",\"Turbines turn.\"]}");
        assertThat(SimulatedJudge.reply("statements", "TEXT:\nI don't know.\n\nReply as JSON"))
                .isEqualTo("{\"statements\":[]}");
    }

    @Test
    void reply_oneVerdictPerNumberedItem_independentOfTheOtherItems() {
        String both = SimulatedJudge.reply("verdicts", "CONTEXT:\nc\n[1] first\n[2] second\n");
        String alone = SimulatedJudge.reply("verdicts", "CONTEXT:\nc\n[1] second\n");
        assertThat(both).matches("\\{\"verdicts\":\\[\\{\"index\":1,.*\\},\\{\"index\":2,.*\\}]}");
        String second = both.substring(both.indexOf("{\"index\":2"));
        assertThat(second.replace("\"index\":2", "\"index\":1").replace("]}", ""))
                .isEqualTo(alone.substring(alone.indexOf("{\"index\":1")).replace("]}", ""));
    }

    @Test
    void chat_theSamePromptTwice_isTheSameReply_andCountedAsRepeated() {
        List<String> keys = new ArrayList<>();
        SimulatedJudge judge = SimulatedJudge.of().onReply(keys::add);
        ChatRequest request = ChatRequest.builder().user("QUESTION: why?").build();
        ChatOutcome first = judge.chat(request);
        assertThat(judge.chat(request)).isEqualTo(first);
        assertThat(judge.calls()).isEqualTo(2);
        assertThat(judge.repeatedPrompts()).isEqualTo(1);
        assertThat(keys).hasSize(2).containsOnly(keys.get(0));
    }

    @Test
    void chat_anUnknownSchema_failsTheTest() {
        ChatRequest request = ChatRequest.builder()
                .user("x")
                .schema(new ResponseSchema("mystery", "{}"))
                .build();
        assertThatThrownBy(() -> SimulatedJudge.of().chat(request))
                .isInstanceOf(AssertionError.class)
                .hasMessage("the simulated judge knows no schema 'mystery'");
    }
}
