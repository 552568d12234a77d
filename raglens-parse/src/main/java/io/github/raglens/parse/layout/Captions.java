package io.github.raglens.parse.layout;

import java.util.regex.Pattern;

/**
 * The caption grammar: how a line opens that labels a table, a figure or another float. One vocabulary
 * of labels ("Table", "Tab.", "Figure", "Fig.", "Algorithm", "Listing", "Equation", "Eq.") and
 * numbers, read the ways the stages need: the table finder asks for a table's or a figure's caption,
 * strictly numbered; the search for a caption beside a column of text asks for a titled one; the
 * heading finder turns away any line a float's label opens.
 */
public final class Captions {

    private static final String TABLE = "table|tab\\.";
    private static final String FIGURE = "figure|fig\\.";
    private static final String OTHER_FLOAT = "algorithm|listing|equation|eq\\.";
    /** A float's number in Arabic (up to three digits) or Roman numerals (up to five). */
    private static final String NUMBER = "[0-9]{1,3}|[IVX]{1,5}";

    /** "Table 3", "Tab. IV", "Table A.2" or "Table S1", letters in either case. */
    private static final Pattern TABLE_CAPTION =
            Pattern.compile("^(" + TABLE + ")\\s*(" + NUMBER + "|[A-Z]\\.?[0-9]{1,2})\\b.*", Pattern.CASE_INSENSITIVE);

    /** "Figure 3" or "Fig. 3", letters in either case. */
    private static final Pattern FIGURE_CAPTION =
            Pattern.compile("^(" + FIGURE + ")\\s*[0-9]{1,3}\\b.*", Pattern.CASE_INSENSITIVE);

    /** "Table 1. Rates by area": the label capitalised, its number, a stop, colon or dash, then a word. */
    private static final Pattern TITLED_TABLE_CAPTION =
            Pattern.compile("^(Table|TABLE) (" + NUMBER + ") ?[.:\u2014\u2013-] ?\\p{L}.*");

    /** Any float's label before something like a number. */
    private static final Pattern FLOAT_LABEL = Pattern.compile(
            "^(" + TABLE + "|" + FIGURE + "|" + OTHER_FLOAT + ")\\s*[0-9IVX].*", Pattern.CASE_INSENSITIVE);

    /** A table's label with its number glued on ("Table2:"). */
    private static final Pattern GLUED_TABLE_LABEL = Pattern.compile("(?i)(" + TABLE + ")\\S+");

    private Captions() {}

    /** Whether a line opens a table's caption: "Table 3", "Tab. IV", "Table A.2". */
    public static boolean table(String line) {
        return opensWith(line, "tT") && TABLE_CAPTION.matcher(line).matches();
    }

    /** Whether a line opens a figure's caption: "Figure 3", "Fig. 3". */
    public static boolean figure(String line) {
        return opensWith(line, "fF") && FIGURE_CAPTION.matcher(line).matches();
    }

    /** Whether a line opens a table's caption or a figure's. */
    public static boolean tableOrFigure(String line) {
        return table(line) || figure(line);
    }

    /**
     * Whether a line is a table's caption with its title: "Table 1. Rates by area" ("Table 36.5", a
     * cell, is none).
     */
    public static boolean titledTable(String line) {
        return opensWith(line, "T") && TITLED_TABLE_CAPTION.matcher(line).matches();
    }

    /** Whether a line opens with any float's label and a number: no heading does. */
    public static boolean floatLabel(String line) {
        return opensWith(line, "tTfFaAlLeE") && FLOAT_LABEL.matcher(line).matches();
    }

    /**
     * Whether a line starts with one of the letters its label can start with: asked of nearly every line,
     * most of which no label opens, this spares them the matcher. The patterns are anchored, and ignore
     * case in ASCII only, so no other first character can match.
     */
    private static boolean opensWith(String line, String firstLetters) {
        return !line.isEmpty() && firstLetters.indexOf(line.charAt(0)) >= 0;
    }

    /** Whether a word is a table's label with its number glued on ("Table2:", "Tab.3"). */
    public static boolean gluedTableLabel(String word) {
        return GLUED_TABLE_LABEL.matcher(word).matches();
    }
}
