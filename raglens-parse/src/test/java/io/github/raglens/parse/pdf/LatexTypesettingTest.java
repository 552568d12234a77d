package io.github.raglens.parse.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.parse.glyphs.Deadline;
import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.PdfTextCollector;
import io.github.raglens.parse.glyphs.Word;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text as pdfTeX sets it: TeX's points are a little smaller than PDF's (its 9 pt is 8.97 PDF points,
 * its 10 pt 9.96), font expansion (microtype) stretches a line's glyphs by a few per cent across, never
 * up, and words are spaced by position alone, with no space characters.
 */
class LatexTypesettingTest {

    @TempDir
    Path dir;

    /** Draws one page. */
    private interface Drawing {
        void draw(PDPageContentStream cs) throws IOException;
    }

    /** The rows of words the collector reads from a one-page PDF drawn by {@code drawing}. */
    private List<List<Word>> rows(String name, Drawing drawing) throws IOException {
        Path pdf = dir.resolve(name);
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.LETTER);
            doc.addPage(page);
            try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                drawing.draw(cs);
            }
            doc.save(pdf.toFile());
        }
        List<List<Word>> rows = new ArrayList<>();
        try (PDDocument doc = PDDocument.load(pdf.toFile())) {
            for (PageText p : new PdfTextCollector(Deadline.after(Duration.ofMinutes(1))).collect(doc)) {
                rows.addAll(p.rows());
            }
        }
        return rows;
    }

    @Test
    void typeSize_isTheGlyphsHeight_notCutToAWholePoint_norStretchedByFontExpansion() throws IOException {
        List<List<Word>> rows = rows("expanded.pdf", cs -> {
            line(cs, 700, 8.9664f, 98, "narrowed nine point body");
            line(cs, 686, 8.9664f, 102, "widened nine point body");
            line(cs, 672, 9.9626f, 100, "ten point body");
        });

        assertThat(rows).extracting(row -> row.getFirst().size()).containsExactly(9f, 9f, 10f);
    }

    private static void line(PDPageContentStream cs, float y, float size, float stretch, String text)
            throws IOException {
        cs.beginText();
        cs.setFont(PDType1Font.TIMES_ROMAN, size);
        cs.setHorizontalScaling(stretch);
        cs.newLineAtOffset(72, y);
        cs.showText(text);
        cs.endText();
    }

    @Test
    void wordsSpacedByPositionAlone_inATightlyJustifiedLine_areWords_andKernedLettersStayInTheirWord()
            throws IOException {
        float size = 6.97f; // a footnote's 7 pt
        // wide letters: PDFBox, which breaks words at gaps wider than a share of their letters' width, sees none here
        PDFont font = PDType1Font.COURIER;
        List<List<Word>> rows = rows("tight.pdf", cs -> {
            cs.beginText();
            cs.setFont(font, size);
            cs.newLineAtOffset(72, 700);
            for (String word : new String[] {"metric", "column", "measurement", "Vo", "table"}) {
                // "Vo" is one word with its letters kerned apart by 0.03 em
                String[] pieces = word.equals("Vo") ? new String[] {"V", "o"} : new String[] {word};
                for (String piece : pieces) {
                    cs.showText(piece);
                    float advance = font.getStringWidth(piece) / 1000 * size;
                    float kern = pieces.length > 1 && piece.equals("V") ? 0.03f * size : 0;
                    cs.newLineAtOffset(advance + kern, 0);
                }
                cs.newLineAtOffset(0.17f * size, 0); // a word space shrunk to 0.17 em
            }
            cs.endText();
        });
        List<String> words = new ArrayList<>();
        rows.forEach(row -> row.forEach(w -> words.add(w.text())));

        assertThat(words).containsExactly("metric", "column", "measurement", "Vo", "table");
    }

    @Test
    void footnoteMarkRaisedAfterANumber_isAWordOfItsOwn_andTheTextAfterItToo() throws IOException {
        // pdfTeX sets a footnote mark by moving up and switching to a smaller font, with no space on either side
        PDFont font = PDType1Font.TIMES_ROMAN;
        List<List<Word>> rows = rows("footnote-mark.pdf", cs -> {
            cs.beginText();
            cs.setFont(font, 9.96f);
            cs.newLineAtOffset(72, 700);
            cs.showText("released as v0.5.5");
            cs.newLineAtOffset(font.getStringWidth("released as v0.5.5") / 1000 * 9.96f, 3.6f);
            cs.setFont(font, 6.97f);
            cs.showText("10");
            cs.newLineAtOffset(font.getStringWidth("10") / 1000 * 6.97f, -3.6f);
            cs.setFont(font, 9.96f);
            cs.showText(", and small CAPITALS stay");
            cs.endText();
            cs.beginText();
            cs.setFont(font, 9.96f);
            cs.newLineAtOffset(72, 680);
            cs.showText("S");
            cs.setFont(font, 7.97f);
            cs.showText("MALL");
            cs.endText();
        });
        List<String> words = new ArrayList<>();
        rows.forEach(row -> row.forEach(w -> words.add(w.text())));

        assertThat(words)
                .containsExactly("released", "as", "v0.5.5", "10", ",", "and", "small", "CAPITALS", "stay", "SMALL");
    }

    @Test
    void subsectionsAPointLargerThanAnElevenPointBody_areHeadings_withoutBold() throws IOException {
        // LaTeX's 11 pt article sets subsections in \large, 12 pt; a Type 3 font's bold cannot be seen
        List<TestPdfs.Text> texts = new ArrayList<>();
        texts.add(new TestPdfs.Text(72, 60, "Judging Generated Answers", PDType1Font.TIMES_BOLD, 17.215f));
        float y = 100;
        String[] headings = {"1 Introduction", "1.1 Judging answers", "1.2 Agreement", "2 Results"};
        for (String heading : headings) {
            float size = heading.indexOf('.') > 0 ? 11.955f : 14.346f;
            texts.add(new TestPdfs.Text(72, y, heading, PDType1Font.TIMES_ROMAN, size));
            y += 22;
            for (int line = 0; line < 5; line++) {
                texts.add(new TestPdfs.Text(
                        72,
                        y,
                        "Answers are judged against the passages each system retrieved for the question asked",
                        PDType1Font.TIMES_ROMAN,
                        10.95f,
                        line < 4 ? 440 : 0));
                y += 13.6f;
            }
            y += 10;
        }
        Path pdf = TestPdfs.write(dir.resolve("eleven-point.pdf"), List.of(texts));
        Document d = PdfParser.builder().useOutline(false).build().parse(pdf);

        List<String> titles = new ArrayList<>();
        for (Section s : d.root().children()) {
            titles.add(s.title());
            s.children().forEach(c -> titles.add(c.title()));
        }
        assertThat(titles).containsExactly(headings);
    }
}
