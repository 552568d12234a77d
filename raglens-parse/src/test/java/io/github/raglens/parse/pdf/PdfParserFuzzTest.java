package io.github.raglens.parse.pdf;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.ParseException;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.InputBudget;
import io.github.raglens.fuzz.Scratch;
import java.nio.file.Path;

/**
 * The bytes of a PDF file, damaged anyhow: parsed (what PDFBox recovers, laid out) or refused in one
 * line. PDFBox's own parser is fuzzed by OSS-Fuzz; this target is for what raglens does with whatever
 * PDFBox makes of a damaged file.
 */
class PdfParserFuzzTest {

    /** PDFBox's fonts and Tabula's pages cost far more than a small reader's. */
    static final InputBudget PDF_BUDGET = InputBudget.mebibytes(512);

    @HostileInputTest
    void parsesOrRefuses(FuzzedDataProvider data) {
        boolean outline = data.consumeBoolean();
        Path file = Scratch.file("paper.pdf", data.consumeRemainingAsBytes());
        HostileInput.readOrRefuse(
                ParseException.class,
                PDF_BUDGET,
                () -> PdfParser.builder().useOutline(outline).build().parse(file));
    }
}
