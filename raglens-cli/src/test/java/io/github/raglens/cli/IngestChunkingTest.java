package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.store.ChunksFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The chunking half of {@code raglens ingest}: {@code --chunker}, {@code chunks.jsonl} and the audit. */
class IngestChunkingTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return RaglensCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private Path corpus() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        StringBuilder big = new StringBuilder("# Paper\n\nAbstract text of the paper.\n\n## 1 Method\n\n");
        for (int i = 0; i < 60; i++) {
            big.append("Sentence ").append(i).append(" explains the method in enough words to matter here.\n\n");
        }
        big.append(
                "| model | score |\n|---|---|\n| bm25 | 0.66 |\n| dense | 0.71 |\n\n## 2 End\n\nThe end of the paper.\n");
        Files.writeString(docs.resolve("paper.md"), big);
        Files.writeString(docs.resolve("note.txt"), "A short plain-text note about retrieval.\n");
        return docs;
    }

    @Test
    void ingest_defaultChunker_writesAuditedChunksJsonl() throws IOException {
        Path docs = corpus();
        Path ws = dir.resolve("ws");

        assertThat(run("--workspace", ws.toString(), "ingest", "--docs", docs.toString()))
                .isZero();

        List<Chunk> chunks = ChunksFile.read(ws.resolve("chunks.jsonl"));
        assertThat(chunks)
                .extracting(Chunk::type)
                .contains(ChunkType.PARENT_SECTION, ChunkType.SECTION_FRAGMENT, ChunkType.TABLE_FRAGMENT);
        assertThat(out.toString())
                .containsPattern("chunked 2 documents into " + chunks.size() + " chunks \\(\\d+ PARENT_SECTION, \\d+ "
                        + "SECTION_FRAGMENT, 1 TABLE_FRAGMENT\\) with SectionChunker\\[maxSectionChars=2500, .*\\] in \\d+ ms "
                        + "\\(parsing took \\d+ ms\\); audit of " + chunks.size()
                        + " chunks: 0 errors, 0 warnings; chunks: ");
        assertThat(err.toString()).isEmpty();
        assertThat(Files.readString(ws.resolve("ingest-report.json"))).doesNotContain("\"chunks\" : 0");
    }

    @Test
    void ingest_slidingChunker_isSelectedByName() throws IOException {
        Path ws = dir.resolve("ws");
        assertThat(run("--workspace", ws.toString(), "ingest", "--docs", corpus().toString(), "--chunker", "sliding"))
                .isZero();
        assertThat(ChunksFile.read(ws.resolve("chunks.jsonl")))
                .isNotEmpty()
                .allSatisfy(c -> assertThat(c.type()).isEqualTo(ChunkType.SECTION_FRAGMENT));
        assertThat(out.toString()).contains("with SlidingWindowChunker[windowChars=1000, overlapChars=200");
    }

    @Test
    void ingest_unknownChunker_isAUsageErrorListingTheNames() throws IOException {
        int code = run(
                "--workspace",
                dir.resolve("ws").toString(),
                "ingest",
                "--docs",
                corpus().toString(),
                "--chunker",
                "semantic");
        assertThat(code).isEqualTo(2);
        assertThat(err.toString())
                .startsWith(
                        "raglens ingest: Invalid value for option '--chunker': unknown chunker 'semantic'; use section, sliding or recursive");
    }

    @Test
    void ingest_thinChunk_isAWarningOnTheOutputAndTheRunSucceeds() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("tiny.md"), "# Tiny\n\nshort\n");
        Path ws = dir.resolve("ws");

        assertThat(run("--workspace", ws.toString(), "ingest", "--docs", docs.toString()))
                .isZero();

        assertThat(out.toString())
                .containsPattern("audit: WARNING thin-chunk: chunk '[0-9a-f]{32}' \\(document 'tiny-[0-9a-f]{12}', "
                        + "section '[^']+'\\) has only 5 characters");
        assertThat(Files.exists(ws.resolve("chunks.jsonl"))).isTrue();
    }

    @Test
    void ingest_sameFileTwice_failsNamingBothCopies() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.createDirectories(docs.resolve("a"));
        Files.createDirectories(docs.resolve("b"));
        Files.writeString(docs.resolve("a/x.md"), "# X\n\nSome text that is long enough.\n");
        Files.writeString(docs.resolve("b/x.md"), "# X\n\nSome text that is long enough.\n");
        Path ws = dir.resolve("ws");

        assertThat(run("--workspace", ws.toString(), "ingest", "--docs", docs.toString()))
                .isEqualTo(1);

        assertThat(err.toString())
                .matches(
                        "(?s)raglens: cannot chunk the corpus: two documents have the id 'x-[0-9a-f]{12}' \\('.*a/x.md' "
                                + "and '.*b/x.md'\\); document ids must be unique in a corpus: remove the duplicate or rename one\\R");
        assertThat(Files.exists(ws.resolve("chunks.jsonl"))).isFalse();
    }
}
