package io.github.raglens.parse.glyphs;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.parse.tables.TabulaSuiteTest;
import io.github.raglens.testdata.SharedData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.Test;
import technology.tabula.ObjectExtractor;
import technology.tabula.Page;
import technology.tabula.Ruling;
import technology.tabula.TextElement;

/**
 * The Tabula page built from our single text pass equals the page Tabula's own reader builds in its
 * second pass: same glyph boxes, same rulings, on the pages of Tabula's test suite.
 */
class TabulaPagesTest {

    private static String glyph(TextElement t) {
        return t.getText() + "@" + t.getTop() + "," + t.getLeft() + "," + t.getWidth() + "," + t.getHeight();
    }

    private static String ruling(Ruling r) {
        return r.getX1() + "," + r.getY1() + "," + r.getX2() + "," + r.getY2();
    }

    @Test
    @SuppressWarnings("deprecation") // the minimum glyph sizes steer Tabula's snapping of rulings
    void singlePassPage_equalsTabulasOwnPage_onTheSuitePages() throws IOException {
        Path root = SharedData.require("tabula-java");
        Set<String> seen = new LinkedHashSet<>();
        int compared = 0;
        for (TabulaSuiteTest.Case c : TabulaSuiteTest.cases(root)) {
            if (!seen.add(c.pdf() + "#" + c.page())) {
                continue;
            }
            try (PDDocument doc = PDDocument.load(c.pdf().toFile())) {
                Page theirs = new ObjectExtractor(doc).extract(c.page());
                Page ours = PdfTextCollector.tabulaPage(doc, c.page());
                String where = c.pdf().getFileName() + " page " + c.page();
                assertThat(ours.getText().stream().map(TabulaPagesTest::glyph).toList())
                        .as("glyphs of %s", where)
                        .isEqualTo(theirs.getText().stream()
                                .map(TabulaPagesTest::glyph)
                                .toList());
                assertThat(ours.getMinCharWidth()).as(where).isEqualTo(theirs.getMinCharWidth());
                assertThat(ours.getMinCharHeight()).as(where).isEqualTo(theirs.getMinCharHeight());
                List<String> ourRulings = new ArrayList<>();
                ours.getUnprocessedRulings().forEach(r -> ourRulings.add(ruling(r)));
                List<String> theirRulings = new ArrayList<>();
                theirs.getUnprocessedRulings().forEach(r -> theirRulings.add(ruling(r)));
                assertThat(ourRulings).as("rulings of %s", where).isEqualTo(theirRulings);
                compared++;
            }
        }
        assertThat(compared).isGreaterThanOrEqualTo(15);
    }
}
