package io.github.raglens.eval.answers;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.QuestionStyle;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The cases an evaluation judges: the reference contexts are every chunk a question was written from. */
class EvalCasesTest {

    private static final Map<String, String> CHUNKS =
            Map.of("c1", "The valve opens at dawn.", "c2", "The pump stops at dusk.");
    private static final AnswerRecord ANSWER = new AnswerRecord(
            "bm25", "q1", List.of("c1"), List.of("The valve opens at dawn."), "At dawn.", "m", AnswerRecord.OK, "");

    @Test
    void aMultiHopQuestion_hasBothOfItsChunksAsReferenceContexts() {
        QuestionSample multiHop = new QuestionSample(
                "q1",
                "When does the valve open, and when does the pump stop?",
                "At dawn; at dusk.",
                "The valve opens at dawn.",
                "c1",
                "d",
                "s",
                QuestionStatus.SUCCESS,
                "",
                false,
                "m",
                QuestionStyle.MULTI_HOP,
                "",
                "c2",
                "The pump stops at dusk.",
                OptionalDouble.empty());

        assertThat(EvalCases.of(ANSWER, multiHop, CHUNKS::get).referenceContexts())
                .containsExactly("The valve opens at dawn.", "The pump stops at dusk.");
    }

    @Test
    void aSingleChunkQuestion_hasItsOneChunk_andAChunkNoLongerThereIsLeftOut() {
        QuestionSample single = new QuestionSample(
                "q1",
                "When does the valve open?",
                "At dawn.",
                "The valve opens at dawn.",
                "c1",
                "d",
                "s",
                QuestionStatus.SUCCESS,
                "");
        QuestionSample gone = new QuestionSample(
                "q1",
                "When does the valve open?",
                "At dawn.",
                "The valve opens at dawn.",
                "c9",
                "d",
                "s",
                QuestionStatus.SUCCESS,
                "");

        assertThat(EvalCases.of(ANSWER, single, CHUNKS::get).referenceContexts())
                .containsExactly("The valve opens at dawn.");
        assertThat(EvalCases.of(ANSWER, gone, CHUNKS::get).referenceContexts()).isEmpty();
    }
}
