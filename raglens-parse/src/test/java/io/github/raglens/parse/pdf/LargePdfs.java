package io.github.raglens.parse.pdf;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;

/** Writes large PDFs for the limits tests: many pages of running text, or one huge ruled table. */
final class LargePdfs {

    private static final String[] WORDS = {
        "retrieval", "model", "the", "of", "results", "dense", "index", "query", "passage", "score", "and", "with",
        "training", "evaluation", "data", "set", "we", "show", "that", "a", "in", "for", "is", "on"
    };

    private LargePdfs() {}

    /**
     * A document of {@code pages} letter pages, each with a heading and {@code lines} lines of running
     * text; every tenth page also has a captioned 4 × 6 table of numbers.
     */
    static Path manyPages(Path file, int pages, int lines, long seed) throws IOException {
        Random random = new Random(seed);
        try (PDDocument doc = new PDDocument()) {
            for (int p = 0; p < pages; p++) {
                PDPage page = new PDPage(PDRectangle.LETTER);
                doc.addPage(page);
                float top = page.getMediaBox().getHeight();
                try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                    text(cs, PDType1Font.TIMES_BOLD, 14, 72, top - 60, (p + 1) + " Section " + (p + 1));
                    float y = top - 90;
                    int bodyLines = p % 10 == 9 ? lines / 2 : lines;
                    for (int i = 0; i < bodyLines; i++) {
                        StringBuilder b = new StringBuilder();
                        while (b.length() < 85) {
                            b.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
                        }
                        text(
                                cs,
                                PDType1Font.TIMES_ROMAN,
                                10,
                                72,
                                y,
                                b.toString().strip());
                        y -= 13;
                    }
                    if (p % 10 == 9) {
                        y -= 10;
                        text(cs, PDType1Font.TIMES_ROMAN, 10, 72, y, "Table " + (p / 10 + 1) + ": Scores per run.");
                        y -= 16;
                        for (int r = 0; r < 6; r++) {
                            text(cs, PDType1Font.TIMES_ROMAN, 10, 72, y, r == 0 ? "Run" : "run" + r);
                            for (int c = 1; c < 4; c++) {
                                String cell = r == 0 ? "Metric" + c : String.valueOf(random.nextInt(100));
                                text(cs, PDType1Font.TIMES_ROMAN, 10, 72 + 110 * c, y, cell);
                            }
                            y -= 13;
                        }
                    }
                    text(cs, PDType1Font.TIMES_ROMAN, 9, 300, 40, String.valueOf(p + 1));
                }
            }
            doc.save(file.toFile());
        }
        return file;
    }

    /** One page holding a "Table 1" caption and a fully ruled table of rows × columns cells. */
    static Path ruledTable(Path file, int rows, int columns) throws IOException {
        float cellWidth = 40;
        float cellHeight = 12;
        float margin = 50;
        float width = 2 * margin + columns * cellWidth;
        float height = 2 * margin + 30 + rows * cellHeight;
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage(new PDRectangle(width, height));
            doc.addPage(page);
            try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                float tableTop = height - margin - 30;
                text(cs, PDType1Font.TIMES_ROMAN, 10, margin, height - margin - 10, "Table 1: A very large grid.");
                cs.setLineWidth(0.5f);
                for (int r = 0; r <= rows; r++) {
                    float y = tableTop - r * cellHeight;
                    cs.moveTo(margin, y);
                    cs.lineTo(margin + columns * cellWidth, y);
                }
                for (int c = 0; c <= columns; c++) {
                    float x = margin + c * cellWidth;
                    cs.moveTo(x, tableTop);
                    cs.lineTo(x, tableTop - rows * cellHeight);
                }
                cs.stroke();
                for (int r = 0; r < rows; r++) {
                    for (int c = 0; c < columns; c++) {
                        String cell = r == 0 ? "h" + c : "r" + r + "c" + c;
                        text(
                                cs,
                                PDType1Font.HELVETICA,
                                7,
                                margin + c * cellWidth + 3,
                                tableTop - r * cellHeight - 9,
                                cell);
                    }
                }
            }
            doc.save(file.toFile());
        }
        return file;
    }

    private static void text(PDPageContentStream cs, PDType1Font font, float size, float x, float y, String s)
            throws IOException {
        cs.beginText();
        cs.setFont(font, size);
        cs.newLineAtOffset(x, y);
        cs.showText(s);
        cs.endText();
    }
}
