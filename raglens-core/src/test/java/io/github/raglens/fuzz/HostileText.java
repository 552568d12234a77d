package io.github.raglens.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * Text for the fields of records and replies, made from fuzz input: any string, sometimes with one of
 * the characters readers and writers stumble on spliced in (line breaks a JSONL line must not hold, a
 * NUL, half a surrogate pair, a byte-order mark, a quote or backslash).
 */
public final class HostileText {

    private static final char[] HARD = {
        '\n', '\r', '\u0000', '\ud800', '\udc00', '\u2028', '\u0085', '\ufeff', '"', '\\', '\t'
    };

    private HostileText() {}

    /** A string of at most {@code maxLength} characters, plus at most one hard character. */
    public static String next(FuzzedDataProvider data, int maxLength) {
        String s = data.consumeString(maxLength);
        if (!data.consumeBoolean()) {
            return s;
        }
        int at = data.consumeInt(0, s.length());
        return s.substring(0, at) + HARD[data.consumeInt(0, HARD.length - 1)] + s.substring(at);
    }
}
