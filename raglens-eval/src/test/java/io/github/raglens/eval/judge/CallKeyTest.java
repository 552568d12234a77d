package io.github.raglens.eval.judge;

import static io.github.raglens.eval.judge.JudgeReplies.verdicts;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.TokenUsage;
import io.github.raglens.testkit.ScriptedLlm;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a judge call is keyed by: every input apart, so that two different prompts never share a reply. */
class CallKeyTest {

    @TempDir
    Path dir;

    /** A judge telling the two prompts apart by how their statements are numbered. */
    private static ScriptedLlm judge() {
        return ScriptedLlm.of("fake/judge")
                .on("verdicts", "STATEMENTS:\n[1] a b\n[2] c\n", verdicts(1, 0))
                .on("verdicts", "STATEMENTS:\n[1] a\n[2] b c\n", verdicts(0, 1));
    }

    @Test
    void verdictCalls_ofStatementListsThatJoinAlike_areTwoCalls_eachWithItsOwnVerdicts() {
        ScriptedLlm llm = judge();
        List<Verdict> first;
        List<Verdict> second;
        try (JudgeSession s = JudgeSession.builder(llm)
                .callCache(dir.resolve("judge-calls.jsonl"))
                .build()) {
            first = Decomposition.support(s, List.of("a\nb", "c"), "CONTEXT", "the premise");
            second = Decomposition.support(s, List.of("a", "b\nc"), "CONTEXT", "the premise");
        }
        assertThat(first).extracting(Verdict::verdict).containsExactly(1, 0);
        assertThat(second).extracting(Verdict::verdict).containsExactly(0, 1);
        assertThat(llm.calls("verdicts")).isEqualTo(2);
    }

    @Test
    void aCallCachedUnderTheJoinedKey_ofFilesWrittenBefore_isNotTakenForAnotherList() {
        // An earlier raglens keyed a verdict call by its statements joined with a newline: the
        // entry of ["a", "b\nc"] is under the key ["a\nb", "c"] also had.
        String joinedKey = Prompts.key(Prompts.SUPPORT_VERSION, "fake/judge", "CONTEXT", "the premise", "a\nb\nc");
        try (CallCache old = new CallCache(dir.resolve("judge-calls.jsonl"))) {
            old.append(joinedKey, "fake/judge", verdicts(0, 1), TokenUsage.NONE, Optional.empty());
        }
        ScriptedLlm llm = judge();
        List<Verdict> verdicts;
        try (JudgeSession s = JudgeSession.builder(llm)
                .callCache(dir.resolve("judge-calls.jsonl"))
                .build()) {
            verdicts = Decomposition.support(s, List.of("a\nb", "c"), "CONTEXT", "the premise");
        }
        assertThat(verdicts).extracting(Verdict::verdict).containsExactly(1, 0);
        assertThat(llm.calls("verdicts")).isEqualTo(1);
    }
}
