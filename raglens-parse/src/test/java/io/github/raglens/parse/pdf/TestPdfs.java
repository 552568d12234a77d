package io.github.raglens.parse.pdf;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;

/** Writes small PDFs for tests: text placed at given positions, in given fonts. */
public final class TestPdfs {

    /**
     * A piece of text at (x, y from the top) in a font and size, its spaces stretched to fill {@code
     * width} points when that is positive (a justified line).
     */
    public record Text(float x, float y, String text, PDFont font, float size, float width) {
        public Text(float x, float y, String text, PDFont font, float size) {
            this(x, y, text, font, size, 0);
        }

        public static Text body(float x, float y, String text) {
            return new Text(x, y, text, PDType1Font.TIMES_ROMAN, 10);
        }

        public static Text bold(float x, float y, String text, float size) {
            return new Text(x, y, text, PDType1Font.TIMES_BOLD, size);
        }
    }

    private TestPdfs() {}

    /** Writes one page per list of texts. */
    public static Path write(Path file, List<List<Text>> pages) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            for (List<Text> texts : pages) {
                PDPage page = new PDPage(PDRectangle.LETTER);
                doc.addPage(page);
                float height = page.getMediaBox().getHeight();
                try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                    for (Text t : texts) {
                        cs.beginText();
                        cs.setFont(t.font(), t.size());
                        cs.setWordSpacing(wordSpacing(t));
                        cs.newLineAtOffset(t.x(), height - t.y());
                        cs.showText(t.text());
                        cs.endText();
                    }
                }
            }
            doc.save(file.toFile());
        }
        return file;
    }

    /**
     * A rectangle from (x, y from the top), {@code width} wide and {@code height} tall: stroked as a
     * line when one side is 0, else filled (a cell's shading).
     */
    public record Shape(float x, float y, float width, float height) {
        public static Shape rule(float x0, float x1, float y) {
            return new Shape(x0, y, x1 - x0, 0);
        }
    }

    /** Writes one page of texts drawn over shapes. */
    public static Path write(Path file, List<Text> texts, List<Shape> shapes) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.LETTER);
            doc.addPage(page);
            float height = page.getMediaBox().getHeight();
            try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                for (Shape s : shapes) {
                    if (s.width() == 0 || s.height() == 0) {
                        cs.setLineWidth(0.5f);
                        cs.moveTo(s.x(), height - s.y());
                        cs.lineTo(s.x() + s.width(), height - s.y() - s.height());
                        cs.stroke();
                    } else {
                        cs.setNonStrokingColor(0.85f);
                        cs.addRect(s.x(), height - s.y() - s.height(), s.width(), s.height());
                        cs.fill();
                        cs.setNonStrokingColor(0f);
                    }
                }
                for (Text t : texts) {
                    cs.beginText();
                    cs.setFont(t.font(), t.size());
                    cs.setWordSpacing(wordSpacing(t));
                    cs.newLineAtOffset(t.x(), height - t.y());
                    cs.showText(t.text());
                    cs.endText();
                }
            }
            doc.save(file.toFile());
        }
        return file;
    }

    private static float wordSpacing(Text t) throws IOException {
        long spaces = t.text().chars().filter(c -> c == ' ').count();
        if (t.width() <= 0 || spaces == 0) {
            return 0;
        }
        float natural = t.font().getStringWidth(t.text()) / 1000 * t.size();
        return Math.max(0, (t.width() - natural) / spaces);
    }

    /** Writes a PDF whose only page is an image (a scan without a text layer). */
    public static Path imageOnly(Path file) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.LETTER);
            doc.addPage(page);
            BufferedImage image = new BufferedImage(200, 100, BufferedImage.TYPE_INT_RGB);
            for (int x = 0; x < 200; x++) {
                image.setRGB(x, 50, 0xFFFFFF);
            }
            PDImageXObject xo = LosslessFactory.createFromImage(doc, image);
            try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                cs.drawImage(xo, 50, 400, 400, 200);
            }
            doc.save(file.toFile());
        }
        return file;
    }
}
