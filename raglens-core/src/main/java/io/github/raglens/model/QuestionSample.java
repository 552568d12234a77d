package io.github.raglens.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * A ground-truth question generated from one chunk, and one line of the workspace's {@code
 * questions.jsonl} (where the reference answer is {@code answer} and the source chunk {@code chunkId}).
 *
 * @param id identifier of the question, derived from the document and the evidence so that it
 *     survives re-chunking; for skips and failures derived from the chunk id
 * @param question the question a user would ask; empty unless {@code status} is SUCCESS
 * @param referenceAnswer the answer taken from the chunk; empty unless SUCCESS
 * @param evidence a verbatim quote from the source chunk supporting the answer; empty unless SUCCESS
 * @param sourceChunkId the chunk the question was generated from (one question per chunk: the
 *     latest wins)
 * @param documentId the source chunk's document
 * @param sectionId the source chunk's section
 * @param status outcome of generation
 * @param reason why generation skipped or failed; empty on success
 * @param retryable whether a later run should ask again (the provider failed), rather than accept
 *     the outcome
 * @param model the LLM that wrote the question, e.g. {@code ollama/llama3.2}; empty when unknown
 */
@JsonPropertyOrder({
    "chunkId",
    "status",
    "question",
    "answer",
    "evidence",
    "reason",
    "id",
    "documentId",
    "sectionId",
    "retryable",
    "model"
})
public record QuestionSample(
        String id,
        String question,
        @JsonProperty("answer") String referenceAnswer,
        String evidence,
        @JsonProperty("chunkId") String sourceChunkId,
        String documentId,
        String sectionId,
        QuestionStatus status,
        String reason,
        boolean retryable,
        String model) {

    /**
     * Validates the source chunk and the status; the other text fields, which older question files
     * may lack, become empty strings when null.
     */
    public QuestionSample {
        Objects.requireNonNull(sourceChunkId, "sourceChunkId (chunkId)");
        Objects.requireNonNull(status, "status");
        id = Objects.requireNonNullElse(id, "");
        question = Objects.requireNonNullElse(question, "");
        referenceAnswer = Objects.requireNonNullElse(referenceAnswer, "");
        evidence = Objects.requireNonNullElse(evidence, "");
        documentId = Objects.requireNonNullElse(documentId, "");
        sectionId = Objects.requireNonNullElse(sectionId, "");
        reason = Objects.requireNonNullElse(reason, "");
        model = Objects.requireNonNullElse(model, "");
    }

    /**
     * A settled question from outside a generation run (written by hand, imported, or a test's):
     * not retryable, no model.
     */
    public QuestionSample(
            String id,
            String question,
            String referenceAnswer,
            String evidence,
            String sourceChunkId,
            String documentId,
            String sectionId,
            QuestionStatus status,
            String reason) {
        this(id, question, referenceAnswer, evidence, sourceChunkId, documentId, sectionId, status, reason, false, "");
    }

    /** Whether this is a usable question. */
    public boolean isSuccess() {
        return status == QuestionStatus.SUCCESS;
    }

    /** Whether a rerun accepts this outcome instead of asking again. */
    public boolean isSettled() {
        return !retryable;
    }
}
