package io.github.raglens.eval.evidence;

import java.text.Normalizer;

/**
 * The one normalisation of evidence quotes and of the texts they are looked for in, shared by
 * question generation, question import, the benchmark's selection and relevance, and anything that
 * finds a quote in a text.
 *
 * <p>A quote written by a person or a model differs from the parsed text in ways a reader does not
 * see: the PDF parser stores NFKC text ({@code ﬁ} becomes {@code fi}), typographic quotes and dashes
 * come through as the document set them, and spaces may be no-break or zero-width. So both sides are
 * brought to one form: NFKC; every quotation mark to {@code '} or {@code "} (curly, low, reversed and
 * angle quotes, primes, the modifier-letter apostrophe); every dash (Unicode {@code Pd}) and the
 * minus sign to {@code -}; invisible format characters (soft hyphens, zero-width spaces and joiners,
 * direction marks: Unicode {@code Cf}) dropped; every run of Unicode white space or space separators
 * (no-break, thin, ideographic, line and paragraph separators) to one space; the ends trimmed. Case
 * is kept: a quote is verbatim.
 */
public final class Evidence {

    private Evidence() {}

    /**
     * The text in the one normal form.
     *
     * @param text any text
     * @return the normalised text, empty when nothing but spaces and invisible characters
     */
    public static String normalize(String text) {
        // ASCII is its own NFKC form, and most text is ASCII: the normaliser's work is skipped for it
        String nfkc = isAscii(text) ? text : Normalizer.normalize(text, Normalizer.Form.NFKC);
        Folder folder = new Folder(nfkc.length());
        for (int i = 0; i < nfkc.length(); ) {
            int cp = nfkc.codePointAt(i);
            i += Character.charCount(cp);
            folder.add(cp);
        }
        return folder.out.toString();
    }

    /**
     * Whether {@code quote} occurs in {@code text} once both are normalised.
     *
     * @return false for a quote that normalises to nothing
     */
    public static boolean occursIn(String quote, String text) {
        String q = normalize(quote);
        return !q.isEmpty() && normalize(text).contains(q);
    }

    /**
     * The words of a quote: its pieces between spaces holding a letter or a digit, once normalised
     * ({@code "| Whole wheat | 85% |"} has three); in scripts written without spaces every
     * ideograph and kana counts as a word of its own.
     */
    public static int words(String quote) {
        String q = normalize(quote);
        int words = 0;
        boolean inWord = false;
        for (int i = 0; i < q.length(); ) {
            int cp = q.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == ' ') {
                inWord = false;
            } else if (isWrittenWithoutSpaces(cp)) {
                words++;
                inWord = false;
            } else if (!inWord && Character.isLetterOrDigit(cp)) {
                words++;
                inWord = true;
            }
        }
        return words;
    }

    /**
     * Writes NFKC code points in the normal form: spaces collapsed and trimmed, format characters
     * dropped, dashes and quotation marks made plain.
     */
    private static final class Folder {

        final StringBuilder out;
        private boolean space;

        Folder(int capacity) {
            out = new StringBuilder(capacity);
        }

        void add(int cp) {
            if (isSpace(cp)) {
                space = !out.isEmpty();
                return;
            }
            int type = Character.getType(cp);
            if (type == Character.FORMAT) {
                return;
            }
            if (space) {
                out.append(' ');
                space = false;
            }
            if (type == Character.DASH_PUNCTUATION || cp == '\u2212') {
                out.append('-');
            } else if (isSingleQuote(cp)) {
                out.append('\'');
            } else if (isDoubleQuote(cp)) {
                out.append('"');
            } else {
                out.appendCodePoint(cp);
            }
        }
    }

    private static boolean isAscii(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** Unicode white space and space separators: ASCII spaces, no-break, thin, ideographic, line and paragraph. */
    private static boolean isSpace(int cp) {
        return Character.isWhitespace(cp) || Character.isSpaceChar(cp);
    }

    private static boolean isSingleQuote(int cp) {
        return switch (cp) {
            case '\u2018', '\u2019', '\u201A', '\u201B', '\u2039', '\u203A', '\u2032', '\u2035', '\u02BC' -> true;
            default -> false;
        };
    }

    private static boolean isDoubleQuote(int cp) {
        return switch (cp) {
            case '\u201C', '\u201D', '\u201E', '\u201F', '\u00AB', '\u00BB', '\u301D', '\u301E', '\u301F' -> true;
            default -> false;
        };
    }

    private static boolean isWrittenWithoutSpaces(int cp) {
        if (Character.isIdeographic(cp)) {
            return true;
        }
        Character.UnicodeScript script = Character.UnicodeScript.of(cp);
        return script == Character.UnicodeScript.HIRAGANA || script == Character.UnicodeScript.KATAKANA;
    }
}
