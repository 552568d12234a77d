package io.github.raglens.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

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
 * @param style the kind of question; {@link QuestionStyle#NATURAL} when the file names none (files
 *     written before styles existed)
 * @param persona for a {@link QuestionStyle#PERSONA} question, the name of the persona that asks it;
 *     empty otherwise
 * @param secondChunkId for a {@link QuestionStyle#MULTI_HOP} question, the other chunk of the
 *     document the answer needs; empty otherwise
 * @param secondEvidence for a multi-hop question, a verbatim quote from the second chunk; empty
 *     otherwise
 * @param overlap the lexical overlap of the question with its source text (the source chunk, and the
 *     second chunk of a multi-hop question) when it was generated; empty in files written before it
 *     was recorded and for imported questions, whose overlap the benchmark computes from the corpus
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
    "model",
    "style",
    "persona",
    "secondChunkId",
    "secondEvidence",
    "overlap"
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
        String model,
        QuestionStyle style,
        String persona,
        String secondChunkId,
        String secondEvidence,
        OptionalDouble overlap) {

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
        style = Objects.requireNonNullElse(style, QuestionStyle.NATURAL);
        persona = Objects.requireNonNullElse(persona, "");
        secondChunkId = Objects.requireNonNullElse(secondChunkId, "");
        secondEvidence = Objects.requireNonNullElse(secondEvidence, "");
        overlap = Objects.requireNonNullElse(overlap, OptionalDouble.empty());
    }

    /**
     * A natural-style question of a generation run or a file without styles: no persona, no second
     * chunk, overlap not recorded.
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
            String reason,
            boolean retryable,
            String model) {
        this(
                id,
                question,
                referenceAnswer,
                evidence,
                sourceChunkId,
                documentId,
                sectionId,
                status,
                reason,
                retryable,
                model,
                QuestionStyle.NATURAL,
                "",
                "",
                "",
                OptionalDouble.empty());
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

    /**
     * The question's key in {@code questions.jsonl}, one record per key (the latest wins): the source
     * chunk id for a natural question, as files before styles keyed it, and the chunk id with {@code
     * #} and the style's label for the others, so one chunk holds a question of each style.
     */
    public String key() {
        return key(sourceChunkId, style);
    }

    /** The {@link #key()} of the question of {@code style} about chunk {@code chunkId}. */
    public static String key(String chunkId, QuestionStyle style) {
        return style == QuestionStyle.NATURAL ? chunkId : chunkId + "#" + style.label();
    }

    /** The chunks the question was written from: its source chunk, then a multi-hop question's second chunk. */
    public List<String> sourceChunkIds() {
        return secondChunkId.isEmpty() ? List.of(sourceChunkId) : List.of(sourceChunkId, secondChunkId);
    }

    /** The evidence quotes, in order: the source chunk's, then the second chunk's when there is one; none empty. */
    public List<String> evidenceQuotes() {
        if (evidence.isEmpty()) {
            return secondEvidence.isEmpty() ? List.of() : List.of(secondEvidence);
        }
        return secondEvidence.isEmpty() ? List.of(evidence) : List.of(evidence, secondEvidence);
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
