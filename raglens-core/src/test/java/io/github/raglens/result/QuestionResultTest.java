package io.github.raglens.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.internal.Json;
import io.github.raglens.result.BenchmarkResult.QuestionResult;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class QuestionResultTest {

    @Test
    void aResultWrittenBeforeMultiHopTargets_readsItsOneTargetAsItsTargets() throws IOException {
        String old = """
                {"queryId": "q1", "questionId": "q1", "retriever": "bm25", "question": "Why?",
                 "documentId": "doc", "chunkType": "SECTION_FRAGMENT", "target": "evidence:q1",
                 "firstRelevantRank": 2, "ranking": ["c7", "evidence:q1"], "scores": [2.0, 1.0],
                 "latencyMillis": 1.5, "lexicalOverlap": 0.4, "texts": []}
                """;

        QuestionResult r = Json.reader().forType(QuestionResult.class).readValue(old);

        assertThat(r.targets()).containsExactly("evidence:q1");
        assertThat(r.isTarget("evidence:q1")).isTrue();
        assertThat(r.isTarget("c7")).isFalse();
    }

    @Test
    void aMultiHopResult_isWrittenAndReadBackWithBothTargets() throws IOException {
        QuestionResult r = result(List.of("evidence:q1", "evidence2:q1"));

        QuestionResult back = Json.reader()
                .forType(QuestionResult.class)
                .readValue(Json.writer().writeValueAsString(r));

        assertThat(back).isEqualTo(r);
        assertThat(back.isTarget("evidence2:q1")).isTrue();
    }

    @Test
    void targetsNotBeginningWithTheTarget_areRefused() {
        assertThatThrownBy(() -> result(List.of("evidence2:q1", "evidence:q1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("targets must begin with the target 'evidence:q1', were [evidence2:q1, evidence:q1]");
    }

    private static QuestionResult result(List<String> targets) {
        return new QuestionResult(
                "q1",
                "q1",
                "bm25",
                "Why?",
                "doc",
                "SECTION_FRAGMENT",
                "evidence:q1",
                targets,
                1,
                List.of("evidence2:q1", "c7", "evidence:q1"),
                List.of(3.0, 2.0, 1.0),
                1.5,
                0.4,
                List.of());
    }
}
