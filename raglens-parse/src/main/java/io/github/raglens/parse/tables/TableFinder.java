package io.github.raglens.parse.tables;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.layout.Box;
import io.github.raglens.parse.layout.Captions;
import io.github.raglens.parse.layout.ColumnLayout;
import io.github.raglens.parse.layout.Line;
import io.github.raglens.parse.layout.Rows;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import technology.tabula.Page;
import technology.tabula.Rectangle;
import technology.tabula.Ruling;
import technology.tabula.extractors.BasicExtractionAlgorithm;
import technology.tabula.extractors.SpreadsheetExtractionAlgorithm;

/**
 * Finds tables with Tabula, only on pages that show table evidence: lattice extraction where ruling
 * lines form cells, otherwise stream extraction in regions found next to captions or as aligned
 * number columns. A table must earn its place:
 * at least two columns and two rows, mostly short cells, and not a run of prose.
 */
public final class TableFinder {

    private TableFinder() {}

    /**
     * Whether a page shows evidence of a table: a caption, ruling lines, a grid of words or rows of
     * figures, read both as the page's lines and as its whole rows (a long table's wide column gap can
     * pass for a gutter, which cuts its rows in two).
     */
    public static boolean evidence(PageText page, List<Line> lines) {
        if (page.horizontalRulings() >= 3 || (page.horizontalRulings() >= 2 && page.verticalRulings() >= 2)) {
            return true;
        }
        int numericLines = 0;
        for (Line line : lines) {
            if (Captions.table(line.text())) {
                return true;
            }
            numericLines += figureRow(line.words()) ? 1 : 0;
        }
        int numericRows = 0;
        for (List<Word> row : page.rows()) {
            numericRows += figureRow(row) ? 1 : 0;
        }
        return Math.max(numericLines, numericRows) >= 3
                || AmountList.is(lines.stream().map(Line::words).toList())
                || WordGrid.holds(page.rows());
    }

    /**
     * Whether a row reads as a table's: three or more figures making half its words (dot leaders
     * aside), or two or more figures each set apart as a cell of its own ("Defence   3.1   3.3").
     */
    private static boolean figureRow(List<Word> words) {
        int figures = 0;
        int counted = 0;
        int apart = 0;
        for (int i = 0; i < words.size(); i++) {
            Word w = words.get(i);
            if (w.leader()) {
                continue;
            }
            counted++;
            if (w.figure()) {
                figures++;
                apart += (i == 0 || setApart(words.get(i - 1), w))
                                && (i == words.size() - 1 || setApart(w, words.get(i + 1)))
                        ? 1
                        : 0;
            }
        }
        return figures >= 3 && figures * 2 >= counted || apart >= 2;
    }

    /** Whether two neighbouring words stand in different cells: over about an em apart, or a leader between. */
    private static boolean setApart(Word a, Word b) {
        return a.leader() || b.leader() || Rows.cellGap(a, b);
    }

    /**
     * The tables of one page that earn their place, top to bottom: lattice extraction where Tabula
     * finds ruling lines, then stream extraction in the regions {@link TableRegions} finds and between
     * the horizontal rules {@link RuleBands} finds.
     */
    public static List<FoundTable> find(PageText text, Supplier<Page> tabula) {
        float[] gutter = ColumnLayout.gutter(text);
        List<Region> regions = TableRegions.find(text, gutter);
        boolean ruled = text.horizontalRulings() >= 2 && text.verticalRulings() >= 2 || text.horizontalRulings() >= 3;
        if (regions.isEmpty() && !ruled) {
            return List.of();
        }
        Page page = tabula.get();
        List<FoundTable> out = new ArrayList<>();
        if (!page.getHorizontalRulings().isEmpty() && !page.getVerticalRulings().isEmpty()) {
            Page lattice = ShadingEdges.removed(page);
            AreaTables areas = new AreaTables(lattice);
            for (technology.tabula.Table t : new SpreadsheetExtractionAlgorithm().extract(lattice)) {
                boolean uncaptioned = !captioned(regions, t);
                if (refused(out, text, t, uncaptioned)) {
                    continue; // a chart's grid, or inside a table kept: not worth reading its cells
                }
                keep(
                        out,
                        reading(
                                Cells.clean(LatticeCells.cells(framed(areas, text, t, gutter))),
                                text,
                                t,
                                uncaptioned,
                                true));
            }
        }
        // stream tables: where a caption's region and a band of rules overlap, the fuller reading wins
        List<FoundTable> stream = new ArrayList<>();
        for (Region r : regions) {
            Box b = r.box();
            Rectangle area = new Rectangle(b.top(), b.left(), b.right() - b.left(), b.bottom() - b.top());
            if (flat(area)) {
                continue;
            }
            Page region = page.getArea(area);
            List<List<String>> spanned = StreamColumns.rows(text, b);
            for (technology.tabula.Table t : new BasicExtractionAlgorithm().extract(region)) {
                List<List<String>> rows = Cells.clean(cells(t, true));
                int columns = rows.isEmpty() ? 0 : rows.getFirst().size();
                boolean merged = !spanned.isEmpty() && spanned.getFirst().size() > columns;
                stream.add(reading(
                        WrappedRows.joined(merged ? Cells.clean(spanned) : rows), text, area, !r.captioned(), false));
            }
        }
        for (RuleBands.Band band : RuleBands.find(page)) {
            if (flat(band.area()) || holdsText(text, band.area())) {
                continue; // the rules of two tables, with their captions or running text between them
            }
            for (technology.tabula.Table t : bandTables(page.getArea(band.area()), text)) {
                stream.add(reading(
                        Cells.clean(band.rows(cells(t, true), centers(t))),
                        text,
                        band.area(),
                        !captioned(regions, band.area()) && !captionAtEdge(text, band.area()),
                        false));
            }
        }
        stream.removeIf(java.util.Objects::isNull);
        stream.sort((a, b) -> Integer.compare(filled(b.rows()), filled(a.rows())));
        // rules around only part of a table (one ruled column, a block of rows) give way to a stream
        // reading around them with more cells
        for (int i = 0; i < out.size(); i++) {
            FoundTable part = out.get(i);
            for (FoundTable f : stream) {
                if (f.box().surrounds(part.box()) && filled(f.rows()) > filled(part.rows()) && !out.contains(f)) {
                    out.set(i, f);
                    break;
                }
            }
        }
        for (FoundTable f : stream) {
            keep(out, f);
        }
        out.sort((a, b) -> Float.compare(a.box().top(), b.box().top()));
        return out;
    }

    /**
     * Whether a caption or a line of running text across the whole width lies inside a box (a table's
     * own cells of prose fill only their column). A caption is looked for among the words reaching into
     * the box: one set wider than its table, centred over it, starts left of the table's rules.
     */
    private static boolean holdsText(PageText text, Rectangle box) {
        Box bounds = box(box);
        for (List<Word> row : text.rows()) {
            List<Word> inside = new ArrayList<>();
            List<Word> reaching = new ArrayList<>();
            for (Word w : row) {
                if (!bounds.level(w)) {
                    continue;
                }
                if (w.x1() > box.getLeft() && w.x0() < box.getRight()) {
                    reaching.add(w);
                }
                if (bounds.holds(w)) {
                    inside.add(w);
                }
            }
            if (!inside.isEmpty()
                    && RowKinds.prose(inside, (float) box.getWidth())
                    && inside.getLast().x1() - inside.getFirst().x0() >= 0.9f * box.getWidth()) {
                return true;
            }
            if (!reaching.isEmpty()
                    && Captions.table(reaching.getFirst().text() + " "
                            + (reaching.size() > 1 ? reaching.get(1).text() : ""))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Stream extraction of the area between a table's rules; again with the {@linkplain AlignedColumns
     * aligned columns} as separators when they show more columns than Tabula found (it joins a long
     * cell to the next column when less than about a character width parts them). Between rules the
     * rows are the table's own, without a caption or a heading spanning its columns.
     */
    private static List<technology.tabula.Table> bandTables(Page area, PageText text) {
        List<technology.tabula.Table> tables = new BasicExtractionAlgorithm().extract(area);
        List<Float> separators = AlignedColumns.separators(
                text, new Box(area.getTop(), area.getLeft(), area.getBottom(), area.getRight()));
        int columns = 0;
        for (technology.tabula.Table t : tables) {
            columns = Math.max(
                    columns,
                    Cells.clean(cells(t, false)).stream()
                            .mapToInt(List::size)
                            .max()
                            .orElse(0));
        }
        if (separators.size() + 1 <= columns) {
            return tables;
        }
        List<Ruling> rulings = new ArrayList<>();
        for (float x : separators) {
            // never through a glyph: the rules may hold text our words do not show (as Tabula reads it)
            if (area.getText().stream().noneMatch(g -> g.getLeft() < x && x < g.getRight())) {
                rulings.add(new Ruling(area.getTop(), x, 0, area.getBottom() - area.getTop()));
            }
        }
        return new BasicExtractionAlgorithm(rulings).extract(area);
    }

    /**
     * Whether a "Table N" caption stands at a box's top or bottom edge: a row beginning with one, over
     * the box's width, within two and a half ems of the edge. A band of rules may hold a table whose
     * region search from its caption stopped at a header the search could not tell from text (column
     * gaps no wider than word spaces make it one run of words).
     */
    private static boolean captionAtEdge(PageText text, Rectangle box) {
        for (List<Word> row : text.rows()) {
            Word first = row.getFirst();
            float reach = 2.5f * first.size();
            boolean edge = first.bottom() <= box.getTop() + 2 && first.bottom() >= box.getTop() - reach
                    || first.top() >= box.getBottom() - 2 && first.top() <= box.getBottom() + reach;
            if (edge
                    && row.getLast().x1() > box.getLeft()
                    && first.x0() < box.getRight()
                    && Captions.table(Rows.text(row))) {
                return true;
            }
        }
        return false;
    }

    /** Whether a captioned region overlaps a box: a ruled table there has its caption. */
    private static boolean captioned(List<Region> regions, Rectangle box) {
        for (Region r : regions) {
            if (r.captioned() && r.box().overlaps(box(box))) {
                return true;
            }
        }
        return false;
    }

    /** A Tabula rectangle's box, its edges as Tabula reads them. */
    private static Box box(Rectangle r) {
        return new Box(r.getTop(), r.getLeft(), r.getBottom(), r.getRight());
    }

    private static int filled(List<List<String>> rows) {
        int n = 0;
        for (List<String> row : rows) {
            for (String cell : row) {
                n += cell.isBlank() ? 0 : 1;
            }
        }
        return n;
    }

    /**
     * A ruled table drawn without its outer frame loses the column beyond its last vertical line (row
     * labels, usually): when words sit level with the table just outside it, the table is extracted
     * again inside a box widened to them, whose edges close the frame, and kept when that fills more
     * cells.
     */
    private static technology.tabula.Table framed(
            AreaTables areas, PageText text, technology.tabula.Table t, float[] gutter) {
        float left = t.getLeft();
        float right = t.getRight();
        float reach = 150;
        float minLeft = t.getLeft() - reach;
        float maxRight = t.getRight() + reach;
        if (gutter != null) {
            // a table inside one column never widens into the other one
            if (t.getRight() <= gutter[1]) {
                maxRight = Math.min(maxRight, gutter[0]);
            }
            if (t.getLeft() >= gutter[0]) {
                minLeft = Math.max(minLeft, gutter[1]);
            }
        }
        for (List<Word> row : text.rows()) {
            for (Word w : row) {
                float cy = (w.top() + w.bottom()) / 2;
                if (cy <= t.getTop() || cy >= t.getBottom()) {
                    continue;
                }
                if (w.x1() <= t.getLeft() && w.x0() >= minLeft) {
                    left = Math.min(left, w.x0());
                } else if (w.x0() >= t.getRight() && w.x1() <= maxRight) {
                    right = Math.max(right, w.x1());
                }
            }
        }
        if (left == t.getLeft() && right == t.getRight()) {
            return t;
        }
        technology.tabula.Table best = t;
        int bestCells = filled(t);
        for (technology.tabula.Table wider : areas.in(t.getTop() - 1, left - 2, t.getBottom() + 1, right + 2)) {
            int cells = filled(wider);
            if (cells > bestCells && wider.getRowCount() >= t.getRowCount()) {
                best = wider;
                bestCells = cells;
            }
        }
        return best;
    }

    private static int filled(technology.tabula.Table t) {
        return filled(cells(t, false));
    }

    /**
     * The table read in a box, or null when its cells do not earn it a place. Without a caption it
     * needs {@linkplain #labelled labels}; a table read from its words (not from ruled cells) may also
     * have them in a {@linkplain #labelColumn column}.
     */
    private static FoundTable reading(
            List<List<String>> rows, PageText text, Rectangle box, boolean uncaptioned, boolean ruled) {
        if (!earnsPlace(rows)) {
            return null;
        }
        boolean labels = labelled(rows) || !ruled && rows.size() >= 3 && labelColumn(rows);
        if (uncaptioned && (!labels || besideFigureCaption(text, box))) {
            return null;
        }
        return new FoundTable(rows, text.page(), box(box));
    }

    /**
     * Whether a table in a box would be refused whatever its cells: it overlaps a table already kept,
     * or, without a caption, stands beside a figure's caption. Reading a ruled table's cells costs a
     * second extraction when it is framed, and a chart's grid makes dozens of such tables.
     */
    private static boolean refused(List<FoundTable> out, PageText text, Rectangle box, boolean uncaptioned) {
        Box bounds = box(box);
        return out.stream().anyMatch(o -> bounds.overlaps(o.box())) || uncaptioned && besideFigureCaption(text, box);
    }

    /** Adds a table unless it is null or overlaps one already kept. */
    private static void keep(List<FoundTable> out, FoundTable f) {
        if (f != null && out.stream().noneMatch(o -> f.box().overlaps(o.box()))) {
            out.add(f);
        }
    }

    /** The height of each row's middle from the page top, from its tallest cell. */
    @SuppressWarnings("rawtypes") // Tabula's Table.getRows() returns raw RectangularTextContainer rows
    private static List<Float> centers(technology.tabula.Table table) {
        List<Float> out = new ArrayList<>();
        for (var row : table.getRows()) {
            float top = Float.MAX_VALUE;
            float bottom = -Float.MAX_VALUE;
            for (var cell : row) {
                if (!cell.getText().isBlank()) {
                    top = Math.min(top, cell.getTop());
                    bottom = Math.max(bottom, cell.getBottom());
                }
            }
            out.add(top <= bottom ? (top + bottom) / 2 : Float.NaN);
        }
        return out;
    }

    /** The cell texts of a Tabula table; normalised (NFKC, one line per cell) when asked. */
    @SuppressWarnings("rawtypes") // Tabula's Table.getRows() returns raw RectangularTextContainer rows
    static List<List<String>> cells(technology.tabula.Table table, boolean normalise) {
        List<List<String>> rows = new ArrayList<>();
        for (var row : table.getRows()) {
            List<String> cells = new ArrayList<>();
            for (var cell : row) {
                cells.add(normalise ? normalised(cell.getText()) : cell.getText());
            }
            rows.add(cells);
        }
        return rows;
    }

    /** A cell's text NFKC-normalised on one line. */
    static String normalised(String text) {
        String nfkc = Normalizer.normalize(text, Normalizer.Form.NFKC);
        StringBuilder b = new StringBuilder(nfkc.length());
        // each run of whitespace (as a regular expression's \s matches it) becomes one space, as
        // replaceAll("\\s+", " ") did, without compiling and running the expression for every cell
        for (int i = 0; i < nfkc.length(); i++) {
            char c = nfkc.charAt(i);
            if (!space(c)) {
                b.append(c);
            } else if (i == 0 || !space(nfkc.charAt(i - 1))) {
                b.append(' ');
            }
        }
        return b.toString().strip();
    }

    /**
     * Whether the first text under a box (before any line of prose, within its width) is a "Figure N"
     * caption, or one ends just above it: text there is the labels of a chart or a diagram, not a table.
     */
    static boolean besideFigureCaption(PageText text, Rectangle box) {
        float from = box.getLeft() - 40;
        float to = box.getRight() + 40;
        for (List<Word> row : text.rows()) {
            List<Word> span = new ArrayList<>();
            for (Word w : row) {
                if (w.x0() >= from && w.x0() < to) {
                    span.add(w);
                }
            }
            if (span.isEmpty()) {
                continue;
            }
            Word first = span.getFirst();
            boolean below = first.top() >= box.getBottom() - 4;
            boolean above = first.bottom() <= box.getTop() + 4 && first.bottom() >= box.getTop() - 20;
            if (!below && !above) {
                continue;
            }
            if (below && first.top() > box.getBottom() + 450) {
                return false;
            }
            String head = span.size() > 1 ? first.text() + " " + span.get(1).text() : first.text();
            if (Captions.figure(head)) {
                return true;
            }
            if (below && (RowKinds.prose(span, (float) box.getWidth()) || Captions.table(head))) {
                return false; // running text or a table caption comes first
            }
        }
        return false;
    }

    /**
     * Without a caption, a table needs at least three rows and either a row of labels (half its cells
     * with letters) or a dense grid (four rows, three columns, nine cells in ten filled): sparse rows of
     * bare numbers are usually the tick labels of a chart.
     */
    static boolean labelled(List<List<String>> rows) {
        if (rows.size() < 3) {
            return false;
        }
        int columns = 0;
        int filledCells = 0;
        for (List<String> row : rows) {
            columns = Math.max(columns, row.size());
            for (String cell : row) {
                filledCells += cell.isBlank() ? 0 : 1;
            }
        }
        if (rows.size() >= 4 && columns >= 3 && filledCells * 10 >= rows.size() * columns * 9) {
            return true;
        }
        for (List<String> row : rows) {
            int filled = 0;
            int words = 0;
            for (String cell : row) {
                if (!cell.isBlank()) {
                    filled++;
                    if (cell.matches(".*\\p{L}{2}.*")) {
                        words++;
                    }
                }
            }
            if (filled >= 2 && words * 2 >= filled) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether an outer column labels the rows: in most of the rows that hold figures, the first
     * filled cell (or in every such row the last, for a right-to-left script) holds words. A
     * statistical table often has no header row of words; a chart's tick labels are bare numbers.
     * Labels indented to show a hierarchy may fall in different columns, so the outermost filled cell
     * counts, not one column.
     */
    static boolean labelColumn(List<List<String>> rows) {
        for (boolean fromLeft : new boolean[] {true, false}) {
            int figures = 0;
            int labelled = 0;
            for (List<String> row : rows) {
                List<String> filled = row.stream().filter(c -> !c.isBlank()).toList();
                if (filled.size() < 2) {
                    continue;
                }
                String label = fromLeft ? filled.getFirst() : filled.getLast();
                boolean numbers = false;
                for (String cell : filled) {
                    numbers |= cell != label && Cells.figure(cell);
                }
                if (numbers) {
                    figures++;
                    labelled += label.matches(".*\\p{L}{2}.*") ? 1 : 0;
                }
            }
            if (figures >= 3 && labelled * 3 >= figures * 2) {
                return true;
            }
        }
        return false;
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
                    int w = words(cell);
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

    /**
     * How many words a cell holds as {@code cell.split("\\s+").length} counts them (the runs between
     * whitespace, one more when the cell starts with whitespace, one for an empty cell, none for one of
     * whitespace only), without the regular expression and the strings it makes for every cell.
     */
    static int words(String cell) {
        int runs = 0;
        boolean inWord = false;
        for (int i = 0; i < cell.length(); i++) {
            boolean s = space(cell.charAt(i));
            runs += !s && !inWord ? 1 : 0;
            inWord = !s;
        }
        if (runs == 0) {
            return cell.isEmpty() ? 1 : 0;
        }
        return space(cell.charAt(0)) ? runs + 1 : runs;
    }

    /** Whether a character is whitespace as a regular expression's {@code \s} matches it by default. */
    private static boolean space(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /**
     * Whether an area has no width or no height: it holds no table, and Tabula cannot cut a page to it
     * (its border rulings have no length, which Tabula refuses as oblique, losing the page's tables).
     */
    private static boolean flat(Rectangle area) {
        return !(area.getWidth() > 0 && area.getHeight() > 0);
    }
}
