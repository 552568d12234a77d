package io.github.raglens.parse.pdf;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.PdfTextCollector;
import io.github.raglens.parse.ocr.OcrEngine;
import io.github.raglens.parse.ocr.OcrMode;
import io.github.raglens.parse.ocr.OcrSettings;
import io.github.raglens.parse.ocr.OcrUnavailableException;
import io.github.raglens.parse.ocr.PageImages;
import io.github.raglens.parse.ocr.ScannedPages;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.pdfbox.pdmodel.PDDocument;

/**
 * Replaces the words of a PDF's scanned pages with the words OCR reads from their images, so the rest
 * of the pipeline reads them as it reads a text layer. The engine is opened only when a page needs it.
 */
final class ScannedPageReader {

    /**
     * The pages after OCR.
     *
     * @param pages every page, the scanned ones as OCR read them
     * @param ocrd how many pages OCR read
     * @param unavailable why OCR could not run, when a page needed it and it could not
     */
    record Result(List<PageText> pages, int ocrd, Optional<String> unavailable) {}

    private final OcrMode mode;
    private final OcrSettings settings;

    ScannedPageReader(OcrMode mode, OcrSettings settings) {
        this.mode = mode;
        this.settings = settings;
    }

    /**
     * OCRs the pages that need it.
     *
     * @param tables told of each OCR'd page, to find its tables as the text layer's pages were; null
     *     when tables are not looked for
     */
    Result read(Path file, PDDocument document, List<PageText> pages, PdfTextCollector.PageListener tables)
            throws IOException {
        if (mode == OcrMode.OFF) {
            return new Result(pages, 0, Optional.empty());
        }
        List<Integer> scanned = new ArrayList<>();
        for (int i = 0; i < pages.size(); i++) {
            PageText page = pages.get(i);
            if (mode == OcrMode.ALL || ScannedPages.needOcr(page)) {
                scanned.add(i);
            }
        }
        if (scanned.isEmpty()) {
            return new Result(pages, 0, Optional.empty());
        }
        List<PageText> out = new ArrayList<>(pages);
        try (OcrEngine engine = settings.open()) {
            for (int i : scanned) {
                long start = System.nanoTime();
                int number = pages.get(i).page();
                PageText read = engine.read(number, PageImages.render(document, number - 1));
                out.set(i, read);
                if (tables != null) {
                    tables.pageRead(read, () -> ScannedTabulaPages.of(document, read));
                }
                settings.progress()
                        .pageRead(
                                file, number, document.getNumberOfPages(), Duration.ofNanos(System.nanoTime() - start));
            }
        } catch (OcrUnavailableException e) {
            return new Result(pages, 0, Optional.of(e.getMessage()));
        }
        return new Result(out, scanned.size(), Optional.empty());
    }
}
