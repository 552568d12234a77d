package io.github.raglens.parse.tables;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.layout.Rows;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs of table rows found in one column of a page that go on across its gutter: a table whose widest
 * column gap passed for the gutter, told from a table beside a column of text.
 */
final class GutterCrossing {

    private GutterCrossing() {}

    /**
     * A run found in one column of a page, widened to its whole rows when they go on across the
     * gutter: two or more in three hold words on the other side too, and those are not the lines of a
     * column of text (most of them six words or more, ending within two ems of the column's edge; or
     * lines set between the run's rows, one for every three rows or more; or a column {@linkplain
     * #goesOn going on} above or below the run, however its lines end: a list, a column set ragged). A
     * table whose widest column gap passed for a gutter is then kept whole, its row labels with it.
     */
    static List<List<Word>> widened(List<List<Word>> run, PageText page, float[] gutter) {
        List<List<Word>> whole = new ArrayList<>(run.size());
        List<List<Word>> others = new ArrayList<>();
        List<List<Word>> rows = page.rows();
        float[][] bottoms = bottoms(rows);
        for (List<Word> part : run) {
            List<Word> row = part;
            for (int i = 0; i < rows.size(); i++) {
                List<Word> full = rows.get(i);
                if (full.size() > part.size() && mayHold(bottoms[i], part) && full.containsAll(part)) {
                    row = full;
                    others.add(full.stream().filter(w -> !part.contains(w)).toList());
                    break;
                }
            }
            whole.add(row);
        }
        if (run.isEmpty()
                || others.size() * 3 < run.size() * 2
                || linesBetween(run, page) * 3 >= run.size()
                || gutter != null && goesOn(run, gutter, page)) {
            return run;
        }
        float edge = -Float.MAX_VALUE;
        for (List<Word> other : others) {
            edge = Math.max(edge, other.getLast().x1());
        }
        int lines = 0;
        for (List<Word> other : others) {
            lines += other.size() >= 6
                            && edge - other.getLast().x1() < 2 * other.getLast().size()
                    ? 1
                    : 0;
        }
        return lines * 2 >= others.size() ? run : whole;
    }

    /**
     * Whether rows across the width of a page, none of their words in its gutter, are on one side of
     * it a column of text that {@linkplain #goesOn goes on} past them, beside what the other side holds.
     */
    static boolean besideAColumn(List<List<Word>> rows, float[] gutter, PageText page) {
        List<List<Word>> left = new ArrayList<>();
        List<List<Word>> right = new ArrayList<>();
        for (List<Word> row : rows) {
            List<Word> l = row.stream().filter(w -> w.x1() <= gutter[0]).toList();
            List<Word> r = row.stream().filter(w -> w.x0() >= gutter[1]).toList();
            if (!l.isEmpty()) {
                left.add(l);
            }
            if (!r.isEmpty()) {
                right.add(r);
            }
        }
        return !left.isEmpty() && !right.isEmpty() && (goesOn(left, gutter, page) || goesOn(right, gutter, page));
    }

    /**
     * Whether the other column of a page goes on past a run found in one column: of the rows of the
     * page right above the run's first row, or right below its last, two in a row hold words in the
     * other column and are {@linkplain #partedAt parted at the gutter}, each within two of the run's
     * line pitches of the one before. A table's row labels end with its rows, and the text above and below a table across
     * the width runs through the gap between its labels and its figures.
     */
    private static boolean goesOn(List<List<Word>> run, float[] gutter, PageText page) {
        boolean otherOnTheRight = Rows.across(run)[1] <= gutter[1];
        float pitch = (Rows.bottom(run.getLast()) - Rows.bottom(run.getFirst())) / Math.max(1, run.size() - 1);
        List<List<Word>> rows = page.rows();
        float[][] bottoms = bottoms(rows);
        int first = -1;
        int last = -1;
        for (int i = 0; i < rows.size(); i++) {
            if (first < 0 && mayHold(bottoms[i], run.getFirst()) && rows.get(i).containsAll(run.getFirst())) {
                first = i;
            }
            if (mayHold(bottoms[i], run.getLast()) && rows.get(i).containsAll(run.getLast())) {
                last = i;
            }
        }
        return first >= 0
                && last >= 0
                && (columnLines(rows, first, -1, otherOnTheRight, gutter, 2 * pitch) >= 2
                        || columnLines(rows, last, +1, otherOnTheRight, gutter, 2 * pitch) >= 2);
    }

    /**
     * The lowest and the highest bottom of each row's words. Finding a run's rows among the page's by
     * comparing their words, every word against every other, was the most of this search; a word equal
     * to one of a row has the same bottom, so comparing the bottoms first passes over the other rows.
     */
    private static float[][] bottoms(List<List<Word>> rows) {
        float[][] out = new float[rows.size()][];
        for (int i = 0; i < rows.size(); i++) {
            float low = Float.MAX_VALUE;
            float high = -Float.MAX_VALUE;
            for (Word w : rows.get(i)) {
                low = Math.min(low, w.bottom());
                high = Math.max(high, w.bottom());
            }
            out[i] = new float[] {low, high};
        }
        return out;
    }

    /**
     * Whether a row whose words' bottoms span a range may hold all the words of a part: false only when
     * the part's first word lies outside the range (a NaN passes, as it compares with nothing).
     */
    private static boolean mayHold(float[] bottoms, List<Word> part) {
        if (part.isEmpty()) {
            return true;
        }
        float b = part.getFirst().bottom();
        return !(b < bottoms[0] || b > bottoms[1]);
    }

    /**
     * How many rows in a row, stepping from row {@code from} of the page (up or down), hold words in
     * one column and are parted at the gutter, each within a distance of the one before (at most two).
     */
    private static int columnLines(
            List<List<Word>> rows, int from, int step, boolean right, float[] gutter, float distance) {
        int n = 0;
        float at = Rows.bottom(rows.get(from));
        for (int i = from + step; i >= 0 && i < rows.size() && n < 2; i += step) {
            List<Word> row = rows.get(i);
            if (Math.abs(Rows.bottom(row) - at) > distance
                    || !partedAt(row, gutter)
                    || row.stream().noneMatch(w -> right ? w.x0() >= gutter[1] : w.x1() <= gutter[0])) {
                break;
            }
            at = Rows.bottom(row);
            n++;
        }
        return n;
    }

    /**
     * Whether a row stands in two columns parted at the gutter: none of its words in it, and the space
     * there (when it holds words on both sides) half as wide again as any other between its words. A
     * gutter found through the word spaces of a paragraph's lines, stretched alike, parts nothing.
     */
    private static boolean partedAt(List<Word> row, float[] gutter) {
        float widest = 0;
        float across = Float.MAX_VALUE;
        for (int k = 0; k < row.size(); k++) {
            Word w = row.get(k);
            if (w.x0() < gutter[1] && w.x1() > gutter[0]) {
                return false;
            }
            if (k > 0) {
                float gap = Rows.gap(row.get(k - 1), w);
                if (w.x0() >= gutter[1] && row.get(k - 1).x1() <= gutter[0]) {
                    across = gap;
                } else {
                    widest = Math.max(widest, gap);
                }
            }
        }
        return across >= 1.5f * widest;
    }

    /**
     * Lines of the page between a run's first and last rows that hold none of its words, one cell
     * each, and that run over at least half the way from where they start to the run (or from the run
     * to where they end): the lines of a column of text beside it, set closer than the run's rows. The
     * second lines of cells wrapped elsewhere in the table's rows stand in several cells or fall short.
     */
    private static int linesBetween(List<List<Word>> run, PageText page) {
        float top = Rows.top(run.getFirst());
        float bottom = Rows.bottom(run.getLast());
        float[] across = Rows.across(run);
        float left = across[0];
        float right = across[1];
        int n = 0;
        for (List<Word> row : page.rows()) {
            if (Rows.top(row) <= top
                    || Rows.bottom(row) >= bottom
                    || run.stream().anyMatch(r -> r.stream().anyMatch(row::contains))) {
                continue;
            }
            float x0 = row.getFirst().x0();
            float x1 = row.getLast().x1();
            boolean before = x1 < left && x1 - x0 >= (left - x0) / 2;
            boolean after = x0 > right && x1 - x0 >= (x1 - right) / 2;
            n += (before || after) && Rows.cells(row) == 1 ? 1 : 0;
        }
        return n;
    }
}
