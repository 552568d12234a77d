package io.github.raglens.eval.judge;

import static io.github.raglens.eval.judge.JudgeReplies.statements;
import static io.github.raglens.eval.judge.JudgeReplies.verdicts;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.internal.Json;
import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.Judgement;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.testkit.ScriptedLlm;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A judge reply that cannot be used is retried with what was wrong with it, not sent again unchanged. */
class JudgeRetryTest {

    private static final JudgeInput IN =
            new JudgeInput("What does it do?", "ANS it indexes. It ranks.", List.of("ctx text"), "");

    @Test
    void wrongNumberOfVerdicts_isRetriedWithARepairMessage_andTheRepairedReplyScores() {
        AtomicInteger verdictCalls = new AtomicInteger();
        String tooFew = verdicts(1);
        ScriptedLlm llm = ScriptedLlm.of("fake/judge")
                .on("statements", "TEXT:\nANS", statements("s1", "s2"))
                .on(
                        "verdicts",
                        "CONTEXT:",
                        r -> new ChatOutcome.Completed(
                                verdictCalls.getAndIncrement() == 0 ? tooFew : verdicts(1, 0), new TokenUsage(10, 5)));
        Judgement j =
                StatementSupport.faithfulness(JudgeSession.builder(llm).build()).judge(IN);
        assertThat(j).isInstanceOf(Judgement.Scored.class);
        assertThat(((Judgement.Scored) j).score()).isEqualTo(0.5);
        List<ChatRequest> sent = llm.requests().stream()
                .filter(r -> r.schema().orElseThrow().name().equals("verdicts"))
                .toList();
        assertThat(sent).hasSize(2);
        List<ChatMessage> expected = new ArrayList<>(sent.get(0).messages());
        expected.add(ChatMessage.assistant(tooFew));
        expected.add(ChatMessage.user("Your reply could not be used: the judge gave 1 verdicts for 2 statements."
                + " Answer the same task again, following every instruction above exactly, and reply with JSON that"
                + " matches the schema only."));
        assertThat(sent.get(1).messages()).isEqualTo(expected);
        assertThat(sent.get(1).schema()).isEqualTo(sent.get(0).schema());
    }

    @Test
    void replyThatIsNotJson_isRetriedWithWhatWasWrong() {
        AtomicInteger verdictCalls = new AtomicInteger();
        ScriptedLlm llm = ScriptedLlm.of("fake/judge")
                .on("statements", "TEXT:\nANS", statements("s1"))
                .on(
                        "verdicts",
                        "CONTEXT:",
                        r -> new ChatOutcome.Completed(
                                verdictCalls.getAndIncrement() == 0 ? "verdict: yes" : verdicts(1),
                                new TokenUsage(10, 5)));
        Judgement j =
                StatementSupport.faithfulness(JudgeSession.builder(llm).build()).judge(IN);
        assertThat(((Judgement.Scored) j).score()).isEqualTo(1.0);
        ChatRequest retry = llm.requests().getLast();
        assertThat(retry.messages().get(retry.messages().size() - 2)).isEqualTo(ChatMessage.assistant("verdict: yes"));
        assertThat(retry.messages().getLast().content())
                .startsWith("Your reply could not be used: the judge's reply" + " is not JSON: ");
    }

    @Test
    void verdictSchemas_carryTheNumberOfItems() throws Exception {
        for (ChatRequest r : List.of(
                Prompts.support(List.of("a", "b", "c"), "CONTEXT", "premise"),
                Prompts.usefulnessAll("q", "ref", List.of("c1", "c2", "c3")))) {
            JsonNode verdicts = Json.reader()
                    .readTree(r.schema().orElseThrow().schemaJson())
                    .path("properties")
                    .path("verdicts");
            assertThat(verdicts.path("minItems").asInt()).isEqualTo(3);
            assertThat(verdicts.path("maxItems").asInt()).isEqualTo(3);
        }
    }
}
