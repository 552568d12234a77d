package io.github.raglens.internal;

import java.util.Locale;

/**
 * Text from outside (a value read from a file, a parser's complaint) made fit for a one-line error
 * message: line breaks and other control characters shown as escapes, and long text cut short, so
 * a damaged file can neither break the message across lines nor paste itself into it whole.
 */
public final class OneLine {

    /** The most characters of outside text a message shows. */
    static final int MAX = 160;
    /** The most characters of a reply's body {@link #shortened} shows. */
    private static final int MAX_SHORTENED = 300;

    private OneLine() {}

    /** The text on one line, at most {@value #MAX} characters and an ellipsis. */
    public static String of(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), MAX) + 8);
        int i = 0;
        for (; i < text.length() && out.length() < MAX; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return i < text.length() ? out + "…" : out.toString();
    }

    /** A reply's body on one line for a message: runs of white space made one space, cut after 300 characters. */
    public static String shortened(String text) {
        String oneLine = text.replaceAll("\\s+", " ");
        return oneLine.length() <= MAX_SHORTENED ? oneLine : oneLine.substring(0, MAX_SHORTENED) + "…";
    }

    /** The text on one line, in single quotes. */
    public static String quote(String text) {
        return "'" + of(text) + "'";
    }
}
