package io.github.raglens.model;

import java.util.Objects;

/**
 * A ground-truth question generated from one chunk.
 *
 * @param id identifier of the question (stable across re-chunking when derived from the evidence)
 * @param question the question a user would ask; empty unless {@code status} is SUCCESS
 * @param referenceAnswer the answer taken from the chunk; empty unless SUCCESS
 * @param evidence a verbatim quote from the source chunk supporting the answer; empty unless SUCCESS
 * @param sourceChunkId the chunk the question was generated from
 * @param documentId the source chunk's document
 * @param sectionId the source chunk's section
 * @param status outcome of generation
 * @param reason why generation skipped or failed; empty on success
 */
public record QuestionSample(
        String id,
        String question,
        String referenceAnswer,
        String evidence,
        String sourceChunkId,
        String documentId,
        String sectionId,
        QuestionStatus status,
        String reason) {

    /** Validates that no field is null. */
    public QuestionSample {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(referenceAnswer, "referenceAnswer");
        Objects.requireNonNull(evidence, "evidence");
        Objects.requireNonNull(sourceChunkId, "sourceChunkId");
        Objects.requireNonNull(documentId, "documentId");
        Objects.requireNonNull(sectionId, "sectionId");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(reason, "reason");
    }
}
