package io.github.raglens.parse.layout;

import io.github.raglens.parse.glyphs.Word;
import java.util.List;
import java.util.function.Predicate;

/**
 * One line of text on a page after column splitting: words left to right, with the statistics that
 * heading, formula and paragraph decisions need.
 *
 * <p>A value like a record of its page, column and words (equal, hashed and printed as one), but a
 * class so that it can keep what the stages after layout ask of every line many times over: its
 * edges, size and character count are measured once when it is made, and its text and hash code
 * the first time they are asked. Building a line's text again for each question was most of the
 * page pipeline's time.
 */
public final class Line {

    private final int page;
    private final int column;
    private final List<Word> words;
    private final float top;
    private final float bottom;
    private final float size;
    private final int charCount;
    /** The words joined by spaces; null until first asked (the same string whichever thread builds it). */
    private String text;
    /** The hash code; 0 until first asked, as {@link String}'s. */
    private int hash;

    /**
     * @param page 1-based page number
     * @param column 0 for a full-width line, 1 for the left column, 2 for the right one
     * @param words the words left to right
     */
    public Line(int page, int column, List<Word> words) {
        this.words = List.copyOf(words);
        if (this.words.isEmpty()) {
            throw new IllegalArgumentException("a line needs words");
        }
        this.page = page;
        this.column = column;
        this.top = Rows.top(this.words);
        this.bottom = Rows.bottom(this.words);
        this.size = dominantSize(this.words);
        int chars = 0;
        for (Word w : this.words) {
            chars += w.text().length();
        }
        this.charCount = chars;
    }

    /** The 1-based page number. */
    public int page() {
        return page;
    }

    /** 0 for a full-width line, 1 for the left column, 2 for the right one. */
    public int column() {
        return column;
    }

    /** The words left to right. */
    public List<Word> words() {
        return words;
    }

    /** The page and column as one number, told apart from every other page's and column's: a key of per-column maps. */
    public long columnKey() {
        return (long) page << 32 | (column & 0xFFFFFFFFL);
    }

    public String text() {
        String t = text;
        if (t == null) {
            t = Rows.text(words);
            text = t;
        }
        return t;
    }

    public float x0() {
        return words.getFirst().x0();
    }

    public float x1() {
        return words.getLast().x1();
    }

    public float top() {
        return top;
    }

    public float bottom() {
        return bottom;
    }

    /** The font size carrying most characters of the line. */
    public float size() {
        return size;
    }

    private static float dominantSize(List<Word> words) {
        // the sizes in the order they first appear, and their characters; of sizes carrying as many
        // characters, the one appearing first
        float[] sizes = new float[words.size()];
        int[] chars = new int[words.size()];
        int distinct = 0;
        for (Word w : words) {
            int k = 0;
            while (k < distinct && sizes[k] != w.size()) {
                k++;
            }
            if (k == distinct) {
                sizes[distinct++] = w.size();
            }
            chars[k] += w.text().length();
        }
        float best = 0;
        int bestChars = -1;
        for (int k = 0; k < distinct; k++) {
            if (chars[k] > bestChars) {
                bestChars = chars[k];
                best = sizes[k];
            }
        }
        return best;
    }

    public int charCount() {
        return charCount;
    }

    /** Share of characters in bold words. */
    public double boldShare() {
        int bold = 0;
        for (Word w : words) {
            if (w.bold()) {
                bold += w.text().length();
            }
        }
        return (double) bold / Math.max(1, charCount());
    }

    /** Share of characters in italic words. */
    public double italicShare() {
        return share(Word::italic);
    }

    /** Share of characters in words set in a small-capitals font. */
    public double smallCapsShare() {
        return share(Word::smallCaps);
    }

    private double share(Predicate<Word> style) {
        int chars = 0;
        for (Word w : words) {
            if (style.test(w)) {
                chars += w.text().length();
            }
        }
        return (double) chars / Math.max(1, charCount());
    }

    /** Share of characters that are math symbols or set in math fonts. */
    public double mathShare() {
        int math = 0;
        for (Word w : words) {
            math += w.mathChars();
        }
        return (double) math / Math.max(1, charCount());
    }

    float centerY() {
        return (top() + bottom()) / 2;
    }

    /** Equal page, column and words; lines whose tops differ have different words, and are told apart by that first. */
    @Override
    public boolean equals(Object o) {
        return o == this
                || o instanceof Line other
                        && page == other.page
                        && column == other.column
                        && Float.compare(top, other.top) == 0
                        && words.equals(other.words);
    }

    /** The hash code a record of the page, column and words has, so sets and maps of lines keep their order. */
    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = (Integer.hashCode(page) * 31 + Integer.hashCode(column)) * 31 + words.hashCode();
            hash = h;
        }
        return h;
    }

    @Override
    public String toString() {
        return "Line[page=" + page + ", column=" + column + ", words=" + words + "]";
    }
}
