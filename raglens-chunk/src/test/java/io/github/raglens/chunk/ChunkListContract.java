package io.github.raglens.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.chunk.corpus.ChunkAuditor;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.result.ChunkAudit;
import io.github.raglens.result.ChunkAudit.AuditFinding;
import io.github.raglens.testkit.ChunkerContract;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * What every chunker of this module promises beyond core's {@link ChunkerContract}: its chunks pass the
 * auditor, a document without text gives no chunks, concurrent use is safe, and {@code toString()}
 * describes the options.
 */
interface ChunkListContract extends ChunkerContract {

    /** Seeded generated documents plus a small hand-written one. */
    @Override
    default List<Document> documents() {
        long seed = 7_001L;
        System.out.println(getClass().getSimpleName() + " documents seed=" + seed);
        Random random = new Random(seed);
        List<Document> docs = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            docs.add(new GeneratedCorpus(random).document("g" + i).document());
        }
        docs.add(new Document(
                "tiny",
                "Tiny",
                "tiny.md",
                0,
                Map.of(),
                new Section(
                        "root",
                        "Tiny",
                        0,
                        "",
                        0,
                        0,
                        List.of(),
                        List.of(
                                Section.of("s1", "1 Intro", 1, "One short section."),
                                Section.of("s2", "2 End", 1, "Done.")))));
        return docs;
    }

    @Test
    default void chunk_corpus_passesTheAuditorWithoutErrors() {
        List<Document> docs = documents();
        List<Chunk> all = new ArrayList<>();
        for (Document d : docs) {
            all.addAll(chunker().chunk(d));
        }
        ChunkAudit audit = ChunkAuditor.standard().audit(docs, all);
        assertThat(audit.findings().stream().filter(f -> f.level() == AuditFinding.Level.ERROR))
                .as(chunker().toString())
                .isEmpty();
    }

    @Test
    default void chunk_documentWithoutText_givesNoChunks() {
        Section root =
                new Section("r", "Empty", 0, "  \n", 1, 1, List.of(), List.of(Section.of("c", "1 Nothing", 1, "\n\n")));
        Document d = new Document("empty", "Empty", "empty.pdf", 1, Map.of(), root);
        assertThat(chunker().chunk(d)).isEmpty();
    }

    @Test
    default void chunk_concurrentCalls_giveTheSameChunks() throws Exception {
        List<Document> docs = documents();
        var chunker = chunker();
        List<List<Chunk>> expected = docs.stream().map(chunker::chunk).toList();
        try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
            List<Future<List<List<Chunk>>>> runs = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                runs.add(pool.submit(() -> docs.stream().map(chunker::chunk).toList()));
            }
            for (Future<List<List<Chunk>>> run : runs) {
                assertThat(run.get()).isEqualTo(expected);
            }
        }
    }

    @Test
    default void toString_namesTheChunkerAndItsOptions() {
        String s = chunker().toString();
        assertThat(s)
                .startsWith(chunker().getClass().getSimpleName() + "[")
                .endsWith("]")
                .contains("=");
    }
}
