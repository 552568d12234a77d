package io.github.raglens.chunk.corpus;

import io.github.raglens.model.Chunk;
import io.github.raglens.result.ChunkAudit;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A chunked corpus.
 *
 * @param chunks all chunks, document by document, each document's in its chunk order
 * @param chunksPerDocument number of chunks by document id, in corpus order
 * @param audit what the auditor found; {@link ChunkAudit#hasErrors()} means the chunks must not be used
 * @param chunkingMillis wall time spent chunking (not auditing)
 */
public record ChunkedCorpus(
        List<Chunk> chunks, Map<String, Integer> chunksPerDocument, ChunkAudit audit, long chunkingMillis) {

    /** Copies the collections (the map keeps its order). */
    public ChunkedCorpus {
        chunks = List.copyOf(chunks);
        chunksPerDocument = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(chunksPerDocument));
        Objects.requireNonNull(audit, "audit");
    }
}
