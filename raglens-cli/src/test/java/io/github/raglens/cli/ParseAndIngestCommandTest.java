package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.internal.Json;
import io.github.raglens.result.IngestReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParseAndIngestCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return RaglensCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void parse_markdownToJson_listsSectionsAndTables() throws IOException {
        Path file = Files.writeString(dir.resolve("doc.md"), "# Doc\n\n## Part\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
        assertThat(run("parse", file.toString(), "--format", "json")).isZero();
        assertThat(out.toString())
                .contains("\"title\" : \"Part\"")
                .contains("\"level\" : 2")
                .contains("\"rows\" : [ [ \"a\", \"b\" ], [ \"1\", \"2\" ] ]");
    }

    @Test
    void parse_markdownFormat_printsHeadings() throws IOException {
        Path file = Files.writeString(dir.resolve("doc.md"), "# Doc\n\nbody\n");
        assertThat(run("parse", file.toString())).isZero();
        assertThat(out.toString()).isEqualTo("# Doc\n\n## Doc\n\nbody\n");
    }

    @Test
    void ingest_missingFolder_namesTheOption() {
        Path missing = dir.resolve("missing");
        assertThat(run("--workspace", dir.resolve("ws").toString(), "ingest", "--docs", missing.toString()))
                .isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo(
                        "raglens: documents folder " + missing + " does not exist or is not a folder; check --docs\n");
    }

    @Test
    void ingest_badFileIsReportedAndExitCodeIs3() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("good.md"), "# Good\n\ntext\n");
        Files.createFile(docs.resolve("empty.pdf"));
        Path ws = dir.resolve("ws");
        assertThat(run("--workspace", ws.toString(), "ingest", "--docs", docs.toString()))
                .isEqualTo(RaglensCli.EXIT_PARTIAL);
        assertThat(err.toString())
                .isEqualTo("raglens: failed: " + docs.resolve("empty.pdf")
                        + ": the file is empty (0 bytes); replace it with the complete PDF" + System.lineSeparator());
        String report = Files.readString(ws.resolve("ingest-report.json"));
        assertThat(report)
                .contains("\"status\" : \"failed\"")
                .contains("\"status\" : \"ok\"")
                .contains("\"chunks\" : 0");
    }

    @Test
    void ingest_saysWhatItSawPerFormatAndNamesGarbledText() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("notes.md"), "# Harbour\n\nCargo grew.\n\n## Berths\n\nNorth and south.\n");
        Path glyphs = Files.writeString(docs.resolve("glyphs.txt"), "Report\n\n" + "\uE001".repeat(12) + " cargo\n");
        Path ws = dir.resolve("ws");

        assertThat(run("--workspace", ws.toString(), "--no-progress", "ingest", "--docs", docs.toString()))
                .as(err.toString())
                .isZero();

        assertThat(out.toString())
                .contains("; report: " + ws.resolve("ingest-report.json") + "\n"
                        + "  text: 1 file, 0 headings, 0 tables, 32 characters, 1 with text that looks garbled\n"
                        + "  markdown: 1 file, 2 headings, 0 tables, 47 characters\n");
        assertThat(err.toString())
                .isEqualTo("raglens: garbled: " + glyphs + ": text looks garbled: 12 of 29 characters (41.4%) are"
                        + " unmapped glyphs (replacement, private-use or control characters); the file's fonts lack a"
                        + " Unicode map: export it again with embedded Unicode fonts, or OCR it\n");
    }

    @Test
    void ingest_unwritableWorkspace_failsBeforeParsing() throws Exception {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("doc.md"), "# Doc\n\nbody\n");
        Path blocker = Files.writeString(dir.resolve("a-file"), "not a folder");
        Path ws = blocker.resolve("ws");
        assertThat(run("--workspace", ws.toString(), "ingest", "--docs", docs.toString()))
                .isEqualTo(1);
        assertThat(out.toString()).as("no file parsed").isEmpty();
        assertThat(err.toString())
                .isEqualTo("raglens: cannot write to the workspace " + ws + " (FileSystemException: " + ws
                        + ": Not a directory); choose a folder you can write" + System.lineSeparator());
    }

    @Test
    void ingest_unsupportedFiles_areCountedAndListedInTheSummaryAndTheReport() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("good.md"), "# Good\n\ntext\n");
        Files.writeString(docs.resolve("notes.odt"), "not read");
        Files.createDirectories(docs.resolve("site"));
        Files.writeString(docs.resolve("site/page.rtf"), "<p>not read</p>");
        Path ws = dir.resolve("ws");
        assertThat(run("--workspace", ws.toString(), "--quiet", "ingest", "--docs", docs.toString()))
                .as(err.toString())
                .isZero();
        assertThat(out.toString())
                .contains("parsed 1 of 1 files (0 damaged, 0 failed, 0 without text); skipped 2 files of unsupported"
                        + " types (raglens reads PDF, Markdown, text, Word, PowerPoint, Excel, HTML, EPUB and image (OCR)): "
                        + docs.resolve("notes.odt") + ", "
                        + docs.resolve("site/page.rtf") + "; report: " + ws.resolve("ingest-report.json"));
        IngestReport report = Json.reader()
                .forType(IngestReport.class)
                .readValue(ws.resolve("ingest-report.json").toFile());
        assertThat(report.unsupported())
                .containsExactly(
                        docs.resolve("notes.odt").toString(),
                        docs.resolve("site/page.rtf").toString());
    }

    @Test
    void ingest_manyUnsupportedFiles_namesTheFirstFiveAndCountsTheRest() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("good.md"), "# Good\n\ntext\n");
        for (int i = 1; i <= 7; i++) {
            Files.writeString(docs.resolve("slide" + i + ".odp"), "x");
        }
        assertThat(run("--workspace", dir.resolve("ws").toString(), "--quiet", "ingest", "--docs", docs.toString()))
                .isZero();
        assertThat(out.toString())
                .contains(
                        "skipped 7 files of unsupported types (raglens reads PDF, Markdown, text, Word, PowerPoint, Excel, HTML, EPUB and image (OCR)): "
                                + docs.resolve("slide1.odp") + ", " + docs.resolve("slide2.odp") + ", "
                                + docs.resolve("slide3.odp") + ", " + docs.resolve("slide4.odp") + ", "
                                + docs.resolve("slide5.odp") + " and 2 more (all in the report); report: ");
    }

    @Test
    void ingest_onlyUnsupportedFiles_saysWhichTypesWereFound() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("a.ODT"), "x");
        Files.writeString(docs.resolve("b.rtf"), "x");
        Files.writeString(docs.resolve("c.rtf"), "x");
        assertThat(run("--workspace", dir.resolve("ws").toString(), "ingest", "--docs", docs.toString()))
                .isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo(
                        "raglens: no PDF, Markdown, text, Word, PowerPoint, Excel, HTML, EPUB or image (OCR) files under "
                                + docs
                                + " (3 files of types raglens does not read: .odt, .rtf); check --docs"
                                + System.lineSeparator());
    }
}
