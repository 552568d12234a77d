package io.github.raglens.parse.ocr;

import io.github.raglens.parse.glyphs.PageText;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the words of page images with Tesseract 5, in the languages asked for, as a {@link PageText}
 * the PDF pipeline reads like a text layer's. Opening finds the language data ({@code TESSDATA_PREFIX},
 * else the system's packages) and loads the engine; a missing language is named with the package that
 * installs it. Not thread-safe: one engine per thread; close it to free the native engine.
 */
public final class OcrEngine implements AutoCloseable {

    /**
     * A reading this confident, of words across the page, is of an upright page; a less confident one,
     * or one of words set upright, may be of a turned page.
     */
    private static final float CONFIDENT = 75f;

    private final Tesseract tesseract;
    private final Duration pageLimit;

    private OcrEngine(Tesseract tesseract, Duration pageLimit) {
        this.tesseract = tesseract;
        this.pageLimit = pageLimit;
    }

    /**
     * An engine for the languages.
     *
     * @param data the folder of the language data, or empty to search {@code TESSDATA_PREFIX} and the
     *     system's folders
     * @param pageLimit how long one page may take; the words read by then are kept
     * @throws OcrUnavailableException when a language's data is missing (the message names the package
     *     to install) or the native library does not load here
     */
    public static OcrEngine open(OcrLanguages languages, Optional<Path> data, Duration pageLimit) {
        return open(languages, data, pageLimit, System.getenv());
    }

    static OcrEngine open(
            OcrLanguages languages, Optional<Path> data, Duration pageLimit, Map<String, String> environment) {
        Path folder = TessData.locate(languages.codes(), data, environment, TessData.SYSTEM_FOLDERS);
        return new OcrEngine(Tesseract.open(folder, languages.joined()), pageLimit);
    }

    /**
     * Checks that the languages' data is there, without loading the engine.
     *
     * @throws OcrUnavailableException when it is not; the message names the package to install
     */
    public static void check(OcrLanguages languages, Optional<Path> data) {
        TessData.locate(languages.codes(), data, System.getenv(), TessData.SYSTEM_FOLDERS);
    }

    /**
     * The words of one page's image.
     *
     * @param page the 1-based page number
     */
    public PageText read(int page, GrayImage image) {
        Tesseract.Reading reading = tesseract.read(image, pageLimit);
        GrayImage read = image;
        if (reading.confidence() < CONFIDENT || reading.mostlyUpright()) {
            int rotation = tesseract.rotation(image);
            if (rotation != 0) {
                GrayImage turned = image.turnedBack(rotation);
                Tesseract.Reading again = tesseract.read(turned, pageLimit);
                if (again.confidence() > reading.confidence() || reading.mostlyUpright() && !again.mostlyUpright()) {
                    reading = again;
                    read = turned;
                }
            }
        }
        return OcrWords.page(page, read, reading.lines());
    }

    @Override
    public void close() {
        tesseract.close();
    }
}
