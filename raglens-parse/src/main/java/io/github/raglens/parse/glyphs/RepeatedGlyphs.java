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

    /** Points per grid cell: a glyph's tolerance (a third of its width) reaches one or two cells per axis. */
    private static final float CELL = 4f;

    /** A look-up that would visit more cells than this (a huge glyph) scans the page's glyphs instead. */
    private static final int MAX_CELLS = 64;

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
        float tolerance = width / text.length() / 3f;
        if (repeats(text, x, y, tolerance)) {
            return false;
        }
        remember(text, x, y);
        return true;
    }

    private boolean repeats(String text, float x, float y, float tolerance) {
        float left = x - tolerance;
        float right = x + tolerance;
        float top = y - tolerance;
        float bottom = y + tolerance;
        if (!(left < right && top < bottom)) {
            return false; // no width (or NaN): nothing lies within it
        }
        long columns = (long) cell(right) - cell(left) + 1;
        long rows = (long) cell(bottom) - cell(top) + 1;
        if (columns > MAX_CELLS || rows > MAX_CELLS || columns * rows > MAX_CELLS) {
            for (int i = 0; i < count; i++) {
                if (within(i, text, left, right, top, bottom)) {
                    return true;
                }
            }
            return false;
        }
        for (long cx = cell(left); cx <= cell(right); cx++) {
            for (long cy = cell(top); cy <= cell(bottom); cy++) {
                int slot = slot(key((int) cx, (int) cy));
                for (int i = latest[slot] - 1; i >= 0; i = next[i]) {
                    if (within(i, text, left, right, top, bottom)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Whether glyph i has the text and lies in [left, right) × [top, bottom), as PDFBox's ranges. */
    private boolean within(int i, String text, float left, float right, float top, float bottom) {
        return xs[i] >= left && xs[i] < right && ys[i] >= top && ys[i] < bottom && texts[i].equals(text);
    }

    private void remember(String text, float x, float y) {
        if (count == texts.length) {
            int n = count * 2;
            texts = Arrays.copyOf(texts, n);
            xs = Arrays.copyOf(xs, n);
            ys = Arrays.copyOf(ys, n);
            next = Arrays.copyOf(next, n);
        }
        if (cellsUsed * 2 >= keys.length) {
            grow();
        }
        long key = key(cell(x), cell(y));
        int slot = slot(key);
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
