package io.github.raglens.parse.ocr;

import java.nio.file.Path;
import java.time.Duration;

/** Told of each page OCR has read, for a progress line: OCR takes seconds a page. */
@FunctionalInterface
public interface OcrProgress {

    /** Tells nothing. */
    OcrProgress NONE = (file, page, pages, took) -> {};

    /**
     * A page was read.
     *
     * @param file the file it belongs to
     * @param page its 1-based number among the file's pages
     * @param pages how many pages the file has
     * @param took how long reading it took, drawing included
     */
    void pageRead(Path file, int page, int pages, Duration took);
}
