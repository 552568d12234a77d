package io.github.raglens.parse.layout;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.Word;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Puts the rows of a page into reading order. A page whose text leaves a vertical gutter near the
 * middle is read as two columns: between two full-width rows, the whole left column comes before the
 * whole right one, so lines of the two columns are never interleaved.
 */
public final class ColumnLayout {

    private static final float BIN = 2f;

    private ColumnLayout() {}

    /**
     * The gutter of a page as {start, end} in points, or null for a single-column page. Tables and
     * figures across the width above or below the columns may cover the gutter unevenly with their
     * cells: the longest run of rows clear of the page's middle then shows it, when they hold lines of
     * text on both sides, the right-hand ones starting at its edge.
     */
    public static float[] gutter(PageText page) {
        List<List<Word>> rows = page.rows();
        float[] gutter = gutter(rows);
        if (gutter != null || rows.isEmpty()) {
            return gutter;
        }
        float[] across = Rows.across(rows);
        float middle = (across[0] + across[1]) / 2;
        List<List<Word>> clear = List.of();
        List<List<Word>> run = new ArrayList<>();
        for (List<Word> row : rows) {
            if (row.stream().anyMatch(w -> w.x0() < middle && w.x1() > middle)) {
                run = new ArrayList<>();
                continue;
            }
            run.add(row);
            if (run.size() > clear.size()) {
                clear = run;
            }
        }
        gutter = gutter(clear);
        if (gutter == null) {
            return null;
        }
        gutter = between(clear, (gutter[0] + gutter[1]) / 2);
        return linesOnBothSides(clear, gutter) && rightColumnAligned(clear, gutter) ? gutter : null;
    }

    /**
     * The gap around x between the lines of text of the rows (their parts of five words or more): from
     * the last end left of it to the first start right of it. A table's cells there do not narrow it.
     */
    private static float[] between(List<List<Word>> rows, float x) {
        float start = -Float.MAX_VALUE;
        float end = Float.MAX_VALUE;
        for (List<Word> row : rows) {
            List<Word> left = row.stream().filter(w -> w.x1() <= x).toList();
            List<Word> right = row.stream().filter(w -> w.x0() >= x).toList();
            if (left.size() >= 5) {
                start = Math.max(start, left.getLast().x1());
            }
            if (right.size() >= 5) {
                end = Math.min(end, right.getFirst().x0());
            }
        }
        return new float[] {start, end};
    }

    /** Whether four rows or more hold five words or more on each side of a gutter: columns of text. */
    private static boolean linesOnBothSides(List<List<Word>> rows, float[] gutter) {
        int left = 0;
        int right = 0;
        for (List<Word> row : rows) {
            left += row.stream().filter(w -> w.x1() <= gutter[0] + BIN).count() >= 5 ? 1 : 0;
            right += row.stream().filter(w -> w.x0() >= gutter[1] - BIN).count() >= 5 ? 1 : 0;
        }
        return left >= 4 && right >= 4;
    }

    private static float[] gutter(List<List<Word>> rows) {
        if (rows.size() < 8) {
            return null;
        }
        float[] across = Rows.across(rows);
        float minX = across[0];
        float maxX = across[1];
        float width = maxX - minX;
        if (width < 200f) {
            return null;
        }
        int bins = (int) Math.ceil(width / BIN) + 1;
        int[] cover = new int[bins];
        boolean[] seen = new boolean[bins];
        for (List<Word> row : rows) {
            Arrays.fill(seen, false);
            Word previous = null;
            for (Word w : row) {
                float from = w.x0();
                if (previous != null && Rows.wordSpace(previous, w)) {
                    from = previous.x1(); // a space between words of one line covers the gap
                }
                int a = Math.max(0, (int) ((from - minX) / BIN));
                int b = Math.min(bins - 1, (int) ((w.x1() - minX) / BIN));
                for (int i = a; i <= b; i++) {
                    seen[i] = true;
                }
                previous = w;
            }
            for (int i = 0; i < bins; i++) {
                if (seen[i]) {
                    cover[i]++;
                }
            }
        }
        int from = (int) (0.3f * width / BIN);
        int to = (int) (0.7f * width / BIN);
        int best = -1;
        for (int i = from; i <= to && i < bins; i++) {
            if (best < 0 || cover[i] < cover[best]) {
                best = i;
            }
        }
        if (best < 0 || cover[best] > 0.35 * rows.size()) {
            return null;
        }
        int slack = Math.max(1, (int) (0.04 * rows.size()));
        float[] run = lowRun(cover, best, cover[best] + slack, minX);
        if (run[1] - run[0] < 6f) {
            // Rows of the full width (a wide table's cells, a caption) crossing the gutter unevenly leave
            // its least-covered bins narrower than a gutter: take the run of bins much less covered than
            // the columns' text beside it.
            int[] inRange = Arrays.copyOfRange(cover, from, Math.min(to, bins - 1) + 1);
            Arrays.sort(inRange);
            int median = inRange[inRange.length / 2];
            run = lowRun(cover, best, cover[best] + Math.max(slack, (median - cover[best]) / 4), minX);
            if (run[1] - run[0] < 6f || !rightColumnAligned(rows, run)) {
                return null;
            }
        }
        float start = run[0];
        float end = run[1];
        int left = 0;
        int right = 0;
        for (List<Word> row : rows) {
            boolean l = false;
            boolean r = false;
            for (Word w : row) {
                l |= w.x1() <= start + BIN;
                r |= w.x0() >= end - BIN;
            }
            left += l ? 1 : 0;
            right += r ? 1 : 0;
        }
        if (left < 4 || right < 4) {
            return null;
        }
        return new float[] {start, end};
    }

    /**
     * Whether most rows that hold words right of the run, and do not cross it, start a word at its right
     * edge, as the lines of a right column do at their margin; a table's cells beside a gap between its
     * columns do not. Rows with words on the left only (a left column running on below a shorter right
     * one) say nothing of it.
     */
    private static boolean rightColumnAligned(List<List<Word>> rows, float[] run) {
        int beside = 0;
        int aligned = 0;
        for (List<Word> row : rows) {
            boolean crosses = false;
            boolean starts = false;
            boolean rightOfIt = false;
            for (Word w : row) {
                crosses |= w.x0() < run[1] - BIN && w.x1() > run[0] + BIN;
                starts |= Math.abs(w.x0() - run[1]) <= 2 * BIN;
                rightOfIt |= w.x0() >= run[1] - BIN;
            }
            if (!crosses && rightOfIt) {
                beside++;
                aligned += starts ? 1 : 0;
            }
        }
        return aligned * 2 >= beside;
    }

    /** The bins around {@code best} covered at most {@code limit} times, as {start, end} in points. */
    private static float[] lowRun(int[] cover, int best, int limit, float minX) {
        int a = best;
        int b = best;
        while (a > 0 && cover[a - 1] <= limit) {
            a--;
        }
        while (b < cover.length - 1 && cover[b + 1] <= limit) {
            b++;
        }
        return new float[] {minX + a * BIN, minX + (b + 1) * BIN};
    }

    /**
     * Whether a row runs across the gutter: a word covers its middle, or the space around the middle
     * is narrower than half the gutter, a space between words of one line (a gutter found between a
     * wide table's columns may meet a line of text at one of its word spaces).
     */
    private static boolean crosses(List<Word> row, float[] gutter) {
        float center = (gutter[0] + gutter[1]) / 2;
        float before = -Float.MAX_VALUE;
        float after = Float.MAX_VALUE;
        for (Word w : row) {
            if (w.x0() < center && w.x1() > center) {
                return true;
            }
            if (w.x1() <= center) {
                before = Math.max(before, w.x1());
            } else {
                after = Math.min(after, w.x0());
            }
        }
        return after - before < (gutter[1] - gutter[0]) / 2;
    }

    /** The lines of a page in reading order. */
    public static List<Line> lines(PageText page) {
        float[] gutter = gutter(page);
        List<Line> out = new ArrayList<>();
        if (gutter == null) {
            for (List<Word> row : page.rows()) {
                out.add(new Line(page.page(), 0, row));
            }
            return out;
        }
        float center = (gutter[0] + gutter[1]) / 2;
        List<Line> left = new ArrayList<>();
        List<Line> right = new ArrayList<>();
        for (List<Word> row : page.rows()) {
            if (crosses(row, gutter)) {
                out.addAll(left);
                out.addAll(right);
                left.clear();
                right.clear();
                out.add(new Line(page.page(), 0, row));
                continue;
            }
            List<Word> l = new ArrayList<>();
            List<Word> r = new ArrayList<>();
            for (Word w : row) {
                (w.centerX() < center ? l : r).add(w);
            }
            if (!l.isEmpty()) {
                left.add(new Line(page.page(), 1, l));
            }
            if (!r.isEmpty()) {
                right.add(new Line(page.page(), 2, r));
            }
        }
        out.addAll(left);
        out.addAll(right);
        return out;
    }
}
