package io.github.raglens.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.internal.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IngestReportTest {

    @TempDir
    Path dir;

    @Test
    void aReportWrittenBeforeTheFormatAndTextFieldsReadsThemAsEmpty() throws IOException {
        Path file = Files.writeString(dir.resolve("ingest-report.json"), """
                {"files": [{"file": "a.pdf", "status": "ok", "reason": "", "pages": 3, "sections": 2,
                            "tables": 1, "chunks": 9, "milliseconds": 40}],
                 "ok": 1, "damaged": 0, "failed": 0, "noText": 0, "unsupported": []}
                """);

        IngestReport report = Json.reader().forType(IngestReport.class).readValue(file.toFile());

        assertThat(report.files())
                .containsExactly(new IngestReport.Entry("a.pdf", "ok", "", 3, 2, 1, 9, 40, "", 0, 0, 0, false, ""));
    }

    @Test
    void everyFieldIsWrittenAndReadBack() throws IOException {
        IngestReport report = IngestReport.of(
                List.of(new IngestReport.Entry(
                        "b.xlsx", "ok", "", 2, 2, 3, 5, 12, "xlsx", 0, 2, 812, true, "text looks garbled: why")),
                List.of());
        Path file = dir.resolve("ws/ingest-report.json");

        report.write(file);

        assertThat(Json.reader().forType(IngestReport.class).<IngestReport>readValue(file.toFile()))
                .isEqualTo(report);
        assertThat(Files.readString(file))
                .contains("\"format\" : \"xlsx\"")
                .contains("\"pagesOcrd\" : 0")
                .contains("\"headings\" : 2")
                .contains("\"characters\" : 812")
                .contains("\"garbled\" : true");
    }

    @Test
    void totalsByFormatSumEachFormatsFilesInTheOrderTheyCome() {
        IngestReport report = IngestReport.of(
                List.of(
                        new IngestReport.Entry("a.pdf", "ok", "", 3, 2, 1, 9, 40, "pdf", 0, 2, 900, false, ""),
                        new IngestReport.Entry("b.xlsx", "ok", "", 2, 2, 3, 5, 12, "xlsx", 0, 2, 812, false, ""),
                        new IngestReport.Entry("c.pdf", "damaged", "cut", 1, 1, 0, 2, 9, "pdf", 1, 1, 100, true, "why"),
                        new IngestReport.Entry("d.pdf", "failed", "empty", 0, 0, 0, 0, 1, "pdf", 0, 0, 0, false, "")),
                List.of());

        assertThat(report.totalsByFormat())
                .containsExactly(
                        new IngestReport.FormatTotals("pdf", 3, 2, 4, 1, 3, 1, 1000, 1),
                        new IngestReport.FormatTotals("xlsx", 1, 1, 2, 0, 2, 3, 812, 0));
    }

    @Test
    void describeSaysEachFormatsFiguresInItsOwnWords() {
        assertThat(new IngestReport.FormatTotals("xlsx", 3, 2, 7, 0, 12, 9, 5120, 1).describe())
                .isEqualTo("xlsx: 3 files (2 parsed), 7 sheets, 12 headings, 9 tables, 5,120 characters, 1 with text"
                        + " that looks garbled");
        assertThat(new IngestReport.FormatTotals("pdf", 1, 1, 1, 1, 1, 1, 1, 0).describe())
                .isEqualTo("pdf: 1 file, 1 page, 1 OCR'd, 1 heading, 1 table, 1 character");
        assertThat(new IngestReport.FormatTotals("html", 2, 2, 0, 0, 4, 0, 900, 0).describe())
                .isEqualTo("html: 2 files, 4 headings, 0 tables, 900 characters");
    }
}
