package io.github.raglens.eval.answers;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.raglens.internal.Cell;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One line of {@code answers.jsonl}: the answer a retriever's contexts led to for one question.
 *
 * @param retriever the retriever
 * @param questionId the question
 * @param contexts ids of the retrieved chunks, in rank order
 * @param contextTexts the context texts handed to the answering model, in rank order
 * @param answer the generated answer; empty when failed
 * @param model the answering model
 * @param status {@code ok} or {@code failed}
 * @param reason why generation failed; empty when ok
 * @param provenance everything that made the answer, as text: for raglens's own pipeline the
 *     answering model, the answer prompt's version (its text, temperature and output cap), k, and
 *     hashes of the question and of the contexts; for a user's system its origin, the version it
 *     declares and the question's hash. An answer is reused only while its provenance is unchanged
 *     (a user's system that declares no version is asked anew on every run); empty in files written
 *     before raglens recorded it
 * @param served what the answering model's server said the model was ({@link
 *     io.github.raglens.spi.LlmProvider#servedModel()}, e.g. an Ollama digest): an answer of a model
 *     since re-pulled is asked anew; empty when unknown, for a user's system, and in files written
 *     before raglens recorded it
 */
public record AnswerRecord(
        String retriever,
        String questionId,
        List<String> contexts,
        List<String> contextTexts,
        String answer,
        String model,
        String status,
        String reason,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) String provenance,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) String served) {

    /** Status of a generated answer. */
    public static final String OK = "ok";
    /** Status of an answer that could not be generated. */
    public static final String FAILED = "failed";

    /** Validates that no field is null and copies the lists. */
    public AnswerRecord {
        Objects.requireNonNull(retriever, "retriever");
        Objects.requireNonNull(questionId, "questionId");
        contexts = List.copyOf(contexts);
        contextTexts = List.copyOf(contextTexts);
        Objects.requireNonNull(answer, "answer");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(status, "status");
        reason = reason == null ? "" : reason;
        provenance = provenance == null ? "" : provenance;
        served = served == null ? "" : served;
    }

    /** A record without provenance, as files written before raglens recorded it hold. */
    public AnswerRecord(
            String retriever,
            String questionId,
            List<String> contexts,
            List<String> contextTexts,
            String answer,
            String model,
            String status,
            String reason) {
        this(retriever, questionId, contexts, contextTexts, answer, model, status, reason, "", "");
    }

    /** The cell answered: the retriever (or system) and the question. */
    public Cell cell() {
        return new Cell(retriever, questionId);
    }

    /** The store key, the cell's; the latest record of a cell wins. */
    public String key() {
        return cell().key();
    }

    /**
     * Whether this answer may stand for one by the served model {@code current}: it may unless both
     * are known and differ (the model was re-pulled since).
     */
    boolean servedBy(Optional<String> current) {
        return served.isEmpty() || current.isEmpty() || current.get().equals(served);
    }

    /** Whether an answer was generated. */
    public boolean isOk() {
        return status.equals(OK);
    }
}
