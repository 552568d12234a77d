package io.github.raglens.parse.tables;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.layout.Box;
import io.github.raglens.parse.layout.Captions;
import io.github.raglens.parse.layout.ColumnLayout;
import io.github.raglens.parse.layout.Rows;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Finds where unruled tables sit on a page, from our own words (cheap, unlike image-based detection):
 * the block of aligned rows next to a "Table N" caption, in the caption's column, or else a run of at
 * least three aligned rows that are mostly numbers, a {@linkplain AmountList list of amounts} or a
 * {@linkplain WordGrid grid of words}.
 */
final class TableRegions {

    /** A year as header rows print it over a column: four digits, no separators. */
    private static final Pattern YEAR = Pattern.compile("(1[89]|2[01])\\d\\d");

    private TableRegions() {}

    /** The regions of a page's tables, captioned ones first. */
    static List<Region> find(PageText page) {
        return find(page, ColumnLayout.gutter(page));
    }

    /** The regions of a page's tables, captioned ones first, given the page's {@linkplain ColumnLayout#gutter gutter}. */
    static List<Region> find(PageText page, float[] gutter) {
        float[] across = Rows.across(page.rows());
        float minX = across[0];
        float maxX = across[1];
        List<Region> out = new ArrayList<>();
        boolean caption = false; // of a table or a figure, either of which puts a chart's labels in doubt
        List<List<Word>> full = rows(page, minX - 1, maxX + 1);
        // a page set in two columns only in part (the rest across the width) shows no gutter of its own;
        // a caption set in one of those columns then tells where its column is
        float[] captionGutter = gutter != null ? gutter : besideACaption(full);
        for (List<Word> row : full) {
            if (Captions.tableOrFigure(Rows.text(row)) || captionInside(row, captionGutter)) {
                caption = true;
            }
        }
        // captioned tables, searched in the caption's column; side-by-side tables first, each in its part
        List<float[]> searched = sideBySide(full, minX, maxX);
        searched.addAll(ranges(captionGutter, minX, maxX));
        for (float[] range : searched) {
            List<List<Word>> rows = rows(page, range[0], range[1]);
            boolean besideAnother = range.length > 2;
            for (int i = 0; i < rows.size(); i++) {
                if (!Captions.table(Rows.text(rows.get(i)))
                        || besideAnother && Math.abs(rows.get(i).getFirst().top() - range[2]) > 1f) {
                    continue;
                }
                float width = range[1] - range[0];
                if (captionGutter != null && width > maxX - minX && inOneColumn(rows.get(i), captionGutter)) {
                    continue; // searched in its column, where the other column's lines cannot join it
                }
                List<List<Word>> down = walk(rows, i, +1, width);
                List<List<Word>> up = walk(rows, i, -1, width);
                // a part of the width under one of several captions reaches up into whatever stands above
                // the row of captions, and rows right under another caption are that caption's table: the
                // table is then the one below when there is one
                int aboveUp = i - up.size() - 1;
                boolean upCaptioned = !up.isEmpty() && aboveUp >= 0 && Captions.table(Rows.text(rows.get(aboveUp)));
                boolean takeDown = tabularRows(down) >= tabularRows(up)
                        || (besideAnother || upCaptioned) && tabularRows(down) >= 2;
                List<List<Word>> best = trimmed(takeDown ? down : up);
                if (besideAnother) {
                    best = beforeCrossingLine(best, page, range, minX, maxX);
                }
                if (tabularRows(best) >= 2) {
                    add(out, new Region(box(best), true));
                }
            }
        }
        // uncaptioned runs of figures; on a page with a caption (where a chart's labels may stand) only
        // the run that opens the page, above any caption or running text (a table continued from the
        // page before, which has no caption there), runs of labelled figure rows and grids of words,
        // which a chart's labels do not make
        for (float[] range : gutter == null ? List.of(new float[] {minX - 1, maxX + 1}) : ranges(gutter, minX, maxX)) {
            List<List<Word>> rows = rows(page, range[0], range[1]);
            float width = range[1] - range[0];
            boolean acrossGutter = gutter != null && range[0] < gutter[0] && range[1] > gutter[1];
            List<List<Word>> run = new ArrayList<>();
            List<Word> previous = null;
            boolean gridsOnly = false;
            boolean textAbove = false;
            for (List<Word> row : rows) {
                boolean continues = !run.isEmpty()
                        && (row.getFirst().top() - Rows.bottom(run.getLast()) <= 2.5f * size(row)
                                || skipsALine(run, row));
                boolean text = RowKinds.prose(row, width)
                        || previous != null && endsParagraph(previous, row, width)
                        || Captions.table(Rows.text(row));
                if (!run.isEmpty() && (!continues || text)) {
                    uncaptioned(out, run, page, gridsOnly, !textAbove, gutter, acrossGutter);
                    run = new ArrayList<>();
                }
                gridsOnly |= caption && text;
                textAbove |= text;
                if (!text) {
                    run.add(row);
                }
                previous = row;
            }
            uncaptioned(out, run, page, gridsOnly, !textAbove, gutter, acrossGutter);
        }
        return out;
    }

    /**
     * Whether a row is the short last line of the paragraph above it: one run of words under a line
     * of prose, its baseline within one and a half ems of the prose's (a table keeps some space from
     * the text above).
     */
    private static boolean endsParagraph(List<Word> above, List<Word> row, float width) {
        return RowKinds.prose(above, width)
                && Rows.cells(row) == 1
                && Math.abs(row.getFirst().x0() - above.getFirst().x0()) < size(row)
                && Rows.bottom(row) - Rows.bottom(above) < 1.5f * size(row);
    }

    /**
     * Whether a row follows a run after one blank line, as statistical tables group their rows: both it
     * and the run's last row hold figures, its baseline at most about two of the run's own line
     * pitches below the run's last.
     */
    private static boolean skipsALine(List<List<Word>> run, List<Word> row) {
        if (run.size() < 2 || RowKinds.figures(run.getLast()) < 2 || RowKinds.figures(row) < 2) {
            return false;
        }
        float[] pitches = new float[run.size() - 1];
        for (int i = 1; i < run.size(); i++) {
            pitches[i - 1] = Rows.bottom(run.get(i)) - Rows.bottom(run.get(i - 1));
        }
        java.util.Arrays.sort(pitches);
        float pitch = pitches[pitches.length / 2];
        return pitch > 0 && Rows.bottom(row) - Rows.bottom(run.getLast()) <= 2.2f * pitch;
    }

    /** Whether a row of the whole width is two columns' lines: words on both sides, none across the gutter. */
    private static boolean inOneColumn(List<Word> row, float[] gutter) {
        boolean left = false;
        boolean right = false;
        for (Word w : row) {
            if (w.x0() < gutter[1] && w.x1() > gutter[0]) {
                return false;
            }
            left |= w.x1() <= gutter[0];
            right |= w.x0() >= gutter[1];
        }
        return left && right;
    }

    /**
     * The gutter beside the first caption that shares its line with a column of text: a row split at a
     * gap over two ems wide, one side a titled caption ("Table 1. Rates by area"; a cell reading
     * "Table 36.5" is none), the other side words; null when none does. A caption on the right starts
     * its column; one on the left may end well short of its column, which reaches to the other's start.
     */
    private static float[] besideACaption(List<List<Word>> rows) {
        for (List<Word> row : rows) {
            for (int k = 1; k < row.size(); k++) {
                Word a = row.get(k - 1);
                Word b = row.get(k);
                if (Rows.gap(a, b) <= 2 * Rows.em(a, b)) {
                    continue;
                }
                if (Captions.titledTable(Rows.text(row.subList(k, row.size())))) {
                    return new float[] {a.x1(), b.x0()};
                }
                if (Captions.titledTable(Rows.text(row.subList(0, k)))) {
                    return new float[] {b.x0() - b.size(), b.x0()};
                }
            }
        }
        return null;
    }

    /** Whether the part of a row right of the gutter opens a caption: one set in the right-hand column. */
    private static boolean captionInside(List<Word> row, float[] gutter) {
        if (gutter == null) {
            return false;
        }
        List<Word> right = new ArrayList<>();
        for (Word w : row) {
            if (w.x0() >= gutter[0]) {
                right.add(w);
            }
        }
        return !right.isEmpty() && Captions.tableOrFigure(Rows.text(right));
    }

    /**
     * Adds the region of an uncaptioned run of rows that is a table: of figures, amounts or words. A
     * run that opens its page may be the last rows of a table of words the page before began, three
     * rows or more. A run searched across the gutter of a two-column page, none of its words in the
     * gutter, is left to the search of each column when one side of it is a column of text going on
     * past it: seen across the width, that column's lines would pass for cells of the table's rows.
     */
    private static void uncaptioned(
            List<Region> out,
            List<List<Word>> rows,
            PageText page,
            boolean gridsOnly,
            boolean opensPage,
            float[] gutter,
            boolean acrossGutter) {
        List<List<Word>> run = trimmed(rows);
        if (acrossGutter && clearOf(run, gutter) && GutterCrossing.besideAColumn(run, gutter, page)) {
            return;
        }
        int tabular = 0;
        int words = 0;
        int numbers = 0;
        for (List<Word> row : run) {
            if (Rows.cells(row) >= 2) {
                tabular++;
            }
            for (Word w : row) {
                words += w.leader() ? 0 : 1;
                numbers += w.figure() ? 1 : 0;
            }
        }
        boolean figures = tabular >= 3 && numbers * 10 >= words * 3 || AmountList.is(run);
        int least = opensPage ? 3 : 4;
        if (!figures && !WordGrid.is(run, least)) {
            return; // neither figures nor a grid of words: nothing is kept, so no need to widen the run
        }
        List<List<Word>> widened = GutterCrossing.widened(run, page, gutter);
        // not widened into a table found already: the other column holds a table of its own
        List<List<Word>> whole = widened != run && overlaps(out, box(widened)) ? run : widened;
        // on a page with captions, figures without one must stand in rows of a label and its figures
        if (!figures || !gridsOnly || LabelledRows.count(whole) >= 3 || WordGrid.is(run, least)) {
            add(out, new Region(box(whole), false));
        }
    }

    /** Whether no word of the rows reaches into the gutter. */
    private static boolean clearOf(List<List<Word>> rows, float[] gutter) {
        for (List<Word> row : rows) {
            for (Word w : row) {
                if (w.x0() < gutter[1] && w.x1() > gutter[0]) {
                    return false;
                }
            }
        }
        return true;
    }

    private static void add(List<Region> out, Region region) {
        if (!overlaps(out, region.box())) {
            out.add(region);
        }
    }

    /** Whether a box overlaps any of the regions found so far. */
    private static boolean overlaps(List<Region> out, Box box) {
        for (Region o : out) {
            if (o.box().overlaps(box)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The parts of the page's width under captions set side by side on one row ("Table 1: …   Table
     * 2: …"), parted halfway between one caption's end and the next one's start, so tables placed next
     * to each other are searched, and kept, apart. A caption centred over its table may be narrower
     * than the table: the parts run from the page's left edge to its right one. Each part is {left,
     * right, top of the captions' row}: only those captions are searched in it.
     */
    private static List<float[]> sideBySide(List<List<Word>> rows, float minX, float maxX) {
        List<float[]> out = new ArrayList<>();
        for (List<Word> row : rows) {
            if (!captionAt(row, 0)) {
                continue;
            }
            List<Float> bounds = new ArrayList<>();
            bounds.add(minX - 1);
            for (int k = 1; k < row.size(); k++) {
                if (captionBeside(row, k)) {
                    bounds.add((row.get(k - 1).x1() + row.get(k).x0()) / 2);
                }
            }
            bounds.add(maxX + 1);
            for (int j = 0; bounds.size() >= 3 && j + 1 < bounds.size(); j++) {
                out.add(new float[] {
                    bounds.get(j), bounds.get(j + 1), row.getFirst().top()
                });
            }
        }
        return out;
    }

    /**
     * The rows of a table beside another up to the first that is part of a line crossing from one
     * table's part of the width into the other's: running text above or below both.
     */
    private static List<List<Word>> beforeCrossingLine(
            List<List<Word>> rows, PageText page, float[] part, float minX, float maxX) {
        for (int i = 0; i < rows.size(); i++) {
            float at = Rows.bottom(rows.get(i));
            for (List<Word> line : page.rows()) {
                if (Math.abs(Rows.bottom(line) - at) > 0.5f) {
                    continue;
                }
                if (part[0] > minX && runsAcross(line, part[0]) || part[1] < maxX && runsAcross(line, part[1])) {
                    return rows.subList(0, i);
                }
            }
        }
        return rows;
    }

    /** Whether a line runs across x: a word spans it, or words lie within a word space on both sides. */
    private static boolean runsAcross(List<Word> line, float x) {
        boolean before = false;
        boolean after = false;
        for (Word w : line) {
            if (w.x0() < x && w.x1() > x) {
                return true;
            }
            before |= w.x1() <= x && w.x1() > x - w.size();
            after |= w.x0() >= x && w.x0() < x + w.size();
        }
        return before && after;
    }

    private static boolean captionAt(List<Word> row, int k) {
        return Captions.table(Rows.text(row.subList(k, row.size())));
    }

    /**
     * Whether a second caption starts at word k of a row: "Table N:" (or "Table N.") after a gap wider
     * than a word space. Minipages set side by side may leave only a narrow gap between their captions,
     * while a table named in running text is not followed by a colon.
     */
    private static boolean captionBeside(List<Word> row, int k) {
        Word before = row.get(k - 1);
        Word w = row.get(k);
        if (Rows.gap(before, w) <= 0.5f * Rows.em(before, w) || !captionAt(row, k)) {
            return false;
        }
        String number = Captions.gluedTableLabel(w.text()) || k + 1 >= row.size()
                ? w.text()
                : row.get(k + 1).text();
        return number.endsWith(":") || number.endsWith(".");
    }

    /** The column ranges to search: each column of a two-column page and the whole width. */
    private static List<float[]> ranges(float[] gutter, float minX, float maxX) {
        List<float[]> out = new ArrayList<>();
        out.add(new float[] {minX - 1, maxX + 1});
        if (gutter != null) {
            out.add(new float[] {minX - 1, gutter[0] + 1});
            out.add(new float[] {gutter[1] - 1, maxX + 1});
        }
        return out;
    }

    /** Rows from the caption outwards: skips the caption's own lines, then takes non-prose rows. */
    private static List<List<Word>> walk(List<List<Word>> rows, int caption, int step, float width) {
        List<List<Word>> out = new ArrayList<>();
        int i = caption + step;
        List<Word> previous = rows.get(caption);
        float widest = 0;
        boolean dataSoFar = false;
        if (step > 0) {
            // the caption may run over several lines: full lines of text, or a short last line in the
            // caption's type; a caption that is only its label ("Table 6.", boxed or on a line of its
            // own) may stand further above its title
            boolean label = rows.get(caption).size() <= 2;
            int skipped = 0;
            while (i < rows.size()
                    && skipped < 4
                    && (RowKinds.prose(rows.get(i), width)
                            || captionType(rows.get(caption), rows.get(i))
                                    && !(i + 1 < rows.size() && overDataColumns(rows.get(i), rows.get(i + 1))))
                    && gap(previous, rows.get(i)) < (label && skipped == 0 ? 3f : 1.5f) * size(previous)) {
                previous = rows.get(i);
                i++;
                skipped++;
            }
        }
        while (i >= 0 && i < rows.size()) {
            List<Word> row = rows.get(i);
            if (RowKinds.prose(row, width)
                    || RowKinds.beside(row, width)
                    || RowKinds.tick(row)
                    || Captions.table(Rows.text(row))) {
                break;
            }
            float gap = Math.abs(gap(previous, row));
            // a gap far wider than any between the rows so far leaves the table; not while the rows so
            // far are header rows (words and years), set close together over the first row of data
            if (gap > 3.5f * size(row) || out.size() >= 2 && dataSoFar && gap > 2f * Math.max(widest, size(row) / 2)) {
                break;
            }
            // nor does a row after a wider gap than most that reaches out past the rows' sides: the
            // columns of the page going on under a table across them (a heading atop one of them)
            if (out.size() >= 2 && dataSoFar && reachesOut(out, row) && gap > 1.5f * medianGap(out)) {
                break;
            }
            dataSoFar |= holdsData(row);
            if (!out.isEmpty()) {
                widest = Math.max(widest, gap);
            }
            out.add(row);
            previous = row;
            i += step;
        }
        return out;
    }

    /** The median of the gaps between consecutive rows of a run. */
    private static float medianGap(List<List<Word>> rows) {
        float[] gaps = new float[rows.size() - 1];
        for (int k = 1; k < rows.size(); k++) {
            gaps[k - 1] = Math.abs(gap(rows.get(k - 1), rows.get(k)));
        }
        java.util.Arrays.sort(gaps);
        return gaps[gaps.length / 2];
    }

    /** Whether a row starts or ends more than two ems beyond where all the rows of a run do. */
    private static boolean reachesOut(List<List<Word>> rows, List<Word> row) {
        float[] span = Rows.across(rows);
        float em = size(row);
        return row.getFirst().x0() < span[0] - 2 * em || row.getLast().x1() > span[1] + 2 * em;
    }

    /** Whether a row holds a figure other than a year, which header rows hold over their columns. */
    private static boolean holdsData(List<Word> row) {
        for (Word w : row) {
            if (w.figure() && !YEAR.matcher(w.text()).matches()) {
                return true;
            }
        }
        return false;
    }

    /** Whether a row is one run of words set in the caption's type: its size, weight and slant. */
    private static boolean captionType(List<Word> caption, List<Word> row) {
        Word a = caption.getLast();
        Word b = row.getFirst();
        return Rows.cells(row) == 1
                && Math.abs(a.size() - b.size()) < 0.3f
                && a.bold() == b.bold()
                && a.italic() == b.italic();
    }

    /**
     * The rows of a table without what borders it, top to bottom: leading rows that are a title across
     * its column gaps ({@link #withoutSpanningTitle}) or a heading in larger type than the table's, and
     * trailing rows of one cell (a note under the table, the next section's heading).
     */
    static List<List<Word>> trimmed(List<List<Word>> rows) {
        List<List<Word>> sorted = new ArrayList<>(withoutSpanningTitle(rows));
        sorted.sort((a, b) -> Float.compare(Rows.top(a), Rows.top(b)));
        double[] sizes = sorted.stream()
                .filter(r -> Rows.cells(r) >= 2)
                .mapToDouble(TableRegions::size)
                .sorted()
                .toArray();
        double body = sizes.length == 0 ? Double.MAX_VALUE : sizes[sizes.length / 2];
        int first = 0;
        int last = sorted.size();
        while (first < last && Rows.cells(sorted.get(first)) == 1 && size(sorted.get(first)) > 1.08 * body) {
            first++;
        }
        while (last > first && Rows.cells(sorted.get(last - 1)) == 1) {
            last--;
        }
        return sorted.subList(first, last);
    }

    /**
     * The rows without their leading one-cell rows that run across a column gap of the table below
     * (a title or a caption's last line). Stream extraction takes every text run as one cell, so such
     * a row would merge the columns it spans for the whole table.
     */
    static List<List<Word>> withoutSpanningTitle(List<List<Word>> rows) {
        List<List<Word>> sorted = new ArrayList<>(rows);
        sorted.sort((a, b) -> Float.compare(Rows.top(a), Rows.top(b)));
        List<Word> widest = null;
        for (List<Word> row : sorted) {
            if (widest == null || Rows.cells(row) > Rows.cells(widest)) {
                widest = row;
            }
        }
        int first = 0;
        while (first < sorted.size()
                && Rows.cells(sorted.get(first)) == 1
                && spansAGap(sorted.get(first), widest)
                && !overDataColumns(sorted.get(first), widest)) {
            first++;
        }
        return first == 0 ? rows : sorted.subList(first, sorted.size());
    }

    /**
     * Whether a row of one cell stands over the figure columns of a table's row, clear of its first
     * cell (the rows' labels) and within its extent: a header spanning those columns ("Accuracy (%)"
     * over Dev, Test and Hard), where a caption's or a title's line starts at or before the table's edge.
     */
    static boolean overDataColumns(List<Word> row, List<Word> tableRow) {
        if (Rows.cells(row) != 1 || Rows.cells(tableRow) < 2) {
            return false;
        }
        int firstCellEnd = 0;
        while (!Rows.cellGap(tableRow.get(firstCellEnd), tableRow.get(firstCellEnd + 1))) {
            firstCellEnd++;
        }
        float em = size(tableRow);
        return row.getFirst().x0() > tableRow.get(firstCellEnd).x1() + em / 2
                && row.getLast().x1() <= tableRow.getLast().x1() + em;
    }

    /** Whether a row's extent covers the middle of a gap between two cells of {@code body}. */
    private static boolean spansAGap(List<Word> row, List<Word> body) {
        float x0 = row.getFirst().x0();
        float x1 = row.getLast().x1();
        for (int i = 1; i < body.size(); i++) {
            Word a = body.get(i - 1);
            Word b = body.get(i);
            float middle = (a.x1() + b.x0()) / 2;
            if (Rows.cellGap(a, b) && x0 < middle && middle < x1) {
                return true;
            }
        }
        return false;
    }

    private static float gap(List<Word> a, List<Word> b) {
        return b.getFirst().top() >= a.getFirst().top() ? Rows.top(b) - Rows.bottom(a) : Rows.top(a) - Rows.bottom(b);
    }

    private static int tabularRows(List<List<Word>> rows) {
        int n = 0;
        for (List<Word> row : rows) {
            if (Rows.cells(row) >= 2) {
                n++;
            }
        }
        return n;
    }

    /** The rows of a page restricted to words whose centre lies in [from, to], top to bottom. */
    private static List<List<Word>> rows(PageText page, float from, float to) {
        // each row with its bottom, worked out once rather than at every comparison of the sort
        record Kept(List<Word> row, float bottom) {}
        List<Kept> out = new ArrayList<>();
        for (List<Word> row : page.rows()) {
            List<Word> kept = new ArrayList<>();
            for (Word w : row) {
                if (w.centerX() >= from && w.centerX() <= to) {
                    kept.add(w);
                }
            }
            if (!kept.isEmpty()) {
                out.add(new Kept(kept, Rows.bottom(kept)));
            }
        }
        out.sort((a, b) -> Float.compare(a.bottom(), b.bottom()));
        List<List<Word>> rows = new ArrayList<>(out.size());
        for (Kept k : out) {
            rows.add(k.row());
        }
        return rows;
    }

    private static float size(List<Word> row) {
        return Math.max(1f, row.getFirst().size());
    }

    /** The box of rows, a point wider on every side and two below (descenders reach under the baseline). */
    private static Box box(List<List<Word>> rows) {
        float top = Float.MAX_VALUE;
        float left = Float.MAX_VALUE;
        float bottom = -Float.MAX_VALUE;
        float right = -Float.MAX_VALUE;
        for (List<Word> row : rows) {
            for (Word w : row) {
                top = Math.min(top, w.top());
                left = Math.min(left, w.x0());
                bottom = Math.max(bottom, w.bottom());
                right = Math.max(right, w.x1());
            }
        }
        return new Box(top - 1, left - 1, bottom + 2, right + 1);
    }
}
