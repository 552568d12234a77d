package io.github.raglens.parse;

import java.io.IOException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.pdfbox.pdmodel.PDDocument;
import technology.tabula.ObjectExtractor;
import technology.tabula.Page;
import technology.tabula.Rectangle;
import technology.tabula.detectors.NurminenDetectionAlgorithm;
import technology.tabula.extractors.BasicExtractionAlgorithm;
import technology.tabula.extractors.SpreadsheetExtractionAlgorithm;

/**
 * Finds tables with Tabula, only on pages that show table evidence: lattice extraction where ruling
 * lines form cells, otherwise Nurminen detection with stream extraction. A table must earn its place:
 * at least two columns and two rows, mostly short cells, and not a run of prose.
 */
final class TableFinder {

    static final Pattern CAPTION = Pattern.compile(
            "^(table|tab\\.)\\s*([0-9]{1,3}|[IVX]{1,5}|[A-Z]\\.?[0-9]{1,2})\\b.*", Pattern.CASE_INSENSITIVE);
    private static final Pattern NUMBER = Pattern.compile("[-+±(]?[$€£]?\\d[\\d.,]*%?\\)?[*†‡]*");

    /**
     * A table found on a page with its box (points from the page's top-left corner).
     *
     * @param rows the cells, first row the header
     * @param page 1-based page
     * @param top top edge
     * @param left left edge
     * @param bottom bottom edge
     * @param right right edge
     */
    record Found(List<List<String>> rows, int page, float top, float left, float bottom, float right) {

        boolean contains(Word w) {
            float cx = w.centerX();
            float cy = (w.top() + w.bottom()) / 2;
            return cx >= left - 1 && cx <= right + 1 && cy >= top - 1 && cy <= bottom + 1;
        }

        boolean overlaps(Found o) {
            return o.left < right && left < o.right && o.top < bottom && top < o.bottom;
        }
    }

    private final ObjectExtractor extractor;

    TableFinder(PDDocument document) {
        this.extractor = new ObjectExtractor(document);
    }

    /** Whether a page shows evidence of a table: a caption, ruling lines or columns of numbers. */
    static boolean evidence(PageText page, List<Line> lines) {
        if (page.horizontalRulings() >= 3 || (page.horizontalRulings() >= 2 && page.verticalRulings() >= 2)) {
            return true;
        }
        int numericRows = 0;
        for (Line line : lines) {
            if (CAPTION.matcher(line.text()).matches()) {
                return true;
            }
            int numbers = 0;
            for (Word w : line.words()) {
                if (NUMBER.matcher(w.text()).matches()) {
                    numbers++;
                }
            }
            if (numbers >= 3 && numbers * 2 >= line.words().size()) {
                numericRows++;
            }
        }
        return numericRows >= 3;
    }

    /** The tables of one page that earn their place, in top-to-bottom order. */
    List<Found> find(int pageNumber) {
        Page page = extractor.extract(pageNumber);
        List<Found> out = new ArrayList<>();
        if (!page.getHorizontalRulings().isEmpty() && !page.getVerticalRulings().isEmpty()) {
            for (technology.tabula.Table t : new SpreadsheetExtractionAlgorithm().extract(page)) {
                add(out, t, pageNumber, t);
            }
        }
        if (out.isEmpty()) {
            for (Rectangle area : new NurminenDetectionAlgorithm().detect(page)) {
                Page region = page.getArea(area);
                for (technology.tabula.Table t : new BasicExtractionAlgorithm().extract(region)) {
                    add(out, t, pageNumber, area);
                }
            }
        }
        out.sort((a, b) -> Float.compare(a.top(), b.top()));
        return out;
    }

    private static void add(List<Found> out, technology.tabula.Table t, int pageNumber, Rectangle box) {
        List<List<String>> rows = Cells.clean(cells(t, true));
        if (!earnsPlace(rows)) {
            return;
        }
        Found f = new Found(rows, pageNumber, box.getTop(), box.getLeft(), box.getBottom(), box.getRight());
        for (Found o : out) {
            if (o.overlaps(f)) {
                return;
            }
        }
        out.add(f);
    }

    /** The cell texts of a Tabula table; normalised (NFKC, one line per cell) when asked. */
    @SuppressWarnings("rawtypes") // Tabula's Table.getRows() returns raw RectangularTextContainer rows
    static List<List<String>> cells(technology.tabula.Table table, boolean normalise) {
        List<List<String>> rows = new ArrayList<>();
        for (var row : table.getRows()) {
            List<String> cells = new ArrayList<>();
            for (var cell : row) {
                String text = cell.getText();
                if (normalise) {
                    text = Normalizer.normalize(text, Normalizer.Form.NFKC)
                            .replaceAll("\\s+", " ")
                            .strip();
                }
                cells.add(text);
            }
            rows.add(cells);
        }
        return rows;
    }

    /** Whether extracted cells look like a table rather than prose or noise. */
    static boolean earnsPlace(List<List<String>> rows) {
        if (rows.size() < 2) {
            return false;
        }
        int columns = 0;
        for (List<String> row : rows) {
            columns = Math.max(columns, row.size());
        }
        if (columns < 2) {
            return false;
        }
        int filled = 0;
        int longCells = 0;
        int multiCellRows = 0;
        long words = 0;
        for (List<String> row : rows) {
            int inRow = 0;
            for (String cell : row) {
                if (!cell.isBlank()) {
                    filled++;
                    inRow++;
                    int w = cell.split("\\s+").length;
                    words += w;
                    if (cell.length() > 60 || w > 10) {
                        longCells++;
                    }
                }
            }
            if (inRow >= 2) {
                multiCellRows++;
            }
        }
        if (filled < 4 || multiCellRows < 2) {
            return false;
        }
        if (longCells * 5 > filled) {
            return false; // cells mostly short
        }
        if (multiCellRows * 2 < rows.size()) {
            return false; // a run of prose: most rows hold a single cell
        }
        return (double) words / filled <= 6.0 && filled * 10 >= rows.size() * columns * 3;
    }

    /** Extracts a table from an area with a given method, for tests against Tabula's own suite. */
    static List<List<String>> extract(PDDocument document, int pageNumber, float[] area, boolean lattice)
            throws IOException {
        try (ObjectExtractor oe = new ObjectExtractor(document)) {
            Page page = oe.extract(pageNumber);
            if (area != null) {
                page = page.getArea(area[0], area[1], area[2], area[3]);
            }
            List<technology.tabula.Table> tables = lattice
                    ? new SpreadsheetExtractionAlgorithm().extract(page)
                    : new BasicExtractionAlgorithm().extract(page);
            return tables.isEmpty() ? List.of() : cells(tables.getFirst(), false);
        }
    }
}
