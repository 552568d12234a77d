package io.github.raglens.parse.ocr;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How OCR reads: its languages, where their data is, how long a page may take, and who is told of
 * each page read.
 *
 * @param languages the languages, each needing its Tesseract data
 * @param tessdata the data's folder, or empty to search {@code TESSDATA_PREFIX} and the system's folders
 * @param pageLimit how long one page may take; the words read by then are kept
 * @param progress told of each page read
 */
public record OcrSettings(OcrLanguages languages, Optional<Path> tessdata, Duration pageLimit, OcrProgress progress) {

    /** English, the data searched for, 60 s a page, nobody told. */
    public static final OcrSettings DEFAULT =
            new OcrSettings(OcrLanguages.ENGLISH, Optional.empty(), Duration.ofSeconds(60), OcrProgress.NONE);

    /** Checks the values. */
    public OcrSettings {
        Objects.requireNonNull(languages, "languages");
        Objects.requireNonNull(tessdata, "tessdata");
        Objects.requireNonNull(pageLimit, "pageLimit");
        Objects.requireNonNull(progress, "progress");
        if (pageLimit.isNegative() || pageLimit.isZero()) {
            throw new IllegalArgumentException("the OCR page limit must be positive, was " + pageLimit);
        }
    }

    /** An engine with these settings. */
    public OcrEngine open() {
        return OcrEngine.open(languages, tessdata, pageLimit);
    }

    /** The part of a parse-cache key these settings change: the languages. */
    public String cacheKey() {
        return "ocr-" + languages.joined();
    }
}
