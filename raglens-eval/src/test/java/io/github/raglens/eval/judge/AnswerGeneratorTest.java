package io.github.raglens.eval.judge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.Retriever;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Answers are grounded in the top-k contexts, stored per (retriever, question) and resumable. */
class AnswerGeneratorTest {

    @TempDir
    Path dir;

    static Chunk chunk(String id, String text) {
        return new Chunk(
                id,
                "doc",
                "s-" + id,
                null,
                "doc > " + id,
                ChunkType.PARENT_SECTION,
                -1,
                0,
                text,
                0,
                text.length(),
                1,
                1);
    }

    /** Returns chunks named after itself, at most k. */
    record FakeRetriever(String name) implements Retriever {
        @Override
        public RetrievalResult retrieve(String query, int k) {
            List<RetrievedChunk> hits = new java.util.ArrayList<>();
            for (int i = 1; i <= Math.min(k, 6); i++) {
                hits.add(
                        RetrievedChunk.of(i, 1.0 / i, chunk(name + "-c" + i, name + " passage " + i + " on " + query)));
            }
            return new RetrievalResult(name, query, hits, 0);
        }
    }

    static QuestionSample question(String id) {
        return new QuestionSample(
                id,
                "Question " + id + "?",
                "Reference " + id + ".",
                "evidence",
                "c-" + id,
                "doc",
                "s",
                QuestionStatus.SUCCESS,
                "");
    }

    @Test
    void answersEveryPairFromTopKContexts_recordsFailures_andTheRerunRetriesOnlyThem() {
        AtomicBoolean refuse = new AtomicBoolean(true);
        ScriptedLlm llm = new ScriptedLlm("fake/answer")
                .on(
                        "",
                        "QUESTION: Question q2?",
                        r -> refuse.get()
                                ? new ChatOutcome.Failed(ChatOutcome.Reason.REFUSAL, "refused", TokenUsage.NONE)
                                : new ChatOutcome.Completed("Answer two.", new TokenUsage(50, 5)))
                .on("", "QUESTION:", "Grounded answer.");
        List<QuestionSample> qs = List.of(question("q1"), question("q2"), question("q3"));
        List<Retriever> rs = List.of(new FakeRetriever("bm25"), new FakeRetriever("dense"));
        Path file = dir.resolve("answers.jsonl");

        AnswerGenerator.Summary first = AnswerGenerator.of(llm, 5, 4).generate(file, qs, rs);
        assertThat(first.answered()).isEqualTo(4);
        assertThat(first.failed()).isEqualTo(2);
        assertThat(first.failuresByReason()).containsEntry("refusal", 2);
        assertThat(llm.calls()).isEqualTo(6);
        String prompt = SimulatedJudge.user(llm.requests().get(0));
        assertThat(prompt).contains("[5] ").doesNotContain("[6] ");

        AnswerRecord a = AnswerGenerator.read(file).stream()
                .filter(r -> r.retriever().equals("dense") && r.questionId().equals("q1"))
                .findFirst()
                .orElseThrow();
        assertThat(a.contexts()).containsExactly("dense-c1", "dense-c2", "dense-c3", "dense-c4", "dense-c5");
        assertThat(a.contextTexts().get(0)).isEqualTo("dense passage 1 on Question q1?");
        assertThat(a.answer()).isEqualTo("Grounded answer.");

        refuse.set(false);
        AnswerGenerator.Summary second = AnswerGenerator.of(llm, 5, 4).generate(file, qs, rs);
        assertThat(second.alreadyAnswered()).isEqualTo(4);
        assertThat(second.answered()).isEqualTo(2);
        assertThat(llm.calls()).isEqualTo(8);

        List<EvalCase> cases = EvalCases.from(AnswerGenerator.read(file), qs, id -> "source of " + id);
        assertThat(cases).hasSize(6);
        assertThat(cases.get(0).referenceContexts())
                .containsExactly("source of c-" + cases.get(0).questionId());
    }
}
