package io.github.raglens.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
