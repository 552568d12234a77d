package io.github.raglens.eval.evidence;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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
 * is kept: a quote is verbatim. Format characters go before NFKC, so that one standing between a
 * letter and its combining mark does not keep them apart: the form is idempotent.
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
        Folder folder = new Folder(text.length(), false);
        folder.addNormalized(text, 0, text.length());
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
     * A stretch of a text, in its own {@code char} positions.
     *
     * @param start the first position
     * @param end the position after the last
     */
    public record Span(int start, int end) {}

    /**
     * Where {@code quote} occurs in {@code text} by {@link #occursIn}'s rule, as stretches of the text
     * as written (to highlight it): each stretch, normalised, holds the normalised quote. A stretch
     * begins and ends on whole characters of the text, so a quote starting inside a ligature marks
     * the whole ligature.
     *
     * @return the stretches in text order, not overlapping (occurrences within one character of the
     *     text, a ligature, share a stretch); empty for a quote that normalises to nothing
     */
    public static List<Span> find(String quote, String text) {
        String q = normalize(quote);
        if (q.isEmpty()) {
            return List.of();
        }
        Folder folder = new Folder(text.length(), true);
        int cluster = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int next = i + Character.charCount(cp);
            if (i > 0 && startsCluster(cp)) {
                folder.addNormalized(text, cluster, i);
                cluster = i;
            }
            i = next;
        }
        folder.addNormalized(text, cluster, text.length());
        String folded = folder.out.toString();
        List<Span> spans = new ArrayList<>();
        for (int at = folded.indexOf(q); at >= 0; at = folded.indexOf(q, at + q.length())) {
            int start = folder.starts[at];
            int end = folder.ends[at + q.length() - 1];
            Span last = spans.isEmpty() ? null : spans.getLast();
            if (last != null && start < last.end()) { // two occurrences within one character of the text
                spans.set(spans.size() - 1, new Span(last.start(), Math.max(end, last.end())));
            } else {
                spans.add(new Span(start, end));
            }
        }
        return spans;
    }

    /**
     * Whether a code point begins a stretch that NFKC never joins to the one before: anything but a
     * combining mark, an invisible format character (dropped, and so never between a letter and its
     * mark) and the Hangul vowel and final jamo that compose with a syllable before them.
     */
    private static boolean startsCluster(int cp) {
        int type = Character.getType(cp);
        if (type == Character.NON_SPACING_MARK
                || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK
                || type == Character.FORMAT) {
            return false;
        }
        return !(cp >= 0x1160 && cp <= 0x11FF) && !(cp >= 0xD7B0 && cp <= 0xD7FF);
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
     * Writes text in the normal form, and with positions, where in the source each char it wrote
     * came from.
     */
    private static final class Folder {

        final StringBuilder out;
        // with positions: where in the source each written char came from
        private final boolean positions;
        int[] starts;
        int[] ends;
        private boolean space;
        private int spaceStart;
        private int spaceEnd;

        Folder(int capacity, boolean positions) {
            out = new StringBuilder(capacity);
            this.positions = positions;
            starts = positions ? new int[Math.max(16, capacity)] : null;
            ends = positions ? new int[Math.max(16, capacity)] : null;
        }

        /** Writes {@code text[from, to)} in the normal form, every char it gives taken from that stretch. */
        void addNormalized(String text, int from, int to) {
            String part = text.substring(from, to);
            // ASCII holds no format character and is its own NFKC form, and most text is ASCII
            String nfkc =
                    isAscii(part) ? part : Normalizer.normalize(withoutFormatCharacters(part), Normalizer.Form.NFKC);
            for (int i = 0; i < nfkc.length(); ) {
                int cp = nfkc.codePointAt(i);
                i += Character.charCount(cp);
                add(cp, from, to);
            }
        }

        private void add(int cp, int from, int to) {
            if (isSpace(cp)) {
                if (!space && !out.isEmpty()) {
                    space = true;
                    spaceStart = from;
                    spaceEnd = to;
                }
                return;
            }
            if (space) {
                append(' ', spaceStart, spaceEnd);
                space = false;
            }
            int type = Character.getType(cp);
            if (type == Character.FORMAT) {
                return;
            }
            if (type == Character.DASH_PUNCTUATION || cp == '\u2212') {
                append('-', from, to);
            } else if (isSingleQuote(cp)) {
                append('\'', from, to);
            } else if (isDoubleQuote(cp)) {
                append('"', from, to);
            } else if (Character.isBmpCodePoint(cp)) {
                append((char) cp, from, to);
            } else {
                append(Character.highSurrogate(cp), from, to);
                append(Character.lowSurrogate(cp), from, to);
            }
        }

        private void append(char c, int from, int to) {
            if (positions) {
                int at = out.length();
                if (at == starts.length) {
                    starts = Arrays.copyOf(starts, 2 * at);
                    ends = Arrays.copyOf(ends, 2 * at);
                }
                starts[at] = from;
                ends[at] = to;
            }
            out.append(c);
        }
    }

    /** The text without its invisible format characters (Unicode {@code Cf}). */
    private static String withoutFormatCharacters(String text) {
        StringBuilder kept = new StringBuilder(text.length());
        text.codePoints()
                .filter(cp -> Character.getType(cp) != Character.FORMAT)
                .forEach(kept::appendCodePoint);
        return kept.toString();
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
