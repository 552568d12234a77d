package io.github.raglens.parse;

import java.util.Locale;

/** What became of one file of a corpus. */
public enum ParseStatus {
    /** Parsed. */
    OK,
    /**
     * A PDF cut short or with a broken cross-reference table or trailer; the outcome says what was
     * recovered (some pages may have been parsed).
     */
    DAMAGED,
    /** Could not be parsed; the outcome gives the reason. */
    FAILED,
    /** A PDF without a text layer, or a scan or image that OCR cannot read here. */
    NO_TEXT;

    /** The name used in reports: {@code ok}, {@code damaged}, {@code failed}, {@code no-text}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
