package io.github.raglens.result;

import java.util.List;

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
}
