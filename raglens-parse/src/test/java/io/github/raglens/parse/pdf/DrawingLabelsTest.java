package io.github.raglens.parse.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The labels set inside a page's drawings are figure text, left out of the prose; boxed text is not. */
class DrawingLabelsTest {

    private static final float HEIGHT = PDRectangle.LETTER.getHeight();
    private static final String[] PARAGRAPH = {
        "The pipeline reads each question and retrieves the passages that may answer it, then",
        "reranks them and hands the best ones to the reader, which writes the answer we judge.",
        "Each stage is measured on its own before the whole pipeline is measured end to end."
    };

    @TempDir
    Path dir;

    @Test
    void labelsInsideADiagramsRoundedBoxes_areLeftOutOfTheProse_andCounted() throws IOException {
        // a flowchart on one row: three rounded boxes (drawn with curves) joined by arrows, its caption
        // under it; one row of labels, too few lines for a chart beside its caption
        Path pdf = page(dir.resolve("flowchart.pdf"), true);

        Document d = PdfParser.create().parse(pdf);

        String text = allText(d.root());
        assertThat(text).contains("Figure 1: The stages of the pipeline.").contains("measured end to end.");
        assertThat(text).doesNotContain("Retriever").doesNotContain("Reranker");
        assertThat(d.metadata()).containsEntry("figureTextLines", "1");
    }

    @Test
    void labelsInsideStraightFrames_stayInTheText() throws IOException {
        // the same boxes drawn square, as a boxed note's frame is: no drawing, so the words stay
        Path pdf = page(dir.resolve("framed.pdf"), false);

        Document d = PdfParser.create().parse(pdf);

        assertThat(allText(d.root())).contains("Retriever Reranker Reader");
        assertThat(d.metadata()).doesNotContainKey("figureTextLines");
    }

    /** A page of a paragraph, three boxes with a label each (rounded or square), a caption and a paragraph. */
    private static Path page(Path file, boolean rounded) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.LETTER);
            doc.addPage(page);
            try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                float y = 100;
                for (String line : PARAGRAPH) {
                    text(cs, 72, y += 12, line);
                }
                float boxTop = y + 30;
                String[] labels = {"Retriever", "Reranker", "Reader"};
                for (int i = 0; i < labels.length; i++) {
                    float x = 120 + 140 * i;
                    box(cs, x, boxTop, 90, 30, rounded);
                    text(cs, x + 20, boxTop + 19, labels[i]);
                    if (i + 1 < labels.length) {
                        arrow(cs, x + 90, x + 140, boxTop + 15, rounded);
                    }
                }
                y = boxTop + 30 + 24;
                text(cs, 200, y, "Figure 1: The stages of the pipeline.");
                y += 12;
                for (String line : PARAGRAPH) {
                    text(cs, 72, y += 12, line);
                }
            }
            doc.save(file.toFile());
        }
        return file;
    }

    private static void text(PDPageContentStream cs, float x, float y, String text) throws IOException {
        cs.beginText();
        cs.setFont(PDType1Font.TIMES_ROMAN, 10);
        cs.newLineAtOffset(x, HEIGHT - y);
        cs.showText(text);
        cs.endText();
    }

    /** A box from (x, top), its corners rounded with Bézier curves or square. */
    private static void box(PDPageContentStream cs, float x, float top, float w, float h, boolean rounded)
            throws IOException {
        float bottom = HEIGHT - top - h;
        if (!rounded) {
            cs.addRect(x, bottom, w, h);
            cs.stroke();
            return;
        }
        float r = 5;
        float k = 0.55f * r;
        float right = x + w;
        float upper = bottom + h;
        cs.moveTo(x + r, bottom);
        cs.lineTo(right - r, bottom);
        cs.curveTo(right - r + k, bottom, right, bottom + r - k, right, bottom + r);
        cs.lineTo(right, upper - r);
        cs.curveTo(right, upper - r + k, right - r + k, upper, right - r, upper);
        cs.lineTo(x + r, upper);
        cs.curveTo(x + r - k, upper, x, upper - r + k, x, upper - r);
        cs.lineTo(x, bottom + r);
        cs.curveTo(x, bottom + r - k, x + r - k, bottom, x + r, bottom);
        cs.closePath();
        cs.stroke();
    }

    /** A horizontal arrow at y from x0 to x1, its head a slanted triangle when drawn, none otherwise. */
    private static void arrow(PDPageContentStream cs, float x0, float x1, float y, boolean head) throws IOException {
        float at = HEIGHT - y;
        cs.moveTo(x0, at);
        cs.lineTo(x1, at);
        cs.stroke();
        if (head) {
            cs.moveTo(x1, at);
            cs.lineTo(x1 - 6, at + 3);
            cs.lineTo(x1 - 6, at - 3);
            cs.closePath();
            cs.fill();
        }
    }

    private static String allText(Section s) {
        StringBuilder b = new StringBuilder(s.text()).append('\n');
        for (Section c : s.children()) {
            b.append(allText(c));
        }
        return b.toString();
    }
}
