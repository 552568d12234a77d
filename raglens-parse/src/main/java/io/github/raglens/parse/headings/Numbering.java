package io.github.raglens.parse.headings;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the level a heading's numbering implies: {@code 3.2.1 Training} is level 3, {@code A.1} level
 * 2, {@code IV.} and {@code Chapter 4} level 1; {@code 1)} is numbered, its level left to the document.
 * Returns 0 for unnumbered text.
 */
public final class Numbering {

    private static final Pattern DECIMAL = Pattern.compile("^(\\d{1,2}(?:\\.\\d{1,2}){0,4})\\.?\\s+(\\p{L}.*)$");
    private static final Pattern APPENDIX = Pattern.compile("^([A-H](?:\\.\\d{1,2}){0,3})\\.?\\s+(\\p{Lu}.*)$");
    private static final Pattern ROMAN = Pattern.compile("^([IVX]{1,5})\\.\\s+(\\p{Lu}.*)$");
    /** IEEE's run-in subsubsections: "1) Table extraction:". */
    private static final Pattern PARENTHESISED = Pattern.compile("^(\\d{1,2})\\)\\s+(\\p{Lu}.*)$");

    private static final Pattern CHAPTER = Pattern.compile(
            "^(?:chapter|part|appendix|section)\\s+(?:\\d{1,3}|[IVXLC]{1,6}|[A-Z])\\b[.:]?\\s*(.*)$",
            Pattern.CASE_INSENSITIVE);

    private Numbering() {}

    /** The level implied by the numbering at the start of {@code text}, or 0 when there is none. */
    public static int level(String text) {
        String t = text.strip();
        Matcher m = DECIMAL.matcher(t);
        if (m.matches()) {
            return m.group(1).split("\\.").length;
        }
        m = APPENDIX.matcher(t);
        if (m.matches() && (m.group(1).contains(".") || t.length() > 3) && !capitalsAfterArticle(t, m)) {
            // "A Introduction" is an appendix heading only when followed by a title; "A." alone is not
            return m.group(1).split("\\.").length;
        }
        m = ROMAN.matcher(t);
        if (m.matches()) {
            return 1;
        }
        if (parenthesised(t)) {
            return 1; // one level below the heading before it, which only the document tells
        }
        m = CHAPTER.matcher(t);
        if (m.matches()) {
            return 1;
        }
        return 0;
    }

    /** Whether "A" opens a title in capitals as its article ("A STUDY OF ..."), not as an appendix's letter. */
    private static boolean capitalsAfterArticle(String text, Matcher appendix) {
        String rest = appendix.group(2);
        return text.startsWith("A ") && rest.equals(rest.toUpperCase(Locale.ROOT));
    }

    /**
     * Whether a heading is numbered from an appendix's letter ({@code B Proofs}, {@code B.2 Bounds}), as an
     * author's initial reads too ({@code F. Moreau}).
     */
    static boolean lettered(String text) {
        String t = text.strip();
        return level(t) > 0 && APPENDIX.matcher(t).matches();
    }

    /** Whether a heading is numbered "1)", as IEEE numbers its subsubsections. */
    static boolean parenthesised(String text) {
        return PARENTHESISED.matcher(text.strip()).matches();
    }

    /** Whether a heading is numbered with a Roman numeral ({@code IV. Results}). */
    static boolean roman(String text) {
        return ROMAN.matcher(text.strip()).matches();
    }

    /** The decimal or appendix number a heading starts with ({@code 3.2.1}, {@code A.1}), or "". */
    static String number(String text) {
        String t = text.strip();
        for (Pattern p : new Pattern[] {DECIMAL, APPENDIX}) {
            Matcher m = p.matcher(t);
            if (m.matches()) {
                return m.group(1);
            }
        }
        return "";
    }

    /** The text without its leading numbering. */
    static String strip(String text) {
        String t = text.strip();
        for (Pattern p : new Pattern[] {DECIMAL, APPENDIX, ROMAN, PARENTHESISED}) {
            Matcher m = p.matcher(t);
            if (m.matches()) {
                return m.group(2);
            }
        }
        return t;
    }
}
