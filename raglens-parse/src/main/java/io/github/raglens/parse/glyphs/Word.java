package io.github.raglens.parse.glyphs;

/**
 * One word on a PDF page with its box in points, measured from the page's top-left corner.
 *
 * @param text the word, NFKC-normalised
 * @param x0 left edge
 * @param x1 right edge
 * @param top top edge
 * @param bottom bottom edge (the baseline)
 * @param size font size in points
 * @param bold whether the font is bold
 * @param italic whether the font is italic or oblique
 * @param smallCaps whether the font is a small-capitals one (its lower-case letters drawn as small capitals)
 * @param mathChars characters set in a math font or that are math symbols
 */
public record Word(
        String text,
        float x0,
        float x1,
        float top,
        float bottom,
        float size,
        boolean bold,
        boolean italic,
        boolean smallCaps,
        int mathChars) {

    public float centerX() {
        return (x0 + x1) / 2;
    }

    /** The height of the word's middle: halfway from its top to its baseline. */
    public float centerY() {
        return (top + bottom) / 2;
    }

    /** Whether the word is a figure: a number with its sign, currency, percent or note mark. */
    public boolean figure() {
        return figure(text);
    }

    /** Whether the word is only dots: a leader filling the space from a label to its figure, not a word of the text. */
    public boolean leader() {
        if (text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '.' && c != '\u00b7') {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a text is a figure as tables and charts print it: a number with its sign (a hyphen, the
     * minus sign or an en dash standing for one, or an opening bracket), currency, percent, closing
     * bracket and note marks, in that order: {@code [-−–+±(]?[$€£]?\d[\d.,]*%?\)?[*†‡]*}. Read
     * character by character, as the layout stages ask it of every word many times over.
     */
    public static boolean figure(String text) {
        int n = text.length();
        int i = 0;
        if (i < n && "-\u2212\u2013+\u00b1(".indexOf(text.charAt(i)) >= 0) {
            i++;
        }
        if (i < n && "$\u20ac\u00a3".indexOf(text.charAt(i)) >= 0) {
            i++;
        }
        if (i >= n || !digit(text.charAt(i))) {
            return false;
        }
        while (i < n && (digit(text.charAt(i)) || text.charAt(i) == '.' || text.charAt(i) == ',')) {
            i++;
        }
        if (i < n && text.charAt(i) == '%') {
            i++;
        }
        if (i < n && text.charAt(i) == ')') {
            i++;
        }
        while (i < n && "*\u2020\u2021".indexOf(text.charAt(i)) >= 0) {
            i++;
        }
        return i == n;
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }
}
