package io.github.raglens.parse.glyphs;

import java.util.regex.Pattern;

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

    /**
     * A figure as tables and charts print it: a number with its sign (a hyphen, the minus sign or an
     * en dash standing for one), currency, percent or note mark.
     */
    private static final Pattern FIGURE = Pattern.compile("[-−–+±(]?[$€£]?\\d[\\d.,]*%?\\)?[*†‡]*");

    /** Dots and nothing else: a dot leader between a label and its figure, or a piece of one. */
    private static final Pattern LEADER = Pattern.compile("[.·]+");

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
        return LEADER.matcher(text).matches();
    }

    /** Whether a text is a figure: a number with its sign, currency, percent or note mark. */
    public static boolean figure(String text) {
        return FIGURE.matcher(text).matches();
    }
}
