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
     * lines set between the run's rows, one for every three rows or more). A table whose widest column
     * gap passed for a gutter is then kept whole, its row labels with it.
     */
    static List<List<Word>> widened(List<List<Word>> run, PageText page) {
        List<List<Word>> whole = new ArrayList<>(run.size());
        List<List<Word>> others = new ArrayList<>();
        for (List<Word> part : run) {
            List<Word> row = part;
            for (List<Word> full : page.rows()) {
                if (full.size() > part.size() && full.containsAll(part)) {
                    row = full;
                    others.add(full.stream().filter(w -> !part.contains(w)).toList());
                    break;
                }
            }
            whole.add(row);
        }
        if (run.isEmpty() || others.size() * 3 < run.size() * 2 || linesBetween(run, page) * 3 >= run.size()) {
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
