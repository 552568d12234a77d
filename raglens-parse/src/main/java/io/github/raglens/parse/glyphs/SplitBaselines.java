package io.github.raglens.parse.glyphs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Puts back together a line that PDFBox split over two rows. PDFBox groups glyphs into rows by the
 * overlap of their heights, so a line mixing sizes on one baseline, as small capitals do ("I. R" at
 * the body size, "EADING ORDER" smaller), can lose its larger glyphs to a row of the other column
 * whose baseline is a few points away. A word sitting off its row's baseline, at most an em from a
 * word of the next or previous row on its own baseline, moves to that row, joining the word it
 * touches. A superscript sits off its row's baseline too, but no other row's words are beside it.
 */
final class SplitBaselines {

    private static final float SAME_BASELINE = 0.5f;

    private SplitBaselines() {}

    static List<List<Word>> rejoin(List<List<Word>> rows) {
        List<List<Word>> out = new ArrayList<>();
        for (List<Word> row : rows) {
            out.add(new ArrayList<>(row));
        }
        // a word that moves can bring the one beside it within reach ("I." of "I. R|EADING")
        for (int pass = 0; pass < 3; pass++) {
            if (!movedAny(out)) {
                break;
            }
        }
        out.removeIf(List::isEmpty);
        return out;
    }

    private static boolean movedAny(List<List<Word>> rows) {
        boolean moved = false;
        for (int i = 0; i < rows.size(); i++) {
            List<Word> row = rows.get(i);
            if (row.isEmpty()) {
                continue;
            }
            float baseline = baseline(row);
            for (Word w : List.copyOf(row)) {
                if (Math.abs(w.bottom() - baseline) <= 0.25f * w.size()) {
                    continue;
                }
                for (int j : new int[] {i - 1, i + 1}) {
                    if (j < 0 || j >= rows.size() || rows.get(j).isEmpty()) {
                        continue;
                    }
                    List<Word> other = rows.get(j);
                    int near = nearest(other, w);
                    if (near >= 0) {
                        row.remove(w);
                        Word v = other.get(near);
                        if (gap(v, w) <= 0.1f * w.size()) {
                            other.set(near, join(w, v));
                        } else {
                            other.add(w);
                            other.sort((a, b) -> Float.compare(a.x0(), b.x0()));
                        }
                        moved = true;
                        break;
                    }
                }
            }
        }
        return moved;
    }

    /** The baseline carrying most characters of a row, to half a point. */
    private static float baseline(List<Word> row) {
        Map<Integer, Integer> chars = new HashMap<>();
        int best = 0;
        int most = -1;
        for (Word w : row) {
            int key = Math.round(w.bottom() / SAME_BASELINE);
            int n = chars.merge(key, w.text().length(), Integer::sum);
            if (n > most) {
                most = n;
                best = key;
            }
        }
        return best * SAME_BASELINE;
    }

    /**
     * The index of the word of {@code row} on the baseline of {@code w} and at most an em from it (a word
     * space, or a numeral's quad), or -1. The word's own baseline, not its row's: the row may be a line
     * of the other column, a point or two off the line the word belongs to.
     */
    private static int nearest(List<Word> row, Word w) {
        for (int k = 0; k < row.size(); k++) {
            if (gap(row.get(k), w) <= w.size() && Math.abs(row.get(k).bottom() - w.bottom()) <= SAME_BASELINE) {
                return k;
            }
        }
        return -1;
    }

    /** The horizontal space between two words, 0 or less when they touch or overlap. */
    private static float gap(Word a, Word b) {
        return Math.max(a.x0() - b.x1(), b.x0() - a.x1());
    }

    /** Two touching pieces of one word, left to right, as one word. */
    private static Word join(Word a, Word b) {
        Word left = a.x0() <= b.x0() ? a : b;
        Word right = left == a ? b : a;
        int chars = left.text().length() + right.text().length();
        float size = (left.size() * left.text().length()
                        + right.size() * right.text().length())
                / chars;
        return new Word(
                left.text() + right.text(),
                left.x0(),
                Math.max(left.x1(), right.x1()),
                Math.min(left.top(), right.top()),
                Math.max(left.bottom(), right.bottom()),
                Math.round(size * 2f) / 2f,
                left.bold() && right.bold(),
                left.italic() && right.italic(),
                left.smallCaps() && right.smallCaps(),
                left.mathChars() + right.mathChars());
    }
}
