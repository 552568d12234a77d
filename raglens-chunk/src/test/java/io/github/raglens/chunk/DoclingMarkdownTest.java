package io.github.raglens.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.chunk.corpus.ChunkedCorpus;
import io.github.raglens.chunk.corpus.CorpusChunker;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.result.ChunkAudit.AuditFinding;
import io.github.raglens.spi.Chunker;
import io.github.raglens.testdata.SharedData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * All chunkers on real Markdown: Docling's expected output for its test PDFs (pipe tables, formulas,
 * headings), cut into sections at its {@code #} headings by a test-only reader.
 */
class DoclingMarkdownTest {

    static List<Document> corpus() throws IOException {
        Path root = SharedData.require("docling-pdf-groundtruth");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(p -> p.toString().endsWith(".md")).sorted().toList();
        }
        List<Document> docs = new ArrayList<>();
        for (Path f : files) {
            docs.add(read(f));
        }
        return docs;
    }

    /** A document whose root holds the text before the first heading and one child per heading. */
    static Document read(Path file) throws IOException {
        String name = file.getFileName().toString().replaceFirst("\\.md$", "");
        List<Section> sections = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        String title = null;
        int level = 1;
        String rootText = "";
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.startsWith("#")) {
                if (title == null) {
                    rootText = text.toString();
                } else {
                    sections.add(Section.of(name + "-" + sections.size(), title, level, text.toString()));
                }
                level = (int) line.chars().takeWhile(c -> c == '#').count();
                title = line.substring(level).strip();
                text.setLength(0);
            } else {
                text.append(line).append('\n');
            }
        }
        if (title == null) {
            rootText = text.toString();
        } else {
            sections.add(Section.of(name + "-" + sections.size(), title, level, text.toString()));
        }
        Section root = new Section(name + "-root", name, 0, rootText, 0, 0, List.of(), sections);
        return new Document(name, name, file.toString(), 0, Map.of(), root);
    }

    @Test
    void everyChunker_onDoclingMarkdown_auditsWithoutErrors() throws IOException {
        List<Document> docs = corpus();
        assertThat(docs).hasSizeGreaterThanOrEqualTo(10);
        List<Chunker> chunkers = List.of(
                SectionChunker.builder().build(),
                SlidingWindowChunker.builder().build(),
                RecursiveChunker.builder().build());
        for (Chunker chunker : chunkers) {
            ChunkedCorpus result = CorpusChunker.of(chunker).chunk(docs);
            assertThat(result.audit().findings())
                    .as(chunker.toString())
                    .noneMatch(f -> f.level() == AuditFinding.Level.ERROR);
            assertThat(result.chunks()).as(chunker.toString()).isNotEmpty();
        }
    }

    @Test
    void sectionChunker_onDoclingMarkdown_keepsTablesAndFormulasWhole() throws IOException {
        List<Document> docs = corpus();
        // smaller limits than the defaults, so that these short documents get fragmented too
        SectionChunker chunker = SectionChunker.builder()
                .maxSectionChars(600)
                .fragmentChars(400)
                .fragmentOverlap(60)
                .maxTableChars(800)
                .tableFragmentChars(500)
                .build();
        int tableFragments = 0;
        for (Document d : docs) {
            for (Chunk c : chunker.chunk(d)) {
                if (c.type() == ChunkType.TABLE_FRAGMENT) {
                    tableFragments++;
                    String[] lines = c.text().split("\n");
                    assertThat(lines.length).as(c.text()).isGreaterThanOrEqualTo(2);
                    assertThat(lines[0]).contains("|");
                    assertThat(lines[1]).matches("\\s*\\|?\\s*:?-+:?\\s*(\\|\\s*:?-+:?\\s*)*\\|?\\s*");
                    for (String line : lines) {
                        assertThat(line).as("a whole row").contains("|");
                    }
                }
                int dollars = c.text().split("\\$\\$", -1).length - 1;
                assertThat(dollars % 2).as("formula cut in %s", c.text()).isZero();
            }
        }
        assertThat(tableFragments).as("the corpus has tables").isGreaterThan(5);
    }
}
