package io.github.raglens.parse.image;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.parse.document.DocumentIds;
import io.github.raglens.parse.document.Ocr;
import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.ocr.OcrEngine;
import io.github.raglens.parse.ocr.OcrSettings;
import io.github.raglens.parse.ocr.OcrUnavailableException;
import io.github.raglens.parse.pdf.NoTextException;
import io.github.raglens.parse.pdf.PagePipeline;
import io.github.raglens.parse.pdf.ScannedTables;
import io.github.raglens.spi.Parser;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads scanned pages kept as images (PNG, JPEG, TIFF of one page or many) by OCR, then finds their
 * tables, columns, headings and paragraphs with the PDF pipeline, as for a scanned PDF. Immutable and
 * thread-safe: each file gets its own engine.
 */
public final class ImageParser implements Parser {

    /** Changes whenever the output for the same file changes; part of the parse-cache key. */
    public static final String VERSION = "image-2";

    private final OcrSettings settings;

    /** A parser reading with these OCR settings. */
    public ImageParser(OcrSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /**
     * Reads an image file.
     *
     * @throws NoTextException when OCR cannot run (its message names what to install) or finds no text
     * @throws ParseException when the file is not a PNG, JPEG or TIFF image, is damaged, or is too large
     */
    @Override
    public Document parse(Path file) {
        Objects.requireNonNull(file, "file");
        String sha = DocumentIds.sha256(file);
        try (ImageFile image = ImageFile.open(file)) {
            int count = image.pages();
            List<PageText> pages = new ArrayList<>();
            try (OcrEngine engine = settings.open()) {
                for (int i = 0; i < count; i++) {
                    long start = System.nanoTime();
                    pages.add(engine.read(i + 1, image.page(i)));
                    settings.progress().pageRead(file, i + 1, count, Duration.ofNanos(System.nanoTime() - start));
                }
            } catch (OcrUnavailableException e) {
                throw new NoTextException(file, "an image, and OCR cannot read it: " + e.getMessage());
            }
            if (pages.stream().mapToInt(PageText::charCount).sum() == 0) {
                throw new NoTextException(file, "OCR found no text in the image");
            }
            String stem = DocumentIds.stem(file);
            ScannedTables tables = ScannedTables.find(file, pages);
            PagePipeline.Result read =
                    PagePipeline.run(pages, tables.tables(), tables.laidOut(), List.of(), Optional.empty(), stem);
            return new Document(
                    DocumentIds.id(file, sha),
                    read.title(),
                    file.toString(),
                    count,
                    Map.of(Ocr.PAGES_KEY, Integer.toString(count)),
                    read.root());
        } catch (IOException e) {
            throw new ParseException(file, "cannot close the image (" + e.getMessage() + ")", e);
        }
    }

    @Override
    public String toString() {
        return "ImageParser{" + settings.languages() + "}";
    }
}
