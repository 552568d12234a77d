package io.github.raglens.result;

import java.util.Objects;

/**
 * One problem the chunk auditor found.
 *
 * @param level how serious it is; an {@link Level#ERROR} fails an ingest run
 * @param check the name of the check that found it, e.g. {@code "duplicate-id"}
 * @param documentId the document concerned
 * @param chunkId the chunk concerned, or {@code ""} when the finding is about a group of chunks
 * @param message what is wrong, in words, with the values quoted
 */
public record AuditFinding(Level level, String check, String documentId, String chunkId, String message) {

    /** Severity of a finding. */
    public enum Level {
        /** Worth knowing, nothing wrong: e.g. a chunk too thin to ask a question about. */
        WARNING,
        /** The chunk list is broken and must not be indexed. */
        ERROR
    }

    /** Validates the fields. */
    public AuditFinding {
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(documentId, "documentId");
        Objects.requireNonNull(chunkId, "chunkId");
        Objects.requireNonNull(message, "message");
    }

    /** The finding as one line: {@code "ERROR duplicate-id: …"}. */
    @Override
    public String toString() {
        return level + " " + check + ": " + message;
    }
}
