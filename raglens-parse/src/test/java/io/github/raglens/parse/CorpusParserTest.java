package io.github.raglens.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.parse.pdf.TestPdfs;
import io.github.raglens.parse.text.PlainTextParser;
import io.github.raglens.result.IngestReport;
import io.github.raglens.spi.Parser;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusParserTest {

    @TempDir
    Path dir;

    @Test
    void parse_badFilesAreReportedAndTheRestIsParsed() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("a.md"), "# A\n\ntext\n");
        Files.createFile(docs.resolve("b-empty.pdf"));
        Files.writeString(docs.resolve("c-fake.pdf"), "<html></html>");
        TestPdfs.imageOnly(docs.resolve("d-scan.pdf"));
        Files.writeString(docs.resolve("e.txt"), "Plain\n\nbody\n");
        Files.writeString(docs.resolve("ignored.odt"), "x");
        Files.createDirectories(docs.resolve(".hidden"));
        Files.writeString(docs.resolve(".hidden/h.md"), "# H\n");
        List<FileOutcome> outcomes = CorpusParser.of(DocumentParser.create()).parse(docs);
        assertThat(outcomes)
                .extracting(FileOutcome::status)
                .containsExactly(
                        ParseStatus.OK, ParseStatus.FAILED, ParseStatus.FAILED, ParseStatus.NO_TEXT, ParseStatus.OK);
        assertThat(((FileOutcome.Failed) outcomes.get(1)).reason())
                .isEqualTo("the file is empty (0 bytes); replace it with the complete PDF");
        assertThat(((FileOutcome.Failed) outcomes.get(3)).reason())
                .isEqualTo("no text layer, and no page is a scanned image for OCR to read");
        IngestReport report =
                IngestReport.of(outcomes.stream().map(o -> o.reportEntry(0)).toList(), List.of());
        assertThat(report.ok()).isEqualTo(2);
        assertThat(report.failed()).isEqualTo(2);
        assertThat(report.noText()).isEqualTo(1);
        assertThat(report.files().get(3).status()).isEqualTo("no-text");
        Path json = dir.resolve("ws/ingest-report.json");
        report.write(json);
        assertThat(Files.readString(json)).contains("\"status\" : \"no-text\"").contains("\"milliseconds\"");
    }

    @Test
    void reportEntry_saysWhatWasSeen_formatSheetsHeadingsTablesAndCharacters() throws IOException {
        Path file = dir.resolve("ledger.xlsx");
        try (XSSFWorkbook book = new XSSFWorkbook()) {
            XSSFSheet sales = book.createSheet("Sales");
            sales.createRow(0).createCell(0).setCellValue("Berth");
            sales.getRow(0).createCell(1).setCellValue("Ships");
            sales.createRow(1).createCell(0).setCellValue("North");
            sales.getRow(1).createCell(1).setCellValue(12);
            book.createSheet("Notes").createRow(0).createCell(0).setCellValue("Figures are provisional.");
            try (OutputStream out = Files.newOutputStream(file)) {
                book.write(out);
            }
        }
        Path missing = dir.resolve("gone.pptx");

        List<FileOutcome> outcomes = List.of(
                new FileOutcome.Parsed(file.toString(), DocumentParser.create().parse(file), 7),
                new FileOutcome.Failed(missing.toString(), ParseStatus.FAILED, "cannot read the file", 1));

        // "ledger" + "Sales" + "| Berth | Ships |\n| --- | --- |\n| North | 12 |" + "Notes" + "Figures are
        // provisional."
        assertThat(outcomes.getFirst().reportEntry(4))
                .isEqualTo(new IngestReport.Entry(
                        file.toString(), "ok", "", 2, 2, 1, 4, 7, "xlsx", 0, 2, 6 + 5 + 46 + 5 + 24, false, ""));
        assertThat(outcomes.get(1).reportEntry(0))
                .isEqualTo(new IngestReport.Entry(
                        missing.toString(),
                        "failed",
                        "cannot read the file",
                        0,
                        0,
                        0,
                        0,
                        1,
                        "pptx",
                        0,
                        0,
                        0,
                        false,
                        ""));
    }

    @Test
    void parseCache_secondParseOfSameBytesIsAHitAndNewVersionMisses() throws IOException {
        Path file = Files.writeString(dir.resolve("n.txt"), "Note\n\nbody\n");
        AtomicInteger calls = new AtomicInteger();
        Parser counting = f -> {
            calls.incrementAndGet();
            return new PlainTextParser().parse(f);
        };
        ParseCache cache = new ParseCache(dir.resolve("cache"));
        Document first = cache.parse(file, counting, "text-1");
        Document second = cache.parse(file, counting, "text-1");
        assertThat(calls).hasValue(1);
        assertThat(second).isEqualTo(first);
        cache.parse(file, counting, "text-2");
        assertThat(calls).hasValue(2);
        Path copy = Files.copy(file, dir.resolve("copy.txt"));
        Document fromCopy = cache.parse(copy, counting, "text-1");
        assertThat(calls).hasValue(2);
        assertThat(fromCopy.source()).isEqualTo(copy.toString());
        assertThat(fromCopy.id()).startsWith("copy-");
    }
}
