package io.github.raglens.parse.ocr;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;

/** Pages as a scanner gives them: type drawn on a white letter-size image at 300 dpi, and PDFs of them. */
public final class ScannedPageImages {

    /** The paragraphs of the test page, under headings "1 Introduction" and "2 Results". */
    public static final List<String> INTRODUCTION = List.of(
            "Retrieval systems answer questions from the documents a team keeps,",
            "and scanned contracts are among them more often than anyone would like.");

    public static final List<String> RESULTS = List.of(
            "Every page of the archive was read, and the words came back in order",
            "with their headings, so that chunking works as it does for digital files.");

    private static final int DPI = 300;

    private ScannedPageImages() {}

    /** Whether English language data is installed here: OCR tests that read skip without it. */
    public static boolean englishInstalled() {
        try {
            OcrEngine.check(OcrLanguages.ENGLISH, Optional.empty());
            return true;
        } catch (OcrUnavailableException e) {
            return false;
        }
    }

    /** A letter page with a title, two numbered bold headings and a paragraph under each. */
    public static BufferedImage page() {
        BufferedImage image = new BufferedImage((int) (8.5 * DPI), 11 * DPI, BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, image.getWidth(), image.getHeight());
            g.setColor(Color.BLACK);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            int y = 400;
            y = line(g, "Archive Reading", Font.BOLD, 20, y);
            y += 60;
            y = line(g, "1 Introduction", Font.BOLD, 14, y);
            for (String s : INTRODUCTION) {
                y = line(g, s, Font.PLAIN, 11, y);
            }
            y += 60;
            y = line(g, "2 Results", Font.BOLD, 14, y);
            for (String s : RESULTS) {
                y = line(g, s, Font.PLAIN, 11, y);
            }
        } finally {
            g.dispose();
        }
        return image;
    }

    /** The rows of the table on {@link #tablePage()}, its header first. */
    public static final List<List<String>> TABLE = List.of(
            List.of("Retriever", "Recall", "Latency"),
            List.of("Lexical", "0.61", "12"),
            List.of("Dense", "0.74", "35"),
            List.of("Hybrid", "0.79", "52"),
            List.of("Reranked", "0.83", "120"));

    /** Every table of a parsed document, in reading order. */
    public static List<Table> tables(Document document) {
        List<Table> out = new ArrayList<>();
        collectTables(document.root(), out);
        return out;
    }

    private static void collectTables(Section s, List<Table> out) {
        out.addAll(s.tables());
        s.children().forEach(c -> collectTables(c, out));
    }

    /**
     * A letter page with a heading, a paragraph and a table without rulings: its columns are set apart
     * by wide gaps alone, as a text layer's whitespace tables are.
     */
    public static BufferedImage tablePage() {
        BufferedImage image = new BufferedImage((int) (8.5 * DPI), 11 * DPI, BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, image.getWidth(), image.getHeight());
            g.setColor(Color.BLACK);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            int y = line(g, "1 Results", Font.BOLD, 14, 400);
            for (String s : RESULTS) {
                y = line(g, s, Font.PLAIN, 11, y);
            }
            y += 60;
            int pixels = 11 * DPI / 72;
            g.setFont(new Font(Font.SERIF, Font.PLAIN, pixels));
            for (List<String> row : TABLE) {
                for (int c = 0; c < row.size(); c++) {
                    g.drawString(row.get(c), 300 + c * 600, y + pixels);
                }
                y += pixels * 2;
            }
            y += 60;
            for (String s : INTRODUCTION) {
                y = line(g, s, Font.PLAIN, 11, y);
            }
        } finally {
            g.dispose();
        }
        return image;
    }

    /** Draws a line of type of a size in points at a height in pixels; the height of the next line. */
    private static int line(Graphics2D g, String text, int style, int points, int y) {
        int pixels = points * DPI / 72;
        g.setFont(new Font(Font.SERIF, style, pixels));
        g.drawString(text, 300, y + pixels);
        return y + pixels * 3 / 2;
    }

    /** A PDF of one page that is only the image: a scan without a text layer. */
    public static Path pdf(Path file, BufferedImage image) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.LETTER);
            doc.addPage(page);
            PDImageXObject xo = LosslessFactory.createFromImage(doc, image);
            try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                cs.drawImage(xo, 0, 0, PDRectangle.LETTER.getWidth(), PDRectangle.LETTER.getHeight());
            }
            doc.save(file.toFile());
        }
        return file;
    }
}
