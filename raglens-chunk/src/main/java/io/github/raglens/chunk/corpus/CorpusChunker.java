package io.github.raglens.chunk.corpus;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.Document;
import io.github.raglens.spi.Chunker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Chunks a whole corpus with one chunker and audits the result: the chunking half of {@code raglens
 * ingest}. Immutable and thread-safe when its chunker is.
 *
 * <pre>{@code
 * ChunkedCorpus result = CorpusChunker.of(SectionChunker.builder().build()).chunk(documents);
 * if (result.audit().hasErrors()) { ... }
 * ChunksFile.write(workspace.resolve("chunks.jsonl"), result.chunks()); // io.github.raglens.store
 * }</pre>
 */
public final class CorpusChunker {

    private final Chunker chunker;
    private final ChunkAuditor auditor;

    private CorpusChunker(Chunker chunker, ChunkAuditor auditor) {
        this.chunker = chunker;
        this.auditor = auditor;
    }

    /** Chunks with {@code chunker} and audits with {@link ChunkAuditor#standard()}. */
    public static CorpusChunker of(Chunker chunker) {
        return of(chunker, ChunkAuditor.standard());
    }

    /** Chunks with {@code chunker} and audits with {@code auditor}. */
    public static CorpusChunker of(Chunker chunker, ChunkAuditor auditor) {
        return new CorpusChunker(
                Objects.requireNonNull(chunker, "chunker"), Objects.requireNonNull(auditor, "auditor"));
    }

    /** The chunker used; its {@code toString()} is the configuration to record in a manifest. */
    public Chunker chunker() {
        return chunker;
    }

    /**
     * Chunks every document in the given order and audits all chunks together (ids must be unique
     * across the corpus).
     *
     * @param documents the parsed documents; ids must be unique
     * @return the chunks of all documents, document by document, with counts per document and the audit
     * @throws IllegalArgumentException when two documents share an id, or a document has two sections
     *     with one id
     */
    public ChunkedCorpus chunk(List<Document> documents) {
        Objects.requireNonNull(documents, "documents");
        List<Chunk> all = new ArrayList<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        Map<String, String> sources = new HashMap<>();
        for (Document d : documents) {
            String earlier = sources.putIfAbsent(d.id(), d.source());
            if (earlier != null) {
                throw new IllegalArgumentException(
                        "two documents have the id '" + d.id() + "' ('" + earlier + "' and '" + d.source()
                                + "'); document ids must be unique in a corpus: remove the duplicate or rename one");
            }
        }
        long t0 = System.nanoTime();
        for (Document d : documents) {
            List<Chunk> chunks = chunker.chunk(d);
            counts.put(d.id(), chunks.size());
            all.addAll(chunks);
        }
        long nanos = System.nanoTime() - t0;
        return new ChunkedCorpus(all, counts, auditor.audit(documents, all), nanos / 1_000_000);
    }

    @Override
    public String toString() {
        return "CorpusChunker[chunker=" + chunker + ", auditor=" + auditor + "]";
    }
}
