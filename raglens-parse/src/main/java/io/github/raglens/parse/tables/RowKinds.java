package io.github.raglens.parse.tables;

import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.layout.Rows;
import java.util.List;

/**
 * What a row of words is to the table finder: a line of running text (one run of words, or justified
 * so widely that its word spaces pass for cell gaps), running text beside a table, a chart's tick
 * label, or a row holding figures.
 */
final class RowKinds {

    private RowKinds() {}

    /** How many of a row's words are figures. */
    static int figures(List<Word> row) {
        int n = 0;
        for (Word w : row) {
            n += w.figure() ? 1 : 0;
        }
        return n;
    }

    /**
     * A line of running text: several words spanning most of the column, either as one cell or
     * {@linkplain #justified justified} so widely that its word gaps look like column gaps. Dot leaders
     * are not words: spaced out (". . . .") they would make a table's row look evenly justified.
     */
    static boolean prose(List<Word> row, float width) {
        if (anyLeader(row)) {
            row = row.stream().filter(w -> !w.leader()).toList();
        }
        if (row.size() < 6 || row.getLast().x1() - row.getFirst().x0() < 0.6f * width) {
            return false;
        }
        return Rows.cells(row) == 1 || justified(row);
    }

    // the two loops below ask what a stream would, without making one for every row and word: these
    // questions are put to every row of every page searched for tables

    private static boolean anyLeader(List<Word> row) {
        for (Word w : row) {
            if (w.leader()) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasDigit(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.isDigit(text.charAt(i))) {
                return true;
            }
        }
        return false;
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
            if (!w.text().isEmpty() && !Character.isUpperCase(w.text().codePointAt(0)) && !hasDigit(w.text())) {
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
            if (i == row.size() || Rows.cellGap(row.get(i - 1), row.get(i))) {
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
}
