package io.github.raglens.parse.tables;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.layout.ColumnLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Finds where unruled tables sit on a page, from our own words (cheap, unlike image-based detection):
 * the block of aligned rows next to a "Table N" caption, in the caption's column, or else a run of at
 * least three aligned rows that are mostly numbers, a {@linkplain AmountList list of amounts} or a
 * {@linkplain WordGrid grid of words}.
 */
public final class TableRegions {

    /** A year as header rows print it over a column: four digits, no separators. */
    private static final Pattern YEAR = Pattern.compile("(1[89]|2[01])\\d\\d");

    /** A caption with its title: "Table", its number, a stop, colon or dash, then a word. */
    private static final Pattern TITLED_CAPTION =
            Pattern.compile("^(Table|TABLE) ([0-9]{1,3}|[IVX]{1,5}) ?[.:\u2014\u2013-] ?\\p{L}.*");

    private TableRegions() {}

    /**
     * Regions as {top, left, bottom, right, captioned} in points from the page's top-left corner;
     * captioned is 1 for a region next to a "Table N" caption, else 0.
     */
    static List<float[]> find(PageText page) {
        float[] across = across(page.rows());
        float minX = across[0];
        float maxX = across[1];
        List<float[]> out = new ArrayList<>();
        boolean caption = false; // of a table or a figure, either of which puts a chart's labels in doubt
        List<List<Word>> full = rows(page, minX - 1, maxX + 1);
        float[] gutter = ColumnLayout.gutter(page);
        // a page set in two columns only in part (the rest across the width) shows no gutter of its own;
        // a caption set in one of those columns then tells where its column is
        float[] captionGutter = gutter != null ? gutter : besideACaption(full);
        for (List<Word> row : full) {
            if (captionOf(text(row)) || captionInside(row, captionGutter)) {
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
                if (!TableFinder.CAPTION.matcher(text(rows.get(i))).matches()
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
                boolean upCaptioned = !up.isEmpty()
                        && aboveUp >= 0
                        && TableFinder.CAPTION.matcher(text(rows.get(aboveUp))).matches();
                boolean takeDown = tabularRows(down) >= tabularRows(up)
                        || (besideAnother || upCaptioned) && tabularRows(down) >= 2;
                List<List<Word>> best = trimmed(takeDown ? down : up);
                if (besideAnother) {
                    best = beforeCrossingLine(best, page, range, minX, maxX);
                }
                if (tabularRows(best) >= 2) {
                    float[] b = box(best);
                    add(out, new float[] {b[0], b[1], b[2], b[3], 1f});
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
            List<List<Word>> run = new ArrayList<>();
            List<Word> previous = null;
            boolean gridsOnly = false;
            boolean textAbove = false;
            for (List<Word> row : rows) {
                boolean continues = !run.isEmpty()
                        && (row.getFirst().top() - bottom(run.getLast()) <= 2.5f * size(row) || skipsALine(run, row));
                boolean text = prose(row, width)
                        || previous != null && endsParagraph(previous, row, width)
                        || TableFinder.CAPTION.matcher(text(row)).matches();
                if (!run.isEmpty() && (!continues || text)) {
                    uncaptioned(out, run, page, gridsOnly, !textAbove);
                    run = new ArrayList<>();
                }
                gridsOnly |= caption && text;
                textAbove |= text;
                if (!text) {
                    run.add(row);
                }
                previous = row;
            }
            uncaptioned(out, run, page, gridsOnly, !textAbove);
        }
        return out;
    }

    /**
     * Whether a row is the short last line of the paragraph above it: one run of words under a line
     * of prose, its baseline within one and a half ems of the prose's (a table keeps some space from
     * the text above).
     */
    private static boolean endsParagraph(List<Word> above, List<Word> row, float width) {
        return prose(above, width)
                && cells(row) == 1
                && Math.abs(row.getFirst().x0() - above.getFirst().x0()) < size(row)
                && bottom(row) - bottom(above) < 1.5f * size(row);
    }

    /**
     * Whether a row follows a run after one blank line, as statistical tables group their rows: both it
     * and the run's last row hold figures, its baseline at most about two of the run's own line
     * pitches below the run's last.
     */
    private static boolean skipsALine(List<List<Word>> run, List<Word> row) {
        if (run.size() < 2 || figures(run.getLast()) < 2 || figures(row) < 2) {
            return false;
        }
        float[] pitches = new float[run.size() - 1];
        for (int i = 1; i < run.size(); i++) {
            pitches[i - 1] = bottom(run.get(i)) - bottom(run.get(i - 1));
        }
        java.util.Arrays.sort(pitches);
        float pitch = pitches[pitches.length / 2];
        return pitch > 0 && bottom(row) - bottom(run.getLast()) <= 2.2f * pitch;
    }

    static int figures(List<Word> row) {
        int n = 0;
        for (Word w : row) {
            n += w.figure() ? 1 : 0;
        }
        return n;
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
                if (b.x0() - a.x1() <= 2 * Math.max(a.size(), b.size())) {
                    continue;
                }
                if (TITLED_CAPTION.matcher(text(row.subList(k, row.size()))).matches()) {
                    return new float[] {a.x1(), b.x0()};
                }
                if (TITLED_CAPTION.matcher(text(row.subList(0, k))).matches()) {
                    return new float[] {b.x0() - b.size(), b.x0()};
                }
            }
        }
        return null;
    }

    /** Whether a line opens a table's caption ("Table 2") or a figure's ("Figure 2", "Fig. 2"). */
    private static boolean captionOf(String line) {
        return TableFinder.CAPTION.matcher(line).matches()
                || TableFinder.FIGURE_CAPTION.matcher(line).matches();
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
        return !right.isEmpty() && captionOf(text(right));
    }

    /**
     * Adds the region of an uncaptioned run of rows that is a table: of figures, amounts or words. A
     * run that opens its page may be the last rows of a table of words the page before began, three
     * rows or more.
     */
    private static void uncaptioned(
            List<float[]> out, List<List<Word>> rows, PageText page, boolean gridsOnly, boolean opensPage) {
        List<List<Word>> run = trimmed(rows);
        int tabular = 0;
        int words = 0;
        int numbers = 0;
        for (List<Word> row : run) {
            if (cells(row) >= 2) {
                tabular++;
            }
            for (Word w : row) {
                words += w.leader() ? 0 : 1;
                numbers += w.figure() ? 1 : 0;
            }
        }
        boolean figures = tabular >= 3 && numbers * 10 >= words * 3 || AmountList.is(run);
        List<List<Word>> widened = GutterCrossing.widened(run, page);
        // not widened into a table found already: the other column holds a table of its own
        List<List<Word>> whole = widened != run && overlaps(out, box(widened)) ? run : widened;
        // on a page with captions, figures without one must stand in rows of a label and its figures
        if (figures && (!gridsOnly || LabelledRows.count(whole) >= 3) || WordGrid.is(run, opensPage ? 3 : 4)) {
            float[] b = box(whole);
            add(out, new float[] {b[0], b[1], b[2], b[3], 0f});
        }
    }

    private static void add(List<float[]> out, float[] box) {
        if (!overlaps(out, box)) {
            out.add(box);
        }
    }

    /** Whether a box overlaps any of the regions found so far. */
    private static boolean overlaps(List<float[]> out, float[] box) {
        for (float[] o : out) {
            if (box[1] < o[3] && o[1] < box[3] && box[0] < o[2] && o[0] < box[2]) {
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
            float at = bottom(rows.get(i));
            for (List<Word> line : page.rows()) {
                if (Math.abs(bottom(line) - at) > 0.5f) {
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
        return TableFinder.CAPTION.matcher(text(row.subList(k, row.size()))).matches();
    }

    /**
     * Whether a second caption starts at word k of a row: "Table N:" (or "Table N.") after a gap wider
     * than a word space. Minipages set side by side may leave only a narrow gap between their captions,
     * while a table named in running text is not followed by a colon.
     */
    private static boolean captionBeside(List<Word> row, int k) {
        Word before = row.get(k - 1);
        Word w = row.get(k);
        if (w.x0() - before.x1() <= 0.5f * Math.max(w.size(), before.size()) || !captionAt(row, k)) {
            return false;
        }
        String number = w.text().matches("(?i)(table|tab\\.)\\S+") || k + 1 >= row.size()
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
                    && (prose(rows.get(i), width) || captionType(rows.get(caption), rows.get(i)))
                    && gap(previous, rows.get(i)) < (label && skipped == 0 ? 3f : 1.5f) * size(previous)) {
                previous = rows.get(i);
                i++;
                skipped++;
            }
        }
        while (i >= 0 && i < rows.size()) {
            List<Word> row = rows.get(i);
            if (prose(row, width)
                    || beside(row, width)
                    || tick(row)
                    || TableFinder.CAPTION.matcher(text(row)).matches()) {
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
        float[] span = across(rows);
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
        return cells(row) == 1
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
        sorted.sort((a, b) -> Float.compare(top(a), top(b)));
        double[] sizes = sorted.stream()
                .filter(r -> cells(r) >= 2)
                .mapToDouble(TableRegions::size)
                .sorted()
                .toArray();
        double body = sizes.length == 0 ? Double.MAX_VALUE : sizes[sizes.length / 2];
        int first = 0;
        int last = sorted.size();
        while (first < last && cells(sorted.get(first)) == 1 && size(sorted.get(first)) > 1.08 * body) {
            first++;
        }
        while (last > first && cells(sorted.get(last - 1)) == 1) {
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
        sorted.sort((a, b) -> Float.compare(top(a), top(b)));
        List<Word> widest = null;
        for (List<Word> row : sorted) {
            if (widest == null || cells(row) > cells(widest)) {
                widest = row;
            }
        }
        int first = 0;
        while (first < sorted.size() && cells(sorted.get(first)) == 1 && spansAGap(sorted.get(first), widest)) {
            first++;
        }
        return first == 0 ? rows : sorted.subList(first, sorted.size());
    }

    /** Whether a row's extent covers the middle of a gap between two cells of {@code body}. */
    private static boolean spansAGap(List<Word> row, List<Word> body) {
        float x0 = row.getFirst().x0();
        float x1 = row.getLast().x1();
        for (int i = 1; i < body.size(); i++) {
            Word a = body.get(i - 1);
            Word b = body.get(i);
            float middle = (a.x1() + b.x0()) / 2;
            if (apart(a, b) && x0 < middle && middle < x1) {
                return true;
            }
        }
        return false;
    }

    private static float gap(List<Word> a, List<Word> b) {
        return b.getFirst().top() >= a.getFirst().top() ? top(b) - bottom(a) : top(a) - bottom(b);
    }

    private static int tabularRows(List<List<Word>> rows) {
        int n = 0;
        for (List<Word> row : rows) {
            if (cells(row) >= 2) {
                n++;
            }
        }
        return n;
    }

    /** Cells of a row: words separated by gaps wider than about one em. */
    static int cells(List<Word> row) {
        int cells = 1;
        for (int i = 1; i < row.size(); i++) {
            cells += apart(row.get(i - 1), row.get(i)) ? 1 : 0;
        }
        return cells;
    }

    /** Whether two neighbouring words of a row stand in different cells: more than about an em apart. */
    static boolean apart(Word a, Word b) {
        return b.x0() - a.x1() > 0.9f * Math.max(a.size(), b.size());
    }

    /**
     * A line of running text: several words spanning most of the column, either as one cell or
     * {@linkplain #justified justified} so widely that its word gaps look like column gaps. Dot leaders
     * are not words: spaced out (". . . .") they would make a table's row look evenly justified.
     */
    static boolean prose(List<Word> row, float width) {
        if (row.stream().anyMatch(Word::leader)) {
            row = row.stream().filter(w -> !w.leader()).toList();
        }
        if (row.size() < 6 || row.getLast().x1() - row.getFirst().x0() < 0.6f * width) {
            return false;
        }
        return cells(row) == 1 || justified(row);
    }

    /**
     * Whether a row is a line of justified text: its word gaps all about equal (the rest of the line
     * spread over them) while its words differ in width, so their edges follow no grid of columns, and
     * most words are lower-case words, not figures or labels. A table row whose cells are one word each
     * has gaps that vary with its cells' widths, or words of one width (years, figures) on a grid.
     */
    static boolean justified(List<Word> row) {
        float em = Math.max(1f, row.getFirst().size());
        float[] gaps = new float[row.size() - 1];
        float narrowest = Float.MAX_VALUE;
        float widest = 0;
        int wordLike = 0;
        for (int i = 0; i < row.size(); i++) {
            Word w = row.get(i);
            narrowest = Math.min(narrowest, w.x1() - w.x0());
            widest = Math.max(widest, w.x1() - w.x0());
            if (!w.text().isEmpty()
                    && !Character.isUpperCase(w.text().codePointAt(0))
                    && w.text().chars().noneMatch(Character::isDigit)) {
                wordLike++;
            }
            if (i > 0) {
                gaps[i - 1] = w.x0() - row.get(i - 1).x1();
            }
        }
        java.util.Arrays.sort(gaps);
        float median = gaps[gaps.length / 2];
        int even = 0;
        for (float g : gaps) {
            if (Math.abs(g - median) <= 0.25f * em) {
                even++;
            }
        }
        // a sentence's end may widen one gap or two (TeX sets more space after a full stop)
        return even * 5 >= gaps.length * 4 && widest - narrowest >= em && wordLike * 3 >= row.size() * 2;
    }

    /**
     * Whether a row holds a run of running text beside other words: a line of the neighbouring
     * column of a two-column page, seen across the whole width, where a table never reaches. A run
     * beside figures only is a table's long row label.
     */
    static boolean beside(List<Word> row, float width) {
        int start = 0;
        for (int i = 1; i <= row.size(); i++) {
            if (i == row.size() || apart(row.get(i - 1), row.get(i))) {
                if (i - start >= 5
                        && row.get(i - 1).x1() - row.get(start).x0() >= 0.35f * width
                        && !labelOfFigures(row, start, i)) {
                    return true;
                }
                start = i;
            }
        }
        return false;
    }

    /**
     * Whether the words [from, to) of a row label figures: the row's other words are figures, two or
     * more (a page's footer has one, its number).
     */
    private static boolean labelOfFigures(List<Word> row, int from, int to) {
        if (row.size() - (to - from) < 2) {
            return false;
        }
        for (int k = 0; k < row.size(); k++) {
            if ((k < from || k >= to) && !row.get(k).figure()) {
                return false;
            }
        }
        return true;
    }

    /** A row holding one number alone: a chart's tick label, where a table's rows have labels beside their numbers. */
    static boolean tick(List<Word> row) {
        return row.size() == 1 && row.getFirst().figure();
    }

    /** The rows of a page restricted to words whose centre lies in [from, to], top to bottom. */
    private static List<List<Word>> rows(PageText page, float from, float to) {
        List<List<Word>> out = new ArrayList<>();
        for (List<Word> row : page.rows()) {
            List<Word> kept = new ArrayList<>();
            for (Word w : row) {
                if (w.centerX() >= from && w.centerX() <= to) {
                    kept.add(w);
                }
            }
            if (!kept.isEmpty()) {
                out.add(kept);
            }
        }
        out.sort((a, b) -> Float.compare(bottom(a), bottom(b)));
        return out;
    }

    static String text(List<Word> row) {
        StringBuilder b = new StringBuilder();
        for (Word w : row) {
            b.append(b.isEmpty() ? "" : " ").append(w.text());
        }
        return b.toString();
    }

    private static float size(List<Word> row) {
        return Math.max(1f, row.getFirst().size());
    }

    static float top(List<Word> row) {
        float t = Float.MAX_VALUE;
        for (Word w : row) {
            t = Math.min(t, w.top());
        }
        return t;
    }

    static float bottom(List<Word> row) {
        float b = -Float.MAX_VALUE;
        for (Word w : row) {
            b = Math.max(b, w.bottom());
        }
        return b;
    }

    /** How far rows reach from left to right: {left, right} in points. */
    public static float[] across(List<List<Word>> rows) {
        float left = Float.MAX_VALUE;
        float right = -Float.MAX_VALUE;
        for (List<Word> row : rows) {
            left = Math.min(left, row.getFirst().x0());
            right = Math.max(right, row.getLast().x1());
        }
        return new float[] {left, right};
    }

    private static float[] box(List<List<Word>> rows) {
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
        return new float[] {top - 1, left - 1, bottom + 2, right + 1};
    }
}
