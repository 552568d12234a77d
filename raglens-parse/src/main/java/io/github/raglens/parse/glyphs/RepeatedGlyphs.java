package io.github.raglens.parse.glyphs;

import java.util.Arrays;

/**
 * The glyphs shown so far on one page, to tell a glyph painted again over itself (fake bold: the same
 * text drawn twice, shifted by a fraction of a point; shadows; text repeated by a producer) from a new
 * one. A glyph repeats an earlier one when it has the same text and lies, on both axes, less than a
 * third of its own width per character from it: the rule of PDFBox's own duplicate suppression,
 * which keeps sorted maps of boxed coordinates per character and walks a range view of them for every
 * glyph. Here the shown glyphs sit in a hashed grid of small cells (primitive arrays, open addressing),
 * and a glyph looks only into the few cells its tolerance reaches.
 *
 * <p>Not thread-safe: one instance per text pass, {@link #clear()} per page.
 */
final class RepeatedGlyphs {

    /**
     * Points per grid cell: a body-text glyph's look-up square (twice a third of its width, 3 to 4
     * points) mostly lies in one cell per axis and never reaches a third, while a cell holds a
     * glyph or two of a line; each cell visited costs a hashed probe, each glyph in it a comparison.
     */
    private static final float CELL = 8f;

    /** A look-up that would visit more cells than this (a huge glyph) scans the page's glyphs instead. */
    private static final int MAX_CELLS = 64;

    /** What the look-up returns when the glyph repeats one shown before. */
    private static final int REPEATS = -2;

    // the shown glyphs, in order; next[i] is the glyph shown before i in the same cell, or -1
    private String[] texts = new String[1024];
    private float[] xs = new float[1024];
    private float[] ys = new float[1024];
    private int[] next = new int[1024];
    private int count;

    // open addressing from a cell's key to its latest glyph plus one (0: a free slot)
    private long[] keys = new long[2048];
    private int[] latest = new int[2048];
    private int cellsUsed;

    /** Forgets every glyph: a new page starts. */
    void clear() {
        if (count > 0) {
            Arrays.fill(latest, 0);
            Arrays.fill(texts, 0, count, null);
            count = 0;
            cellsUsed = 0;
        }
    }

    /**
     * Whether a glyph is new on the page, remembering it when it is; false when it repeats a glyph
     * shown earlier.
     *
     * @param text the glyph's text
     * @param x its x as PDFBox reports it
     * @param y its y as PDFBox reports it
     * @param width its width in points
     */
    boolean show(String text, float x, float y, float width) {
        if (cellsUsed * 2 >= keys.length) {
            grow(); // before the look-up, so that the slot it finds for the glyph's own cell stays valid
        }
        float tolerance = width / text.length() / 3f;
        int ownSlot = repeats(text, x, y, tolerance);
        if (ownSlot == REPEATS) {
            return false;
        }
        remember(text, x, y, ownSlot);
        return true;
    }

    /**
     * {@link #REPEATS} when the glyph repeats one shown before; otherwise the slot of the glyph's own
     * cell when the look-up visited it (it lies in the middle of the cells looked into), else -1.
     */
    private int repeats(String text, float x, float y, float tolerance) {
        float left = x - tolerance;
        float right = x + tolerance;
        float top = y - tolerance;
        float bottom = y + tolerance;
        if (!(left < right && top < bottom)) {
            return -1; // no width (or NaN): nothing lies within it
        }
        int x0 = cell(left);
        int x1 = cell(right);
        int y0 = cell(top);
        int y1 = cell(bottom);
        long columns = (long) x1 - x0 + 1;
        long rows = (long) y1 - y0 + 1;
        if (columns > MAX_CELLS || rows > MAX_CELLS || columns * rows > MAX_CELLS) {
            for (int i = 0; i < count; i++) {
                if (within(i, text, left, right, top, bottom)) {
                    return REPEATS;
                }
            }
            return -1;
        }
        long own = key(cell(x), cell(y));
        int ownSlot = -1;
        for (long cx = x0; cx <= x1; cx++) {
            for (long cy = y0; cy <= y1; cy++) {
                long key = key((int) cx, (int) cy);
                int slot = slot(key);
                if (key == own) {
                    ownSlot = slot;
                }
                for (int i = latest[slot] - 1; i >= 0; i = next[i]) {
                    if (within(i, text, left, right, top, bottom)) {
                        return REPEATS;
                    }
                }
            }
        }
        return ownSlot;
    }

    /** Whether glyph i has the text and lies in [left, right) × [top, bottom), as PDFBox's ranges. */
    private boolean within(int i, String text, float left, float right, float top, float bottom) {
        return xs[i] >= left && xs[i] < right && ys[i] >= top && ys[i] < bottom && texts[i].equals(text);
    }

    /** Adds a glyph to its cell, whose slot the look-up may have found already (-1 when not). */
    private void remember(String text, float x, float y, int ownSlot) {
        if (count == texts.length) {
            int n = count * 2;
            texts = Arrays.copyOf(texts, n);
            xs = Arrays.copyOf(xs, n);
            ys = Arrays.copyOf(ys, n);
            next = Arrays.copyOf(next, n);
        }
        long key = key(cell(x), cell(y));
        int slot = ownSlot >= 0 ? ownSlot : slot(key);
        if (latest[slot] == 0) {
            keys[slot] = key;
            cellsUsed++;
        }
        texts[count] = text;
        xs[count] = x;
        ys[count] = y;
        next[count] = latest[slot] - 1;
        latest[slot] = ++count;
    }

    /** The slot holding a key, or the free slot where it would go. */
    private int slot(long key) {
        int mask = keys.length - 1;
        int slot = (int) mix(key) & mask;
        while (latest[slot] != 0 && keys[slot] != key) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldLatest = latest;
        keys = new long[oldKeys.length * 2];
        latest = new int[oldKeys.length * 2];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldLatest[i] != 0) {
                int slot = slot(oldKeys[i]);
                keys[slot] = oldKeys[i];
                latest[slot] = oldLatest[i];
            }
        }
    }

    private static int cell(float v) {
        return (int) Math.floor(v / CELL); // saturates far off the page, where the scan takes over
    }

    private static long key(int cx, int cy) {
        return ((long) cx << 32) | (cy & 0xFFFFFFFFL);
    }

    /** Spreads a key's bits over the low ones the table indexes by (the finaliser of MurmurHash3). */
    private static long mix(long k) {
        k ^= k >>> 33;
        k *= 0xFF51AFD7ED558CCDL;
        k ^= k >>> 33;
        k *= 0xC4CEB9FE1A85EC53L;
        return k ^ (k >>> 33);
    }
}
