package io.github.raglens.eval.questions;

import java.util.regex.Pattern;

/** Whitespace-normalised matching of evidence quotes, shared by generation and relevance. */
public final class Evidence {

    private static final Pattern SPACE = Pattern.compile("\\s+");

    private Evidence() {}

    /** Collapses every run of whitespace to one space and trims the ends. */
    public static String normalize(String text) {
        return SPACE.matcher(text).replaceAll(" ").strip();
    }

    /**
     * Whether {@code quote} occurs in {@code text} once whitespace is normalised in both.
     *
     * @return false for a blank quote
     */
    public static boolean occursIn(String quote, String text) {
        String q = normalize(quote);
        return !q.isEmpty() && normalize(text).contains(q);
    }
}
