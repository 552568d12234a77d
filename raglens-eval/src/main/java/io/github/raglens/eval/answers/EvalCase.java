package io.github.raglens.eval.answers;

import io.github.raglens.internal.Cell;
import io.github.raglens.model.JudgeInput;
import java.util.List;
import java.util.Objects;

/**
 * One (retriever, question) cell to score.
 *
 * @param retriever the retriever whose contexts the answer was generated from
 * @param questionId the question's id
 * @param question the question
 * @param answer the generated answer
 * @param contexts the retrieved contexts handed to the answering model, in rank order
 * @param reference the reference answer, empty when there is none
 * @param referenceContexts the text the question was generated from (the source chunk), for the
 *     string-similarity context metrics; may be empty
 */
public record EvalCase(
        String retriever,
        String questionId,
        String question,
        String answer,
        List<String> contexts,
        String reference,
        List<String> referenceContexts) {

    /** Validates that no field is null and copies the lists. */
    public EvalCase {
        Objects.requireNonNull(retriever, "retriever");
        Objects.requireNonNull(questionId, "questionId");
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(answer, "answer");
        Objects.requireNonNull(reference, "reference");
        contexts = List.copyOf(contexts);
        referenceContexts = List.copyOf(referenceContexts);
    }

    /** The cell the case is: its retriever (or system) and question. */
    public Cell cell() {
        return new Cell(retriever, questionId);
    }

    /**
     * A short hash of everything a metric reads: question, answer, contexts, reference and
     * reference contexts. A score is reused only for a case with the same hash.
     */
    public String inputsHash() {
        List<String> parts = new java.util.ArrayList<>();
        parts.add(question);
        parts.add(answer);
        parts.add(String.valueOf(contexts.size()));
        parts.addAll(contexts);
        parts.add(reference);
        parts.addAll(referenceContexts);
        return AnswerGenerator.hash(parts);
    }

    /** What a {@link io.github.raglens.spi.Judge} sees of the case: all but its retriever and question id. */
    public JudgeInput toJudgeInput() {
        return new JudgeInput(question, answer, contexts, reference, referenceContexts);
    }
}
