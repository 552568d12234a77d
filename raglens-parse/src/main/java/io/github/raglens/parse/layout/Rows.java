package io.github.raglens.parse.layout;

import io.github.raglens.parse.glyphs.Word;
import java.util.List;

/**
 * The geometry of rows of words (each left to right: a line of a page, or part of one): their edges
 * and text, and the spaces between neighbouring words that the stages after layout tell apart. Those
 * are rules of their own, each named here: a word space, which a line of text keeps under 0.8 em; a
 * {@linkplain #cellGap cell gap}, over 0.9 em, which parts the cells of a table's row; and a
 * {@linkplain #wideGap wide gap}, over 1.5 em, which no heading sets between its words but after its
 * number.
 */
public final class Rows {

    private Rows() {}

    /** The space from one word's right edge to the next one's left edge (negative where they overlap). */
    public static float gap(Word a, Word b) {
        return b.x0() - a.x1();
    }

    /** The em of two neighbouring words: the larger of their sizes. */
    public static float em(Word a, Word b) {
        return Math.max(a.size(), b.size());
    }

    /** Whether the space between two neighbouring words is one of a line of text: under 0.8 em. */
    public static boolean wordSpace(Word a, Word b) {
        return gap(a, b) < 0.8f * em(a, b);
    }

    /**
     * Whether two neighbouring words stand in different cells of a table's row: more than about an em
     * (0.9 em) apart, wider than a justified line stretches its word spaces.
     */
    public static boolean cellGap(Word a, Word b) {
        return gap(a, b) > 0.9f * em(a, b);
    }

    /**
     * Whether two neighbouring words stand further apart than a heading ever sets its words (1.5 em),
     * but after its number: a table's row or a diagram's labels. Wider than a {@linkplain #cellGap
     * cell gap}, as a heading's line is judged alone, without the column edges that a table's rows
     * share.
     */
    public static boolean wideGap(Word a, Word b) {
        return gap(a, b) > 1.5f * em(a, b);
    }

    /** The cells of a row: runs of words parted by {@linkplain #cellGap cell gaps}. */
    public static int cells(List<Word> row) {
        int cells = 1;
        for (int i = 1; i < row.size(); i++) {
            cells += cellGap(row.get(i - 1), row.get(i)) ? 1 : 0;
        }
        return cells;
    }

    /** The row's words joined by single spaces. */
    public static String text(List<Word> row) {
        StringBuilder b = new StringBuilder();
        for (Word w : row) {
            if (!b.isEmpty()) {
                b.append(' ');
            }
            b.append(w.text());
        }
        return b.toString();
    }

    /** The highest top edge of a row's words. */
    public static float top(List<Word> row) {
        float t = Float.MAX_VALUE;
        for (Word w : row) {
            t = Math.min(t, w.top());
        }
        return t;
    }

    /** The lowest bottom edge of a row's words. */
    public static float bottom(List<Word> row) {
        float b = -Float.MAX_VALUE;
        for (Word w : row) {
            b = Math.max(b, w.bottom());
        }
        return b;
    }

    /** How far rows reach from left to right: {left, right} in points, from each row's first and last word. */
    public static float[] across(List<List<Word>> rows) {
        float left = Float.MAX_VALUE;
        float right = -Float.MAX_VALUE;
        for (List<Word> row : rows) {
            left = Math.min(left, row.getFirst().x0());
            right = Math.max(right, row.getLast().x1());
        }
        return new float[] {left, right};
    }
}
