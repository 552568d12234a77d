package io.github.raglens.parse.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.documentinterchange.markedcontent.PDPropertyList;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PdfParserLayoutTest {

    @TempDir
    Path dir;

    private static String all(Section s) {
        StringBuilder b =
                new StringBuilder(s.title()).append('\n').append(s.text()).append('\n');
        for (Section c : s.children()) {
            b.append(all(c));
        }
        return b.toString();
    }

    @Test
    void parse_twoColumnPage_readsLeftColumnBeforeRightAndNeverInterleaves() throws IOException {
        List<TestPdfs.Text> texts = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            texts.add(TestPdfs.Text.body(72, 100 + 14 * i, "left" + i + " words in the first column here"));
            texts.add(TestPdfs.Text.body(320, 100 + 14 * i, "right" + i + " words in the second column"));
        }
        Path file = TestPdfs.write(dir.resolve("two.pdf"), List.of(texts));
        String text = all(PdfParser.create().parse(file).root());
        int lastLeft = text.indexOf("left29");
        int firstRight = text.indexOf("right0");
        assertThat(lastLeft).isPositive();
        assertThat(firstRight).isGreaterThan(lastLeft);
        for (int i = 0; i < 29; i++) {
            assertThat(text.indexOf("left" + i + " ")).isLessThan(text.indexOf("left" + (i + 1) + " "));
            assertThat(text.indexOf("right" + i + " ")).isLessThan(text.indexOf("right" + (i + 1) + " "));
        }
    }

    /**
     * A two-column page under a table of the full width (a LaTeX {@code table*}) whose cells cross the
     * gutter at staggered places, so that no stretch of the gutter as wide as a gutter is left
     * uncrossed by them: the columns are still read apart and the heading in the left one is found.
     */
    @Test
    void parse_twoColumnPageUnderAFullWidthTable_readsItsColumnsApart() throws IOException {
        List<TestPdfs.Text> texts = new ArrayList<>();
        texts.add(TestPdfs.Text.bold(150, 40, "Judging Retrievers on Generated Questions", 16));
        texts.add(TestPdfs.Text.body(200, 64, "Table 1: Ablation of the retrievers on the annotated set."));
        String[] middle = {"Section", "57.6", "8.4"};
        for (int r = 0; r < 12; r++) {
            float y = 80 + 11 * r;
            texts.add(TestPdfs.Text.body(110, y, "Run-" + r));
            texts.add(TestPdfs.Text.body(200, y, "0." + (40 + r)));
            // right-aligned at x = 322, so the cells start at staggered places across the gutter
            String cell = middle[r % 3];
            texts.add(TestPdfs.Text.body(322 - PDType1Font.TIMES_ROMAN.getStringWidth(cell) / 100, y, cell));
            texts.add(TestPdfs.Text.body(380, y, "0." + (60 + r)));
            texts.add(TestPdfs.Text.body(460, y, "Metric"));
        }
        texts.add(TestPdfs.Text.bold(72, 230, "1 Introduction", 12));
        float y = 250;
        for (int i = 0; i < 40; i++, y += 12) {
            if (i == 20) {
                texts.add(TestPdfs.Text.bold(72, y + 4, "2 Cost of evaluation", 12));
                y += 20;
            }
            texts.add(new TestPdfs.Text(72, y, filled("left" + i, 228), PDType1Font.TIMES_ROMAN, 10, 228));
        }
        for (int i = 0; i < 40; i++) {
            texts.add(new TestPdfs.Text(310, 210 + 12 * i, filled("right" + i, 230), PDType1Font.TIMES_ROMAN, 10, 230));
        }
        Document d = PdfParser.builder()
                .useOutline(false)
                .build()
                .parse(TestPdfs.write(dir.resolve("table-star.pdf"), List.of(texts)));
        assertThat(d.root().children())
                .extracting(Section::title)
                .containsExactly("1 Introduction", "2 Cost of evaluation");
        String text = all(d.root());
        assertThat(text.indexOf("left39 ")).isPositive().isLessThan(text.indexOf("right0 "));
        assertThat(text.indexOf("left19 ")).isLessThan(text.indexOf("2 Cost of evaluation"));
        assertThat(text.indexOf("2 Cost of evaluation")).isLessThan(text.indexOf("left20 "));
    }

    /** The word followed by as many more words as fit in {@code width} points of 10-point Times. */
    private static String filled(String first, float width) throws IOException {
        String[] words = {"words", "set", "in", "one", "column", "of", "this", "page", "and", "its", "lines"};
        StringBuilder line = new StringBuilder(first);
        for (int k = 0; ; k++) {
            String longer = line + " " + words[k % words.length];
            if (PDType1Font.TIMES_ROMAN.getStringWidth(longer) / 1000 * 10 > width) {
                return line.toString();
            }
            line = new StringBuilder(longer);
        }
    }

    @Test
    void parse_runningHeaderFooterAndPageNumbers_areRemoved() throws IOException {
        List<List<TestPdfs.Text>> pages = new ArrayList<>();
        for (int p = 1; p <= 4; p++) {
            List<TestPdfs.Text> texts = new ArrayList<>();
            texts.add(TestPdfs.Text.body(72, 40, "Journal of Repeated Headers, Vol. 7"));
            for (int i = 0; i < 10; i++) {
                texts.add(TestPdfs.Text.body(72, 120 + 14 * i, "Page " + p + " sentence " + i + " goes on here."));
            }
            texts.add(TestPdfs.Text.body(300, 760, String.valueOf(p)));
            pages.add(texts);
        }
        Path file = TestPdfs.write(dir.resolve("headers.pdf"), pages);
        Document d = PdfParser.create().parse(file);
        String text = all(d.root());
        assertThat(text).doesNotContain("Journal of Repeated Headers");
        assertThat(text).contains("Page 3 sentence 9 goes on here.");
        assertThat(text.lines().filter(l -> l.strip().matches("\\d"))).isEmpty();
        assertThat(d.pageCount()).isEqualTo(4);
        assertThat(d.root().pageStart()).isEqualTo(1);
        assertThat(d.root().pageEnd()).isEqualTo(4);
    }

    @Test
    void parse_hyphenatedLineEnd_isJoined() throws IOException {
        List<TestPdfs.Text> texts = new ArrayList<>();
        texts.add(TestPdfs.Text.body(72, 100, "The representa-"));
        texts.add(TestPdfs.Text.body(72, 112, "tion is learned, while GPT-"));
        texts.add(TestPdfs.Text.body(72, 124, "Style models differ."));
        for (int i = 0; i < 5; i++) {
            texts.add(TestPdfs.Text.body(72, 160 + 12 * i, "Filler line number " + i));
        }
        Path file = TestPdfs.write(dir.resolve("hyphen.pdf"), List.of(texts));
        String text = all(PdfParser.create().parse(file).root());
        assertThat(text).contains("The representation is learned, while GPT- Style models differ.");
    }

    @Test
    void parse_textDrawnTwiceAFractionOfAPointApart_isReadOnce() throws IOException {
        List<TestPdfs.Text> texts = new ArrayList<>();
        // fake bold: each line painted a second time, shifted by a fraction of a point
        texts.add(TestPdfs.Text.bold(72, 100, "Overlapping results", 14));
        texts.add(TestPdfs.Text.bold(72.3f, 100.2f, "Overlapping results", 14));
        for (int i = 0; i < 6; i++) {
            String line = "Line " + i + " of the body the the text, drawn twice over itself.";
            texts.add(TestPdfs.Text.body(72, 130 + 12 * i, line));
            texts.add(TestPdfs.Text.body(72.25f, 130.1f + 12 * i, line));
        }
        texts.add(TestPdfs.Text.body(72, 230, "Line 0 of the body the the text, drawn twice over itself."));
        Path file = TestPdfs.write(dir.resolve("fake-bold.pdf"), List.of(texts));
        String text = all(PdfParser.create().parse(file).root());
        assertThat(text)
                .contains("Overlapping results")
                .doesNotContain("OOvveerr")
                .doesNotContain("resultsresults");
        for (int i = 1; i < 6; i++) {
            assertThat(text).containsOnlyOnce("Line " + i + " of the body the the text, drawn twice over itself.");
        }
        // repeated words at other places stay: "the the" on each line, and line 0 once more further down
        assertThat(text.split("Line 0 of the body the the text, drawn twice over itself\\.", -1))
                .hasSize(3);
    }

    @Test
    void parse_textDrawnTwiceAfterAnActualTextSpan_isReadOnce() throws IOException {
        Path file = dir.resolve("actual-text.pdf");
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.LETTER);
            doc.addPage(page);
            COSDictionary span = new COSDictionary();
            span.setString(COSName.ACTUAL_TEXT, "ff");
            try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                cs.beginMarkedContent(COSName.getPDFName("Span"), PDPropertyList.create(span));
                draw(cs, 72, 700, "f");
                cs.endMarkedContent();
                for (float shift : new float[] {0f, 0.3f}) {
                    draw(cs, 80 + shift, 700, "ective ranking of the passages read twice over itself.");
                }
                for (int i = 0; i < 5; i++) {
                    draw(cs, 72, 680 - 12 * i, "Filler line number " + i);
                }
            }
            doc.save(file.toFile());
        }
        String text = all(PdfParser.create().parse(file).root());
        assertThat(text).containsOnlyOnce("ective ranking of the passages read twice over itself.");
        assertThat(text).doesNotContain("eeccttiivvee");
    }

    private static void draw(PDPageContentStream cs, float x, float y, String text) throws IOException {
        cs.beginText();
        cs.setFont(PDType1Font.TIMES_ROMAN, 10);
        cs.newLineAtOffset(x, y);
        cs.showText(text);
        cs.endText();
    }

    @Test
    void parse_numberedBoldHeadings_buildTheHierarchyWithPages() throws IOException {
        List<List<TestPdfs.Text>> pages = new ArrayList<>();
        List<TestPdfs.Text> p1 = new ArrayList<>();
        p1.add(TestPdfs.Text.bold(150, 60, "A Study of Test Documents", 18));
        p1.add(TestPdfs.Text.bold(72, 120, "1 Introduction", 12));
        for (int i = 0; i < 8; i++) {
            p1.add(TestPdfs.Text.body(72, 140 + 12 * i, "Introductory sentence number " + i + " is here."));
        }
        p1.add(TestPdfs.Text.bold(72, 260, "1.1 Scope", 10));
        for (int i = 0; i < 8; i++) {
            p1.add(TestPdfs.Text.body(72, 280 + 12 * i, "Scope sentence number " + i + " is here."));
        }
        pages.add(p1);
        List<TestPdfs.Text> p2 = new ArrayList<>();
        p2.add(TestPdfs.Text.bold(72, 80, "2 Method", 12));
        for (int i = 0; i < 8; i++) {
            p2.add(TestPdfs.Text.body(72, 100 + 12 * i, "Method sentence number " + i + " is here."));
        }
        p2.add(TestPdfs.Text.bold(72, 220, "2.1.1 Deep Detail", 10));
        for (int i = 0; i < 8; i++) {
            p2.add(TestPdfs.Text.body(72, 240 + 12 * i, "Detail sentence number " + i + " is here."));
        }
        pages.add(p2);
        Path file = TestPdfs.write(dir.resolve("headings.pdf"), pages);
        Document d = PdfParser.create().parse(file);
        assertThat(d.title()).isEqualTo("A Study of Test Documents");
        List<Section> top = d.root().children();
        assertThat(top).extracting(Section::title).containsExactly("1 Introduction", "2 Method");
        assertThat(top.get(0).children()).extracting(Section::title).containsExactly("1.1 Scope");
        // a level-3 heading directly under a level-1 one is repaired to level 2
        Section detail = top.get(1).children().getFirst();
        assertThat(detail.title()).isEqualTo("2.1.1 Deep Detail");
        assertThat(detail.level()).isEqualTo(2);
        assertThat(detail.pageStart()).isEqualTo(2);
        assertThat(top.get(0).pageStart()).isEqualTo(1);
        assertThat(top.get(0).children().getFirst().text()).startsWith("Scope sentence number 0 is here.");
    }
}
