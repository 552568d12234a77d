package io.github.raglens.result;

import java.util.List;
import java.util.Objects;

/**
 * What a chunk auditor found in a chunk list.
 *
 * @param chunks how many chunks were audited
 * @param findings the findings, errors first, then in the order found
 */
public record ChunkAudit(int chunks, List<AuditFinding> findings) {

    /** Copies the findings. */
    public ChunkAudit {
        findings = List.copyOf(findings);
    }

    /** Whether any finding is an error, which means the chunks must not be used. */
    public boolean hasErrors() {
        return findings.stream().anyMatch(f -> f.level() == AuditFinding.Level.ERROR);
    }

    /** How many findings have the level. */
    public long count(AuditFinding.Level level) {
        return findings.stream().filter(f -> f.level() == level).count();
    }

    /** One line for a log or a terminal, e.g. {@code "audit of 120 chunks: 0 errors, 3 warnings"}. */
    public String summary() {
        long errors = count(AuditFinding.Level.ERROR);
        long warnings = count(AuditFinding.Level.WARNING);
        return "audit of " + chunks + " chunks: " + errors + (errors == 1 ? " error, " : " errors, ") + warnings
                + (warnings == 1 ? " warning" : " warnings");
    }

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
}
