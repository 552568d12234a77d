package io.github.raglens.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.parse.document.Blocks;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each rule of garbled text on both sides of its line. */
class GarbledTextTest {

    /** 49 words of 8 visible characters and a space each: 392 visible characters, on one line. */
    private static final String PROSE = "Harbour. ".repeat(49);

    @Test
    void cleanProseIsNotGarbled() {
        assertThat(GarbledText.of(document(PROSE + "\n" + PROSE))).isEmpty();
    }

    @Test
    void tenUnmappedGlyphsInAHundredthOfTheTextAreGarbled() {
        String glyphs = "\uE001".repeat(5) + "\uFFFD".repeat(5);

        assertThat(GarbledText.of(document(PROSE + glyphs)))
                .contains("text looks garbled: 10 of 415 characters (2.4%) are unmapped glyphs (replacement,"
                        + " private-use or control characters); the file's fonts lack a Unicode map: export it again"
                        + " with embedded Unicode fonts, or OCR it");
    }

    @Test
    void nineUnmappedGlyphsOrTenInFarMoreTextAreNot() {
        assertThat(GarbledText.of(document(PROSE + "\uE001".repeat(9)))).isEmpty();
        assertThat(GarbledText.of(document((PROSE + "\n").repeat(3) + "\uE001".repeat(10))))
                .isEmpty();
    }

    @Test
    void fortyPercentOfTwentyLinesHoldingThreeCharactersOrFewerAreGarbled() {
        String text = "Harbour report line\n".repeat(11) + "H a\n".repeat(8);

        assertThat(GarbledText.of(document(text)))
                .contains("text looks garbled: 8 of 20 lines (40%) hold 3 characters or fewer, as text read a"
                        + " letter at a time does; check how the file sets its text (vertical or letter-spaced)");
    }

    @Test
    void fewerShortLinesOrFewerLinesAreNot() {
        assertThat(GarbledText.of(document("Harbour report line\n".repeat(12) + "H a\n".repeat(7))))
                .isEmpty();
        assertThat(GarbledText.of(document("H a\n".repeat(18)))).isEmpty();
    }

    @Test
    void theLinesOfFormulasAndCodeAreNotCountedAsShortLines() {
        String formula = "$$\n" + "x\n= 1\n".repeat(10) + "$$\n";
        String code = "```\n" + "}\n".repeat(10) + "```\n";

        assertThat(GarbledText.of(document("Harbour report line\n".repeat(25) + formula + code)))
                .isEmpty();
        assertThat(GarbledText.of(document("Harbour report line\n".repeat(25) + "x\n= 1\n".repeat(10) + "}\n")))
                .as("the same lines outside a formula")
                .isPresent();
    }

    /** A document titled "Harbour report" (a line of 13 visible characters, counted too) holding the text. */
    private static Document document(String text) {
        Blocks blocks = new Blocks("Harbour report");
        blocks.paragraph(text);
        return new Document("d", "Harbour report", "d.txt", 0, Map.of(), blocks.build());
    }
}
