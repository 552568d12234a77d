package io.github.raglens.parse.pdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.parse.CorpusParser;
import io.github.raglens.parse.FileOutcome;
import io.github.raglens.parse.ParseStatus;
import io.github.raglens.testdata.SharedData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PdfParserBadInputTest {

    @TempDir
    Path dir;

    private Path simplePdf() throws IOException {
        List<TestPdfs.Text> texts = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            texts.add(TestPdfs.Text.body(72, 100 + 14 * i, "This is line " + i + " of a plain test page."));
        }
        return TestPdfs.write(dir.resolve("simple.pdf"), List.of(texts));
    }

    @Test
    void parse_encryptedPdf_failsNamingTheFileAndTheRemedy() {
        Path file = SharedData.require("tabula-java/resources/encrypted.pdf");
        assertThatThrownBy(() -> PdfParser.create().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + ": the PDF is encrypted with a password; decrypt it first"
                        + " (for example: qpdf --decrypt --password=PASSWORD in.pdf out.pdf) and parse the copy");
    }

    @Test
    void parse_zeroByteFile_failsWithEmptyFileMessage() throws IOException {
        Path file = Files.createFile(dir.resolve("empty.pdf"));
        assertThatThrownBy(() -> PdfParser.create().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + ": the file is empty (0 bytes); replace it with the complete PDF");
    }

    @Test
    void parse_htmlNamedPdf_failsAsNotAPdf() throws IOException {
        Path file = Files.writeString(dir.resolve("page.pdf"), "<html><body>404 Not Found</body></html>");
        assertThatThrownBy(() -> PdfParser.create().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file
                        + ": not a PDF (no %PDF- header); check the file type or rename it with its real extension");
    }

    @Test
    void parse_truncatedPdf_isReportedDamaged() throws IOException {
        byte[] full = Files.readAllBytes(simplePdf());
        Path file = Files.write(dir.resolve("truncated.pdf"), java.util.Arrays.copyOf(full, full.length / 3));
        FileOutcome outcome = CorpusParser.of(PdfParser.create()).parseFile(file);
        assertThat(outcome.status()).isEqualTo(ParseStatus.DAMAGED);
    }

    @Test
    void parse_garbageAfterHeader_failsAsDamaged() throws IOException {
        Path file = Files.writeString(dir.resolve("garbage.pdf"), "%PDF-1.4\n" + "x".repeat(500));
        assertThatThrownBy(() -> PdfParser.create().parse(file))
                .isInstanceOf(ParseException.class)
                .isInstanceOf(DamagedPdfException.class)
                .hasMessageStartingWith("cannot parse " + file + ": the PDF is damaged or truncated: the file ends"
                        + " without its end-of-file marker, so it was cut short, as by an interrupted download or"
                        + " copy; PDFBox could not open it (")
                .hasMessageEndingWith("); download it again or repair it");
    }

    @Test
    void parse_imageOnlyPdf_reportsNoTextLayer() throws IOException {
        Path file = TestPdfs.imageOnly(dir.resolve("scan.pdf"));
        assertThatThrownBy(() -> PdfParser.create().parse(file))
                .isInstanceOf(NoTextException.class)
                .hasMessage("cannot parse " + file + ": no text layer, and no page is a scanned image for OCR to read");
    }

    @Test
    void parse_exceptionInsidePdfBox_becomesParseException() throws IOException {
        Path file = simplePdf();
        PdfParser parser = PdfParser.builder()
                .pageSource((doc, deadline, tables) -> {
                    throw new IllegalStateException("bad font program");
                })
                .build();
        assertThatThrownBy(() -> parser.parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + ": PDFBox failed inside the file (IllegalStateException: bad font"
                        + " program); the file is probably malformed");
    }

    /** A pattern's complaint shows the pattern and a caret on lines of their own (pdf-parser campaign). */
    @Test
    void parse_exceptionInsidePdfBoxWithAMessageOfSeveralLines_isReportedOnOneLine() throws IOException {
        Path file = simplePdf();
        PdfParser parser = PdfParser.builder()
                .pageSource((doc, deadline, tables) -> {
                    throw new IllegalStateException("Stack overflow near index 9\n[\\p{Cntrl}\\s]+\n         ^");
                })
                .build();
        assertThatThrownBy(() -> parser.parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + ": PDFBox failed inside the file (IllegalStateException: Stack"
                        + " overflow near index 9\\n[\\p{Cntrl}\\s]+\\n         ^); the file is probably malformed");
    }

    @Test
    void parse_exceptionInsideTabula_keepsTheTextAsText() throws IOException {
        List<TestPdfs.Text> texts = new ArrayList<>();
        texts.add(TestPdfs.Text.body(72, 90, "Table 1: Results of the runs"));
        for (int i = 0; i < 6; i++) {
            texts.add(TestPdfs.Text.body(72, 110 + 14 * i, "run" + i));
            texts.add(TestPdfs.Text.body(200, 110 + 14 * i, String.valueOf(10 + i)));
            texts.add(TestPdfs.Text.body(300, 110 + 14 * i, String.valueOf(20 + i)));
        }
        Path file = TestPdfs.write(dir.resolve("table.pdf"), List.of(texts));
        PdfParser parser = PdfParser.builder()
                .tableSource((page, tabula) -> {
                    throw new IllegalArgumentException("comparison method violates its general contract");
                })
                .build();
        Document d = parser.parse(file);
        assertThat(d.root().text()).contains("Table 1: Results of the runs").contains("run3 13 23");
        assertThat(d.root().tables()).isEmpty();
    }

    @Test
    void parse_overTimeLimit_failsNamingThePage() throws IOException {
        Path file = simplePdf();
        PdfParser parser = PdfParser.builder().timeLimit(Duration.ofNanos(1)).build();
        assertThatThrownBy(() -> parser.parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + " (page 1): parsing took longer than the limit of 0 ms;"
                        + " split the file or raise the per-file time limit");
    }

    @Test
    void builder_rejectsBadOptions() {
        assertThatThrownBy(() -> PdfParser.builder().timeLimit(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("timeLimit must be positive, was PT0S");
        assertThatThrownBy(() -> PdfParser.builder().maxMainMemoryBytes(10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxMainMemoryBytes must be >= 1 MiB, was 10");
    }
}
