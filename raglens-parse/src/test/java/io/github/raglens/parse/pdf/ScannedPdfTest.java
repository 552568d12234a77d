package io.github.raglens.parse.pdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import io.github.raglens.parse.DocumentMarkdown;
import io.github.raglens.parse.document.Ocr;
import io.github.raglens.parse.ocr.OcrLanguages;
import io.github.raglens.parse.ocr.OcrMode;
import io.github.raglens.parse.ocr.OcrProgress;
import io.github.raglens.parse.ocr.OcrSettings;
import io.github.raglens.parse.ocr.ScannedPageImages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScannedPdfTest {

    @TempDir
    Path dir;

    @Test
    void parse_scannedPage_isReadByOcrWithItsHeadings() throws IOException {
        assumeTrue(ScannedPageImages.englishInstalled(), "no English OCR data (apt-get install tesseract-ocr-eng)");
        Path file = ScannedPageImages.pdf(dir.resolve("scan.pdf"), ScannedPageImages.page());
        List<Integer> pagesTold = new ArrayList<>();
        PdfParser parser = PdfParser.builder()
                .ocr(new OcrSettings(
                        OcrLanguages.ENGLISH,
                        Optional.empty(),
                        Duration.ofSeconds(60),
                        (f, page, pages, took) -> pagesTold.add(page)))
                .build();

        Document document = parser.parse(file);

        assertThat(document.metadata()).containsEntry(Ocr.PAGES_KEY, "1");
        assertThat(document.title()).isEqualTo("Archive Reading");
        List<String> headings = new ArrayList<>();
        titles(document.root(), headings);
        assertThat(headings).containsExactly("1 Introduction", "2 Results");
        String text = DocumentMarkdown.render(document);
        assertThat(text).contains(String.join(" ", ScannedPageImages.INTRODUCTION));
        assertThat(text).contains("so that chunking works as it does for digital files.");
        assertThat(pagesTold).containsExactly(1);
    }

    @Test
    void parse_scannedPage_findsATableFromTheAlignmentOfItsWords() throws IOException {
        assumeTrue(ScannedPageImages.englishInstalled(), "no English OCR data (apt-get install tesseract-ocr-eng)");
        Path file = ScannedPageImages.pdf(dir.resolve("scan.pdf"), ScannedPageImages.tablePage());

        Document document = PdfParser.builder().build().parse(file);

        List<Table> tables = ScannedPageImages.tables(document);
        assertThat(tables).hasSize(1);
        assertThat(tables.getFirst().rows()).isEqualTo(ScannedPageImages.TABLE);
    }

    @Test
    void parse_scannedPageWithoutLanguageData_namesThePackageToInstall() throws IOException {
        Path file = ScannedPageImages.pdf(dir.resolve("scan.pdf"), ScannedPageImages.page());
        Path empty = Files.createDirectories(dir.resolve("tessdata"));
        PdfParser parser = PdfParser.builder()
                .ocr(new OcrSettings(
                        OcrLanguages.parse("deu"), Optional.of(empty), Duration.ofSeconds(5), OcrProgress.NONE))
                .build();

        assertThatThrownBy(() -> parser.parse(file))
                .isInstanceOf(NoTextException.class)
                .hasMessage("cannot parse " + file + ": no text layer, and OCR cannot read it: OCR language data 'deu'"
                        + " not found in " + empty + "; install it: apt-get install tesseract-ocr-deu and point at its"
                        + " folder, or put deu.traineddata in " + empty);
    }

    @Test
    void parse_scannedPageWithOcrOff_saysSo() throws IOException {
        Path file = ScannedPageImages.pdf(dir.resolve("scan.pdf"), ScannedPageImages.page());

        assertThatThrownBy(() -> PdfParser.builder().ocr(OcrMode.OFF).build().parse(file))
                .isInstanceOf(NoTextException.class)
                .hasMessage("cannot parse " + file + ": no text layer, and OCR is off");
    }

    private static void titles(Section s, List<String> out) {
        for (Section c : s.children()) {
            out.add(c.title());
            titles(c, out);
        }
    }
}
