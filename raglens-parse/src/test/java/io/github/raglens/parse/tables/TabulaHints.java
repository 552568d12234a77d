package io.github.raglens.parse.tables;

import io.github.raglens.parse.glyphs.PdfTextCollector;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import technology.tabula.Page;
import technology.tabula.Rectangle;
import technology.tabula.extractors.BasicExtractionAlgorithm;
import technology.tabula.extractors.SpreadsheetExtractionAlgorithm;

/**
 * Tabula's extraction with its command line's hints, on the Tabula page our own text pass builds:
 * what tabula-java's own test suite runs, to check that pass against it.
 */
final class TabulaHints {

    private TabulaHints() {}

    /**
     * Extracts the tables of given areas of a page with a given method, as Tabula's command line does
     * with hints: {@code stream}, {@code lattice}, {@code decide} (lattice when the area looks
     * tabular) or {@code guess} (Nurminen detection, then decide per detected area).
     *
     * @param areas {top, left, bottom, right} in points; empty for the whole page
     * @param verticalRulings whether stream extraction uses the page's vertical ruling lines as columns
     * @return the raw cell texts of each table, in order
     */
    static List<List<List<String>>> extract(
            PDDocument document, int pageNumber, List<float[]> areas, String method, boolean verticalRulings)
            throws IOException {
        Page page = PdfTextCollector.tabulaPage(document, pageNumber);
        List<Page> regions = new ArrayList<>();
        if (method.equals("guess")) {
            for (Rectangle r : new technology.tabula.detectors.NurminenDetectionAlgorithm().detect(page)) {
                regions.add(page.getArea(r));
            }
        } else if (areas.isEmpty()) {
            regions.add(page);
        } else {
            for (float[] a : areas) {
                regions.add(page.getArea(a[0], a[1], a[2], a[3]));
            }
        }
        List<List<List<String>>> out = new ArrayList<>();
        for (Page region : regions) {
            boolean lattice = switch (method) {
                case "lattice" -> true;
                case "stream" -> false;
                default -> new SpreadsheetExtractionAlgorithm().isTabular(region);
            };
            List<technology.tabula.Table> tables = lattice
                    ? new SpreadsheetExtractionAlgorithm().extract(region)
                    : verticalRulings
                            ? new BasicExtractionAlgorithm(region.getVerticalRulings()).extract(region)
                            : new BasicExtractionAlgorithm().extract(region);
            for (technology.tabula.Table t : tables) {
                out.add(TableFinder.cells(t, false));
            }
        }
        return out;
    }
}
