package io.github.raglens.parse.pdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.parse.CorpusParser;
import io.github.raglens.parse.DocumentParser;
import io.github.raglens.parse.FileOutcome;
import io.github.raglens.parse.ParseStatus;
import io.github.raglens.parse.glyphs.Deadline;
import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.PdfTextCollector;
import io.github.raglens.result.IngestReport;
import io.github.raglens.testdata.SharedData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Truncated and broken copies of real PDFs are reported as damaged, never as ok. */
class PdfDamageTest {

    private static final String CUT_SHORT = "the PDF is damaged or truncated: the file ends without its end-of-file"
            + " marker, so it was cut short, as by an interrupted download or copy; ";

    @TempDir
    Path dir;

    private Path firstHalf(String shared) throws IOException {
        byte[] full = Files.readAllBytes(SharedData.require(shared));
        return Files.write(dir.resolve("half-" + Path.of(shared).getFileName()), Arrays.copyOf(full, full.length / 2));
    }

    @Test
    void parse_firstHalfOfAPaper_isDamagedNamingThePagesRead() throws IOException {
        Path file = firstHalf("pdfs/beir_thakur2021_neurips-datasets-track.pdf");
        FileOutcome outcome = CorpusParser.of(PdfParser.create()).parseFile(file);
        assertThat(outcome.status()).isEqualTo(ParseStatus.DAMAGED);
        FileOutcome.Parsed parsed = (FileOutcome.Parsed) outcome;
        int read = pagesWithText(file);
        assertThat(read).isBetween(1, 16);
        assertThat(parsed.damage())
                .hasValue(CUT_SHORT + "read text from " + read
                        + " of the 16 pages found in its page tree; download it again or repair it for the rest");
        IngestReport.Entry entry = outcome.reportEntry(3);
        assertThat(entry.status()).isEqualTo("damaged");
        assertThat(entry.reason()).isEqualTo(parsed.damage().orElseThrow());
    }

    @Test
    void parse_firstHalfWithoutReadablePages_isDamagedNotNoText() throws IOException {
        Path file = firstHalf("pdfs/rag_lewis2020_2005.11401v4.pdf");
        FileOutcome outcome = CorpusParser.of(PdfParser.create()).parseFile(file);
        assertThat(outcome.status()).isEqualTo(ParseStatus.DAMAGED);
        assertThat(((FileOutcome.Failed) outcome).reason())
                .isEqualTo(CUT_SHORT + "no page has readable text; download it again or repair it");
    }

    @Test
    void parse_firstHalfThatPdfBoxCannotOpen_isDamaged() throws IOException {
        Path file = firstHalf("pdfs/attention_vaswani2017_1706.03762v5.pdf");
        assertThatThrownBy(() -> PdfParser.create().parse(file))
                .isInstanceOf(DamagedPdfException.class)
                .hasMessage("cannot parse " + file + ": " + CUT_SHORT
                        + "PDFBox could not open it (Missing root object specification in trailer.); download it"
                        + " again or repair it");
        assertThat(CorpusParser.of(PdfParser.create()).parseFile(file).status()).isEqualTo(ParseStatus.DAMAGED);
    }

    @Test
    void parse_brokenStartxref_isDamagedWithEveryPageRead() throws IOException {
        byte[] bytes = Files.readAllBytes(SharedData.require("pdfs/sbert_reimers2019_1908.10084v1.pdf"));
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int at = text.lastIndexOf("startxref") + "startxref".length();
        int end = text.indexOf("%%EOF", at);
        String broken = text.substring(0, at) + "\n17\n" + text.substring(end);
        Path file = Files.write(dir.resolve("broken-xref.pdf"), broken.getBytes(StandardCharsets.ISO_8859_1));
        FileOutcome.Parsed parsed =
                (FileOutcome.Parsed) CorpusParser.of(PdfParser.create()).parseFile(file);
        assertThat(parsed.status()).isEqualTo(ParseStatus.DAMAGED);
        assertThat(parsed.damage())
                .hasValue("the PDF is damaged or truncated: startxref points to byte 17, where there is no"
                        + " cross-reference table, so the table is broken; read text from 11 of the 11 pages found"
                        + " in its page tree; download it again or repair it for the rest");
    }

    @Test
    void of_everySharedPdf_isIntact() throws IOException {
        List<Path> pdfs;
        try (Stream<Path> walk = Files.walk(SharedData.require(""))) {
            pdfs = walk.filter(p -> p.toString().endsWith(".pdf")).sorted().toList();
        }
        assertThat(pdfs).hasSizeGreaterThan(30);
        for (Path pdf : pdfs) {
            assertThat(PdfDamage.of(pdf)).as(pdf.toString()).isEmpty();
        }
    }

    @Test
    void ingestReport_countsDamagedApartAndIsNotComplete() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.copy(SharedData.require("pdfs/sbert_reimers2019_1908.10084v1.pdf"), docs.resolve("a.pdf"));
        Files.copy(firstHalf("pdfs/attention_vaswani2017_1706.03762v5.pdf"), docs.resolve("b.pdf"));
        IngestReport report = IngestReport.of(
                CorpusParser.of(DocumentParser.create()).parse(docs).stream()
                        .map(o -> o.reportEntry(0))
                        .toList(),
                List.of());
        assertThat(report.files()).extracting(IngestReport.Entry::status).containsExactly("ok", "damaged");
        assertThat(List.of(report.ok(), report.damaged(), report.failed(), report.noText()))
                .containsExactly(1, 1, 0, 0);
        assertThat(report.complete()).isFalse();
    }

    private static int pagesWithText(Path file) throws IOException {
        try (PDDocument document = PDDocument.load(file.toFile())) {
            List<PageText> pages = new PdfTextCollector(Deadline.after(Duration.ofMinutes(1))).collect(document);
            return (int) pages.stream().filter(p -> p.charCount() > 0).count();
        }
    }
}
