package io.github.raglens.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Type sizes as LaTeX sets them: TeX's points are a little smaller than PDF's (its 9 pt is 8.97 PDF
 * points, its 10 pt 9.96), and pdfTeX's font expansion (microtype) stretches a line's glyphs by a few
 * per cent across, never up.
 */
class TypeSizeTest {

    @TempDir
    Path dir;

    @Test
    void typeSize_isTheGlyphsHeight_notCutToAWholePoint_norStretchedByFontExpansion() throws IOException {
        Path pdf = dir.resolve("expanded.pdf");
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.LETTER);
            doc.addPage(page);
            try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                line(cs, 700, 8.9664f, 98, "narrowed nine point body");
                line(cs, 686, 8.9664f, 102, "widened nine point body");
                line(cs, 672, 9.9626f, 100, "ten point body");
            }
            doc.save(pdf.toFile());
        }
        List<Float> sizes = new ArrayList<>();
        try (PDDocument doc = PDDocument.load(pdf.toFile())) {
            for (PageText p : new PdfTextCollector(Deadline.after(Duration.ofMinutes(1))).collect(doc)) {
                p.rows().forEach(row -> sizes.add(row.getFirst().size()));
            }
        }

        assertThat(sizes).containsExactly(9f, 9f, 10f);
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
