package io.github.raglens.result;

import io.github.raglens.model.ChunkType;
import java.util.Map;
import java.util.Objects;

/**
 * What ingest did: each file's outcome, the chunks made and the chunk audit's findings.
 *
 * @param report per-file outcomes, as written to {@code ingest-report.json}
 * @param audit the chunk auditor's findings
 * @param chunksByType chunks written, by type
 * @param documents documents parsed and chunked
 * @param parseMillis time spent parsing (cached files are fast)
 * @param chunkingMillis time spent chunking
 */
public record IngestResult(
        IngestReport report,
        ChunkAudit audit,
        Map<ChunkType, Integer> chunksByType,
        int documents,
        long parseMillis,
        long chunkingMillis) {

    /** Validates and copies. */
    public IngestResult {
        Objects.requireNonNull(report, "report");
        Objects.requireNonNull(audit, "audit");
        chunksByType = Map.copyOf(chunksByType);
    }

    /** Chunks written in all. */
    public int chunks() {
        return chunksByType.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** Whether every file parsed and the audit found no error. */
    public boolean complete() {
        return report.complete() && !audit.hasErrors();
    }
}
