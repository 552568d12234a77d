package io.github.raglens.chunk.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.chunk.SectionChunker;
import io.github.raglens.chunk.SlidingWindowChunker;
import io.github.raglens.chunk.TestDocuments;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.store.ChunksFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusChunkerTest {

    @TempDir
    Path dir;

    @Test
    void chunk_corpus_countsPerDocumentAndAuditsClean() {
        Document a = TestDocuments.paper();
        Document b = TestDocuments.oneSection(TestDocuments.words(5_000));

        ChunkedCorpus result =
                CorpusChunker.of(SectionChunker.builder().build()).chunk(List.of(a, b));

        assertThat(result.chunksPerDocument())
                .containsExactly(
                        Map.entry("doc1", 5), Map.entry("doc", result.chunks().size() - 5));
        assertThat(result.audit().hasErrors()).isFalse();
        assertThat(result.audit().chunks()).isEqualTo(result.chunks().size());
    }

    @Test
    void chunk_twoDocumentsWithOneId_isRejectedNamingTheSource() {
        Document a = TestDocuments.oneSection("one");
        Document b = new Document("doc", "other", "other.pdf", 1, Map.of(), Section.of("r", "other", 0, "two"));

        assertThatThrownBy(() ->
                        CorpusChunker.of(SlidingWindowChunker.builder().build()).chunk(List.of(a, b)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "two documents have the id 'doc' ('paper.pdf' and 'other.pdf'); document ids must be unique in a "
                                + "corpus: remove the duplicate or rename one");
    }

    @Test
    void chunksFile_lineWithTheFieldsOfCliMd_isOneChunkPerLine() throws IOException {
        List<Chunk> chunks = SectionChunker.builder().build().chunk(TestDocuments.paper());
        Path file = dir.resolve("chunks.jsonl");
        ChunksFile.write(file, chunks);

        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines).hasSize(chunks.size());
        assertThat(lines.getFirst())
                .contains(
                        "\"id\":",
                        "\"documentId\":\"doc1\"",
                        "\"sectionId\":\"root\"",
                        "\"parentSectionId\":null",
                        "\"sectionPath\":\"paper\"",
                        "\"type\":\"PARENT_SECTION\"",
                        "\"fragmentIndex\":-1",
                        "\"order\":0",
                        "\"pageStart\":1",
                        "\"pageEnd\":5",
                        "\"text\":\"Abstract.\"");
    }
}
