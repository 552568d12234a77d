package io.github.raglens.parse.pdf;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.ParseException;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.Scratch;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType1Font;

/**
 * The layout code over whatever PDFBox returns: valid PDFs whose pages hold fuzzed words at fuzzed
 * places, sizes and fonts, over fuzzed rules and shaded boxes, so that columns, tables, headings,
 * running lines and formulas are searched for in layouts no real paper has. Every such page is
 * parsed, or refused in one line (a page without text).
 */
class PdfLayoutFuzzTest {

    private static final PDFont[] FONTS = {
        PDType1Font.TIMES_ROMAN,
        PDType1Font.TIMES_BOLD,
        PDType1Font.TIMES_ITALIC,
        PDType1Font.HELVETICA,
        PDType1Font.HELVETICA_BOLD,
        PDType1Font.COURIER,
        PDType1Font.SYMBOL
    };
    private static final float[] SIZES = {5, 8, 9, 10, 10, 10, 11, 12, 14, 17, 24};
    /** Words that mean something to the layout code: numbering, captions, figures, formulas, references. */
    private static final String[] WORDS = {
        "1",
        "2.1",
        "3.2.1",
        "A.",
        "IV.",
        "Introduction",
        "Method",
        "Results",
        "References",
        "Abstract",
        "Table",
        "Figure",
        "1:",
        "0.95",
        "12.3%",
        "$4.5",
        "(1)",
        "=",
        "x",
        "-",
        "the",
        "of",
        "model",
        "data",
        "Appendix",
        "Contents",
        "page",
        "ﬁ",
        "•",
        "—",
        "|",
        "..........",
        "et al.",
        "[12]"
    };

    @HostileInputTest
    void parsesOrRefuses(FuzzedDataProvider data) throws IOException {
        Path file = Scratch.emptyFolder().resolve("layout.pdf");
        write(data, file);
        boolean tables = data.consumeBoolean();
        HostileInput.readOrRefuse(
                ParseException.class,
                PdfParserFuzzTest.PDF_BUDGET,
                () -> PdfParser.builder()
                        .useOutline(false)
                        .tables(tables)
                        .build()
                        .parse(file));
    }

    private static void write(FuzzedDataProvider data, Path file) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            for (int p = data.consumeInt(1, 3); p > 0; p--) {
                PDPage page = new PDPage(PDRectangle.LETTER);
                doc.addPage(page);
                try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                    for (int i = data.consumeInt(0, 12); i > 0; i--) {
                        shape(data, cs);
                    }
                    for (int i = data.consumeInt(0, 60); i > 0; i--) {
                        line(data, cs);
                    }
                }
            }
            doc.save(file.toFile());
        }
    }

    /** A rule or a shaded box, at places on a coarse grid so that they can frame the words. */
    private static void shape(FuzzedDataProvider data, PDPageContentStream cs) throws IOException {
        float x = data.consumeInt(0, 61) * 10;
        float y = data.consumeInt(0, 79) * 10;
        float w = data.consumeInt(0, 60) * 10;
        float h = data.consumeInt(0, 40) * 5;
        if (data.consumeBoolean()) {
            cs.setLineWidth(data.consumeInt(1, 4) * 0.25f);
            cs.moveTo(x, y);
            cs.lineTo(data.consumeBoolean() ? x + w : x, data.consumeBoolean() ? y - h : y);
            cs.stroke();
        } else {
            cs.setNonStrokingColor(data.consumeInt(50, 100) / 100f);
            cs.addRect(x, y - h, w, h);
            cs.fill();
            cs.setNonStrokingColor(0f);
        }
    }

    /** A line of words in one font, at a baseline and a left edge on a coarse grid (rows and columns). */
    private static void line(FuzzedDataProvider data, PDPageContentStream cs) throws IOException {
        PDFont font = data.pickValue(FONTS);
        float size = data.pickValue(SIZES);
        float x = data.consumeInt(0, 60) * 10;
        float y = 792 - data.consumeInt(1, 160) * 5;
        StringBuilder text = new StringBuilder();
        for (int w = data.consumeInt(1, 8); w > 0; w--) {
            String word = data.consumeBoolean() ? data.pickValue(WORDS) : data.consumeAsciiString(12);
            text.append(text.isEmpty() ? "" : " ").append(word);
        }
        String shown = encodable(font, text.toString());
        if (shown.isBlank()) {
            return;
        }
        cs.beginText();
        cs.setFont(font, size);
        cs.setWordSpacing(data.consumeInt(0, 3) * 2f);
        cs.newLineAtOffset(x, y);
        cs.showText(shown);
        cs.endText();
    }

    /** The characters of the text the font can show (a standard font encodes only its own set). */
    private static String encodable(PDFont font, String text) throws IOException {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            String c = String.valueOf(text.charAt(i));
            try {
                font.encode(c);
                out.append(c);
            } catch (IllegalArgumentException notInTheFont) {
                // left out: the font has no glyph for it
            }
        }
        return out.toString();
    }
}
