package io.github.raglens.parse.tables;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.layout.Box;
import io.github.raglens.parse.layout.Rows;
import java.util.ArrayList;
import java.util.List;

/**
 * Column separators of an unruled table from its words. Each row is cut into runs where a gap is
 * wider than about one em, where a word starts exactly where runs of two other rows start after more
 * than a word space, and where a word ends exactly where words of two other rows end (figures set
 * flush right): a long cell may end closer to the next column than one em (a narrow or left-aligned
 * column next to a long word, or column gaps set narrow), which merges the two columns for a reader
 * that looks at gaps alone. A separator lies in the middle of each stretch of the x axis that no run covers.
 */
final class AlignedColumns {

    /** Word starts this close are aligned. */
    private static final float ALIGNED = 1f;

    private AlignedColumns() {}

    /** The separators, left to right, of the words inside the box. */
    static List<Float> separators(PageText page, Box box) {
        return separators(box.inside(page.rows()));
    }

    static List<Float> separators(List<List<Word>> rows) {
        List<List<List<Word>>> runs = new ArrayList<>();
        List<Float> starts = new ArrayList<>();
        List<Float> ends = new ArrayList<>();
        for (List<Word> row : rows) {
            List<List<Word>> r = runs(row, List.of(), List.of());
            runs.add(r);
            for (List<Word> run : r) {
                starts.add(run.getFirst().x0());
            }
            for (Word w : row) {
                ends.add(w.x1());
            }
        }
        // split again where a word starts at a column start, or ends at a column end, that other rows show
        for (int i = 0; i < rows.size(); i++) {
            runs.set(i, runs(rows.get(i), starts, ends));
        }
        float[] across = Rows.across(rows);
        float min = across[0];
        float max = across[1];
        if (rows.isEmpty() || max <= min) {
            return List.of();
        }
        int bins = (int) Math.ceil((max - min) * 2) + 1;
        int[] runCover = new int[bins];
        for (int i = 0; i < rows.size(); i++) {
            for (List<Word> run : runs.get(i)) {
                cover(runCover, min, run.getFirst().x0(), run.getLast().x1());
            }
        }
        List<Float> out = new ArrayList<>();
        int from = -1;
        for (int b = 0; b < bins; b++) {
            boolean open = runCover[b] == 0;
            if (open && from < 0) {
                from = b;
            } else if (!open && from >= 0) {
                if (from > 0) {
                    out.add(min + (from + b - 1) / 4f);
                }
                from = -1;
            }
        }
        return out;
    }

    /**
     * A row's runs: split at gaps wider than 0.9 em, wider than a word space before an aligned start,
     * or wider than a quarter em after a word whose end is aligned with words of other rows (a column
     * of figures set flush right, its gap to the next column as narrow as a word space).
     */
    private static List<List<Word>> runs(List<Word> row, List<Float> starts, List<Float> ends) {
        List<List<Word>> out = new ArrayList<>();
        List<Word> run = new ArrayList<>();
        for (Word w : row) {
            if (!run.isEmpty()) {
                Word last = run.getLast();
                float gap = Rows.gap(last, w);
                float em = Rows.em(last, w);
                // a word inside a run starts none of the runs read so far, so two starts there are other
                // rows'; the ends hold the word's own end besides two other rows'
                if (Rows.cellGap(last, w)
                        || gap > 0.4f * em && at(w.x0(), starts) >= 2
                        || gap > 0.25f * em && at(last.x1(), ends) >= 3) {
                    out.add(run);
                    run = new ArrayList<>();
                }
            }
            run.add(w);
        }
        out.add(run);
        return out;
    }

    /** How many of the edges lie at x, give or take {@link #ALIGNED}. */
    private static int at(float x, List<Float> edges) {
        int n = 0;
        for (float e : edges) {
            if (Math.abs(e - x) <= ALIGNED) {
                n++;
            }
        }
        return n;
    }

    private static void cover(int[] cover, float min, float x0, float x1) {
        for (int b = bin(x0, min); b <= bin(x1, min); b++) {
            cover[b]++;
        }
    }

    private static int bin(float x, float min) {
        return Math.round((x - min) * 2);
    }
}
