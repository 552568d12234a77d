package io.github.raglens.parse.image;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.ParseException;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.InputBudget;
import io.github.raglens.fuzz.Scratch;
import io.github.raglens.parse.DocumentParser;
import java.nio.file.Path;

/**
 * The bytes of a scanned page's image, damaged anyhow, under any of the names images go by: read by
 * OCR (what Java's image readers decode of it) or refused in one line, memory bounded whatever size
 * its header declares.
 */
class ImageParserFuzzTest {

    private static final String[] NAMES = {"scan.png", "scan.jpg", "scan.jpeg", "scan.tif", "scan.tiff"};

    /** A decoded page may be drawn up to 40 million pixels, and Tesseract reads it. */
    static final InputBudget IMAGE_BUDGET = InputBudget.mebibytes(512);

    @HostileInputTest
    void readsOrRefuses(FuzzedDataProvider data) {
        String name = NAMES[data.consumeInt(0, NAMES.length - 1)];
        Path file = Scratch.file(name, data.consumeRemainingAsBytes());
        HostileInput.readOrRefuse(
                ParseException.class,
                IMAGE_BUDGET,
                () -> DocumentParser.create().parse(file));
    }
}
