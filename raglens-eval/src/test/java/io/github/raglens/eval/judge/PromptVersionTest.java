package io.github.raglens.eval.judge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.internal.PromptVersion;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.testkit.SimulatedJudge;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PromptVersionTest {

    @TempDir
    Path dir;

    private static ChatRequest request(String user, String schemaJson, int maxTokens) {
        return ChatRequest.builder()
                .system("system")
                .user(user)
                .schema(new ResponseSchema("s", schemaJson))
                .temperature(0)
                .maxOutputTokens(maxTokens)
                .build();
    }

    @Test
    void versions_areTheReadableNameAndAHashOfThePrompt_distinctPerPrompt() {
        List<String> versions = List.of(
                Prompts.STATEMENTS_VERSION,
                Prompts.SUPPORT_VERSION,
                Prompts.USEFULNESS_VERSION,
                Prompts.QUESTIONS_VERSION);
        assertThat(versions)
                .allMatch(v -> v.matches("(statements|support|usefulness|questions)@[0-9a-f]{8}"))
                .doesNotHaveDuplicates();
        assertThat(Prompts.STATEMENTS_VERSION)
                .isEqualTo(PromptVersion.of("statements", Prompts.statements("{question}", "{text}")));
    }

    @Test
    void version_changesWithAnyCharacterOfTheTextTheSchemaOrTheOutputCap() {
        String base = PromptVersion.of("p", request("Judge the TEXT.", "{\"type\":\"object\"}", 256));
        Set<String> edited = Set.of(
                PromptVersion.of("p", request("Judge the TEXT!", "{\"type\":\"object\"}", 256)),
                PromptVersion.of("p", request("Judge the TEXT.", "{\"type\":\"array\"}", 256)),
                PromptVersion.of("p", request("Judge the TEXT.", "{\"type\":\"object\"}", 512)));
        assertThat(edited).hasSize(3).doesNotContain(base);
        assertThat(PromptVersion.of("p", request("Judge the TEXT.", "{\"type\":\"object\"}", 256)))
                .isEqualTo(base);
    }

    @Test
    void aCallCachedWithAnotherPromptVersion_isAMiss_andSentAgain() throws Exception {
        List<EvalCase> cases = Cases.of(2, List.of("bm25"), 3);
        Path calls = dir.resolve("judge-calls.jsonl");
        SimulatedJudge first = SimulatedJudge.of();
        score(first, calls, dir.resolve("scores-1.jsonl"), cases);
        assertThat(first.calls()).isPositive();

        SimulatedJudge same = SimulatedJudge.of();
        score(same, calls, dir.resolve("scores-2.jsonl"), cases);
        assertThat(same.calls()).as("same prompts: every call from the cache").isZero();

        // The cache as an older statements prompt left it: its keys carry another version.
        String text = Files.readString(calls, StandardCharsets.UTF_8);
        assertThat(text).contains(Prompts.STATEMENTS_VERSION + "|");
        Files.writeString(calls, text.replace(Prompts.STATEMENTS_VERSION + "|", "statements@00000000|"));
        SimulatedJudge edited = SimulatedJudge.of();
        score(edited, calls, dir.resolve("scores-3.jsonl"), cases);
        assertThat(edited.calls())
                .as("the statement extractions are sent again, the verdict calls are still cached")
                .isPositive()
                .isLessThan(first.calls());
    }

    private static void score(SimulatedJudge judge, Path calls, Path scores, List<EvalCase> cases) {
        try (JudgeSession s = JudgeSession.builder(judge).callCache(calls).build()) {
            Scorer.builder(scores)
                    .session(s)
                    .metrics(Metrics.create(List.of(JudgeMetric.FAITHFULNESS), s))
                    .build()
                    .score(cases);
        }
    }
}
