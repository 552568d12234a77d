package io.github.raglens.eval.questions;

import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * One line of {@code questions.jsonl}: the outcome of generating a question for one chunk.
 *
 * @param chunkId the source chunk (the store's key: one record per chunk, the latest wins)
 * @param status {@code success}, {@code skip} or {@code failed}
 * @param question the question; empty unless {@code success}
 * @param answer the reference answer; empty unless {@code success}
 * @param evidence a verbatim quote from the chunk; empty unless {@code success}
 * @param reason why the chunk was skipped or failed; empty on success
 * @param id the question's id, derived from the document and the evidence so that it survives
 *     re-chunking; for skips and failures derived from the chunk id
 * @param documentId the source chunk's document
 * @param sectionId the source chunk's section
 * @param retryable whether a later run should ask again (a provider error), rather than accept the
 *     outcome
 * @param model the LLM that answered, e.g. {@code ollama/llama3.2}
 */
public record QuestionRecord(
        String chunkId,
        String status,
        String question,
        String answer,
        String evidence,
        String reason,
        String id,
        String documentId,
        String sectionId,
        boolean retryable,
        String model) {

    /** Status of a usable question. */
    public static final String SUCCESS = "success";

    /** Status of a chunk too thin to ask about. */
    public static final String SKIP = "skip";

    /** Status of a chunk whose generation failed. */
    public static final String FAILED = "failed";

    private static final Set<String> STATUSES = Set.of(SUCCESS, SKIP, FAILED);

    /** Validates the fields; nulls become empty strings except for the ids and status. */
    public QuestionRecord {
        Objects.requireNonNull(chunkId, "chunkId");
        Objects.requireNonNull(status, "status");
        if (!STATUSES.contains(status)) {
            throw new IllegalArgumentException(
                    "status must be success, skip or failed, was '" + status + "' (chunk " + chunkId + ")");
        }
        question = question == null ? "" : question;
        answer = answer == null ? "" : answer;
        evidence = evidence == null ? "" : evidence;
        reason = reason == null ? "" : reason;
        id = id == null ? "" : id;
        documentId = documentId == null ? "" : documentId;
        sectionId = sectionId == null ? "" : sectionId;
        model = model == null ? "" : model;
    }

    /** Whether this is a usable question. */
    public boolean isSuccess() {
        return SUCCESS.equals(status);
    }

    /** Whether a rerun accepts this outcome instead of asking again. */
    public boolean isSettled() {
        return !retryable;
    }

    /** The record as the core model's question sample. */
    public QuestionSample toSample() {
        return new QuestionSample(
                id,
                question,
                answer,
                evidence,
                chunkId,
                documentId,
                sectionId,
                QuestionStatus.valueOf(status.toUpperCase(Locale.ROOT)),
                reason);
    }
}
