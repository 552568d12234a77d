package io.github.raglens.parse.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import io.github.raglens.parse.pdf.PdfParser;
import io.github.raglens.parse.pdf.TestPdfs;
import io.github.raglens.testdata.SharedData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import technology.tabula.Rectangle;

/** Tables drawn with horizontal rules only: the rules bound the rows, the words give the columns. */
class RuleBandsTest {

    @TempDir
    Path dir;

    @Test
    void rows_linesBetweenTwoRulesAreOneRow_wrappedCellsJoinedBySpaces() {
        RuleBands.Band band = new RuleBands.Band(new Rectangle(100, 50, 300, 100), List.of(100f, 130f, 200f));
        List<List<String>> lines = List.of(
                List.of("Cat", "Says", "Meow"),
                List.of("Parastratiosph", "Says", "bzzzzzzz"),
                List.of("ecomyioides", "", ""),
                List.of("", "", "ruff"));
        List<Float> centers = List.of(115f, 140f, 152f, 164f);

        assertThat(band.rows(lines, centers))
                .containsExactly(
                        List.of("Cat", "Says", "Meow"), List.of("Parastratiosph ecomyioides", "Says", "bzzzzzzz ruff"));
    }

    @Test
    void rows_aCellCentredVerticallyBesideAMultiLineCell_joinsTheLinesAboveAndBelowIt() {
        RuleBands.Band band = new RuleBands.Band(new Rectangle(100, 50, 300, 100), List.of(100f, 130f, 190f));
        List<List<String>> lines = List.of(
                List.of("Programme", "Description", "Budget"),
                List.of("", "Repairs to roads", ""),
                List.of("Road upkeep", "and bridges in", "352.4"),
                List.of("", "rural areas.", ""));
        List<Float> centers = List.of(115f, 145f, 160f, 175f);

        assertThat(band.rows(lines, centers))
                .containsExactly(
                        List.of("Programme", "Description", "Budget"),
                        List.of("Road upkeep", "Repairs to roads and bridges in rural areas.", "352.4"));
    }

    @Test
    void rows_underOnlyAHeadAndFootRule_everyFullLineIsARow_wrappedLinesJoinTheRowAbove() {
        RuleBands.Band band = new RuleBands.Band(new Rectangle(100, 50, 300, 100), List.of(100f, 130f, 200f));
        List<List<String>> lines = List.of(
                List.of("System", "Recall"),
                List.of("BM25", "0.41"),
                List.of("Dense", "0.52"),
                List.of("retriever", ""),
                List.of("Hybrid", "0.57"));
        List<Float> centers = List.of(115f, 140f, 152f, 164f, 176f);

        assertThat(band.rows(lines, centers))
                .containsExactly(
                        List.of("System", "Recall"),
                        List.of("BM25", "0.41"),
                        List.of("Dense retriever", "0.52"),
                        List.of("Hybrid", "0.57"));
    }

    @Test
    void tablesRuledByHorizontalLinesOnly_sideBySide_areFoundWithTheirWrappedCellsWhole() {
        Path pdf = SharedData.require("tabula-java").resolve("resources/AnimalSounds1.pdf");
        Document d = PdfParser.create().parse(pdf);
        List<Table> tables = new ArrayList<>(d.root().tables());
        for (Section s : d.root().children()) {
            tables.addAll(s.tables());
        }
        assertThat(tables).hasSize(2);
        assertThat(tables.get(0).rows().get(1))
                .containsExactly("Parastratiosph ecomyiastratio sphecomyioid es", "Says", "bzzzzzzz");
        assertThat(tables.get(1).rows().get(1)).containsExactly("Dogs/wolves/ More dogs", "Says", "Bow-wow/ ruff-ruff");
    }

    @Test
    void twoTablesOfOneWidthStackedInAColumn_underCaptionsWiderThanTheirRules_stayTwoTables() throws IOException {
        // booktabs tables of the same columns, one above the other: their rules are of one width and
        // close enough to bound one band, but the second caption, centred over its narrower table, lies
        // between them, its first word reaching in over the rules' left end
        List<TestPdfs.Text> texts = new ArrayList<>();
        List<TestPdfs.Shape> shapes = new ArrayList<>();
        String[][] tables = {
            {"Table 2: Statistics of the result runs.", "Hybrid"}, {"Table 4: Costs of the vector runs.", "Dense"}
        };
        float top = 100;
        for (String[] table : tables) {
            texts.add(TestPdfs.Text.body(345, top, table[0]));
            shapes.add(TestPdfs.Shape.rule(360, 500, top + 10));
            texts.add(TestPdfs.Text.body(362, top + 21, "System"));
            texts.add(TestPdfs.Text.body(420, top + 21, "Latency"));
            texts.add(TestPdfs.Text.body(470, top + 21, "Recall"));
            shapes.add(TestPdfs.Shape.rule(360, 500, top + 25));
            for (int r = 0; r < 3; r++) {
                texts.add(TestPdfs.Text.body(362, top + 37 + 12 * r, table[1] + "-" + r));
                texts.add(TestPdfs.Text.body(420, top + 37 + 12 * r, r + "7.1"));
                texts.add(TestPdfs.Text.body(470, top + 37 + 12 * r, r + "80"));
            }
            shapes.add(TestPdfs.Shape.rule(360, 500, top + 70));
            top += 100;
        }
        Document d = PdfParser.create().parse(TestPdfs.write(dir.resolve("stacked.pdf"), texts, shapes));

        assertThat(d.root().tables()).hasSize(2);
        assertThat(d.root().tables())
                .extracting(t -> t.rows().get(1).getFirst())
                .containsExactly("Hybrid-0", "Dense-0");
    }
}
