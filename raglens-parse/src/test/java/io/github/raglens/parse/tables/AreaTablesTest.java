package io.github.raglens.parse.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.parse.glyphs.PdfTextCollector;
import io.github.raglens.testdata.SharedData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.Test;
import technology.tabula.Page;
import technology.tabula.Table;
import technology.tabula.extractors.SpreadsheetExtractionAlgorithm;

/** A page's areas read once each give the tables Tabula reads in them afresh. */
class AreaTablesTest {

    private static final float[][] AREAS = {{90, 40, 400, 580}, {0, 0, 792, 612}, {90, 40, 400, 580}};

    @Test
    void everyAreaAskedAgain_holdsTheTablesAFreshReadingFinds() throws IOException {
        Path pdf = SharedData.require("tabula-java").resolve("resources/twotables.pdf");
        try (PDDocument doc = PDDocument.load(pdf.toFile())) {
            Page page = PdfTextCollector.tabulaPage(doc, 1);
            page.getRulings();
            AreaTables areas = new AreaTables(page);
            int tables = 0;
            for (int round = 0; round < 2; round++) {
                for (float[] a : AREAS) {
                    Page fresh = PdfTextCollector.tabulaPage(doc, 1);
                    List<List<List<String>>> expected =
                            cells(new SpreadsheetExtractionAlgorithm().extract(fresh.getArea(a[0], a[1], a[2], a[3])));
                    List<List<List<String>>> read = cells(areas.in(a[0], a[1], a[2], a[3]));
                    assertThat(read).isEqualTo(expected);
                    tables += read.size();
                }
            }
            assertThat(tables).isPositive();
        }
    }

    private static List<List<List<String>>> cells(List<Table> tables) {
        return tables.stream().map(t -> TableFinder.cells(t, false)).toList();
    }
}
