package io.github.raglens.parse.layout;

import io.github.raglens.parse.glyphs.Word;
import java.util.List;
import java.util.function.Predicate;

/**
 * One line of text on a page after column splitting: words left to right, with the statistics that
 * heading, formula and paragraph decisions need.
 *
 * @param page 1-based page number
 * @param column 0 for a full-width line, 1 for the left column, 2 for the right one
 * @param words the words left to right
 */
public record Line(int page, int column, List<Word> words) {

    public Line {
        words = List.copyOf(words);
        if (words.isEmpty()) {
            throw new IllegalArgumentException("a line needs words");
        }
    }

    public String text() {
        return Rows.text(words);
    }

    public float x0() {
        return words.getFirst().x0();
    }

    public float x1() {
        return words.getLast().x1();
    }

    public float top() {
        return Rows.top(words);
    }

    public float bottom() {
        return Rows.bottom(words);
    }

    /** The font size carrying most characters of the line. */
    public float size() {
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
        int n = 0;
        for (Word w : words) {
            n += w.text().length();
        }
        return n;
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
}
