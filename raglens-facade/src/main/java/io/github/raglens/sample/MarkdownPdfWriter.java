package io.github.raglens.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.TimeZone;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.destination.PDPageXYZDestination;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDDocumentOutline;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;

/**
 * Typesets the simple Markdown of the sample corpus as a PDF: headings in bold (with a bookmark
 * outline), wrapped paragraphs, ruled tables and centred display formulas. Enough for a realistic
 * test document; not a general Markdown renderer.
 */
final class MarkdownPdfWriter {

    private static final float MARGIN = 60;
    private static final float BODY_SIZE = 10.5f;
    private static final float TABLE_SIZE = 7.5f;
    private static final PDFont BODY = PDType1Font.HELVETICA;
    private static final PDFont BOLD = PDType1Font.HELVETICA_BOLD;
    private static final PDFont MATH = PDType1Font.TIMES_ITALIC;

    private final PDDocument pdf = new PDDocument();
    private final PDDocumentOutline outline = new PDDocumentOutline();
    private final List<PDOutlineItem> openHeadings = new ArrayList<>();
    private PDPage page;
    private PDPageContentStream content;
    private float y;
    private int pageNumber;

    private MarkdownPdfWriter() {}

    /** Writes the Markdown text as a PDF file. */
    static void write(String title, String markdown, Path target) {
        MarkdownPdfWriter w = new MarkdownPdfWriter();
        try {
            w.render(title, markdown);
            w.pdf.save(target.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        } finally {
            try {
                w.pdf.close();
            } catch (IOException e) {
                // Nothing more to release.
            }
        }
    }

    private void render(String title, String markdown) throws IOException {
        PDDocumentInformation info = pdf.getDocumentInformation();
        info.setTitle(title);
        info.setProducer("raglens sample corpus");
        Calendar epoch = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
        epoch.setTimeInMillis(0);
        info.setCreationDate(epoch);
        pdf.getDocumentCatalog().setDocumentOutline(outline);
        // A fixed file identifier derived from the content: the same Markdown gives the same bytes,
        // so document ids and parse caches stay valid across runs.
        COSString id = new COSString(sha256(title + "\n" + markdown));
        COSArray ids = new COSArray();
        ids.add(id);
        ids.add(id);
        pdf.getDocument().setDocumentID(ids);
        newPage();
        List<String> lines = markdown.lines().toList();
        StringBuilder paragraph = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            boolean block = line.isEmpty() || line.startsWith("#") || line.startsWith("|") || line.startsWith("$$");
            if (block && !paragraph.isEmpty()) {
                paragraph(paragraph.toString());
                paragraph.setLength(0);
            }
            if (line.startsWith("#")) {
                int level = (int) line.chars().takeWhile(c -> c == '#').count();
                heading(line.substring(level).strip(), level);
            } else if (line.startsWith("|")) {
                List<String> rows = new ArrayList<>();
                while (i < lines.size() && lines.get(i).strip().startsWith("|")) {
                    rows.add(lines.get(i).strip());
                    i++;
                }
                i--;
                table(rows);
            } else if (line.startsWith("$$")) {
                formula(line.replace("$$", "").strip());
            } else if (!line.isEmpty()) {
                paragraph.append(paragraph.isEmpty() ? "" : " ").append(line);
            }
        }
        if (!paragraph.isEmpty()) {
            paragraph(paragraph.toString());
        }
        footer();
        content.close();
    }

    private static byte[] sha256(String s) {
        try {
            return Arrays.copyOf(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)), 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private void newPage() throws IOException {
        if (content != null) {
            footer();
            content.close();
        }
        page = new PDPage(PDRectangle.A4);
        pdf.addPage(page);
        pageNumber++;
        content = new PDPageContentStream(pdf, page);
        y = page.getMediaBox().getHeight() - MARGIN;
    }

    /** A page number at the bottom, as real documents have, which parsers must drop. */
    private void footer() throws IOException {
        text(BODY, 9, page.getMediaBox().getWidth() / 2 - 4, MARGIN / 2, String.valueOf(pageNumber));
    }

    private float width() {
        return page.getMediaBox().getWidth() - 2 * MARGIN;
    }

    private void ensure(float height) throws IOException {
        if (y - height < MARGIN) {
            newPage();
        }
    }

    private void heading(String title, int level) throws IOException {
        float size = level == 1 ? 18 : level == 2 ? 14 : 12;
        ensure(size * 3);
        y -= size * 0.8f;
        text(BOLD, size, MARGIN, y, title);
        PDOutlineItem item = new PDOutlineItem();
        item.setTitle(title);
        PDPageXYZDestination dest = new PDPageXYZDestination();
        dest.setPage(page);
        dest.setTop((int) (y + size));
        item.setDestination(dest);
        while (openHeadings.size() >= level) {
            openHeadings.remove(openHeadings.size() - 1);
        }
        if (openHeadings.isEmpty()) {
            outline.addLast(item);
        } else {
            openHeadings.get(openHeadings.size() - 1).addLast(item);
        }
        openHeadings.add(item);
        y -= size * 0.9f;
    }

    private void paragraph(String text) throws IOException {
        for (String line : wrap(text, BODY, BODY_SIZE, width())) {
            ensure(BODY_SIZE * 1.5f);
            y -= BODY_SIZE * 1.4f;
            text(BODY, BODY_SIZE, MARGIN, y, line);
        }
        y -= BODY_SIZE * 0.8f;
    }

    private void formula(String latex) throws IOException {
        String plain = latex.replaceAll("\\\\frac\\{([^}]*)}\\{([^}]*)}", "($1)/($2)")
                .replaceAll("\\\\left|\\\\right", "")
                .replace("\\times", "x")
                .replaceAll("\\\\([a-zA-Z]+)", "$1")
                .replaceAll("_\\{([^}]*)}", "_$1")
                .replace("{", "")
                .replace("}", "");
        ensure(30);
        y -= 22;
        float w = MATH.getStringWidth(plain) / 1000 * 12;
        text(MATH, 12, MARGIN + (width() - w) / 2, y, plain);
        y -= 14;
    }

    private void table(List<String> rows) throws IOException {
        List<List<String>> cells = new ArrayList<>();
        for (String row : rows) {
            if (row.matches("\\|[-|: ]+\\|?")) {
                continue;
            }
            List<String> r = new ArrayList<>();
            for (String c : row.substring(1, row.endsWith("|") ? row.length() - 1 : row.length())
                    .split("\\|")) {
                r.add(c.strip());
            }
            cells.add(r);
        }
        int columns = cells.stream().mapToInt(List::size).max().orElse(0);
        float[] widths = new float[columns];
        for (List<String> r : cells) {
            for (int c = 0; c < r.size(); c++) {
                PDFont font = r == cells.get(0) ? BOLD : BODY;
                widths[c] = Math.max(widths[c], font.getStringWidth(r.get(c)) / 1000 * TABLE_SIZE + 6);
            }
        }
        float total = 0;
        for (float w : widths) {
            total += w;
        }
        float scale = Math.min(1, width() / total);
        float rowHeight = TABLE_SIZE * 2;
        y -= 6;
        for (int r = 0; r < cells.size(); r++) {
            ensure(rowHeight + 2);
            float top = y;
            float x = MARGIN;
            PDFont font = r == 0 ? BOLD : BODY;
            for (int c = 0; c < columns; c++) {
                String cell = c < cells.get(r).size() ? cells.get(r).get(c) : "";
                float cellWidth = widths[c] * scale;
                float size = Math.min(TABLE_SIZE, TABLE_SIZE * scale * 1.05f);
                text(font, size, x + 3, top - rowHeight + 5, cell);
                content.addRect(x, top - rowHeight, cellWidth, rowHeight);
                x += cellWidth;
            }
            content.setLineWidth(0.5f);
            content.stroke();
            y -= rowHeight;
        }
        y -= 10;
    }

    private void text(PDFont font, float size, float x, float atY, String s) throws IOException {
        content.beginText();
        content.setFont(font, size);
        content.newLineAtOffset(x, atY);
        content.showText(s);
        content.endText();
    }

    private static List<String> wrap(String text, PDFont font, float size, float width) throws IOException {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            String candidate = line.isEmpty() ? word : line + " " + word;
            if (font.getStringWidth(candidate) / 1000 * size > width && !line.isEmpty()) {
                lines.add(line.toString());
                line.setLength(0);
                line.append(word);
            } else {
                line.setLength(0);
                line.append(candidate);
            }
        }
        if (!line.isEmpty()) {
            lines.add(line.toString());
        }
        return lines;
    }
}
