package io.github.raglens.eval.questions;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

class DistinctQuestionsTest {

    private static QuestionSample q(String id, String chunk) {
        return new QuestionSample(
                id,
                "What does it cache?",
                "Results.",
                "caches results",
                chunk,
                "doc",
                "s1",
                QuestionStatus.SUCCESS,
                "");
    }

    @Test
    void of_aParentAndItsFragmentQuotingTheSameEvidence_areMergedIntoTheFirst_andCounted() {
        DistinctQuestions d = DistinctQuestions.of(
                List.of(q("q1", "parent"), q("q2", "other"), q("q1", "fragment"), q("q1", "table"), q("", "a")));
        assertThat(d.questions()).extracting(QuestionSample::sourceChunkId).containsExactly("parent", "other", "a");
        assertThat(d.merged()).isEqualTo(2);
        assertThat(d.message())
                .contains("2 questions share their id with an earlier one (two chunks quoting the same evidence,"
                        + " e.g. a section and its fragment) and were merged into it");
    }

    @Test
    void of_distinctIds_keepsEverything_andSaysNothing() {
        DistinctQuestions d = DistinctQuestions.of(List.of(q("q1", "a"), q("", "b"), q("", "c")));
        assertThat(d.questions()).hasSize(3);
        assertThat(d.merged()).isZero();
        assertThat(d.message()).isEmpty();
        assertThat(DistinctQuestions.of(List.of(q("q1", "a"), q("q1", "b"))).message())
                .contains("1 question shares its id with an earlier one (two chunks quoting the same evidence,"
                        + " e.g. a section and its fragment) and was merged into it");
    }
}
