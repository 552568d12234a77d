package io.github.raglens.parse.tables;

import java.util.ArrayList;
import java.util.List;

/**
 * Joins the lines of wrapped cells in a table read from its words, where every line of text is a
 * row: a label set over three lines ("Pescado fresco" / "o refrigerado." / "exc. filetes", its
 * figures beside the last) or a header over two ("Lack of interest of" / "pupils"). Two neighbouring
 * rows are one when no column holds a figure with anything in the other row's cell (a header over a
 * row of data, or two rows of data, stay apart) and the lower one goes on a line of the upper: its
 * first cell starts in lower case under a cell of text, or that cell ends in a hyphen.
 */
final class WrappedRows {

    private WrappedRows() {}

    /** The rows with wrapped lines joined into their rows. */
    static List<List<String>> joined(List<List<String>> rows) {
        List<List<String>> out = new ArrayList<>();
        for (List<String> row : rows) {
            if (!out.isEmpty() && oneRow(out.getLast(), row)) {
                out.set(out.size() - 1, join(out.getLast(), row));
            } else {
                out.add(row);
            }
        }
        return out;
    }

    private static boolean oneRow(List<String> upper, List<String> lower) {
        for (int c = 0; c < Math.min(upper.size(), lower.size()); c++) {
            String a = upper.get(c);
            String b = lower.get(c);
            if (!a.isBlank() && !b.isBlank() && (Cells.figure(a) || Cells.figure(b))) {
                return false;
            }
        }
        int first = firstFilled(lower);
        if (first < 0 || first >= upper.size() || upper.get(first).isBlank()) {
            return false;
        }
        return Character.isLowerCase(lower.get(first).codePointAt(0))
                || upper.get(first).endsWith("-");
    }

    private static List<String> join(List<String> upper, List<String> lower) {
        List<String> out = new ArrayList<>();
        for (int c = 0; c < Math.max(upper.size(), lower.size()); c++) {
            String a = c < upper.size() ? upper.get(c) : "";
            String b = c < lower.size() ? lower.get(c) : "";
            out.add(a.isBlank() ? b : b.isBlank() ? a : joinLines(a, b));
        }
        return out;
    }

    /** Two lines of a cell: a word broken at a hyphen before a lower-case part is whole again. */
    private static String joinLines(String a, String b) {
        if (a.endsWith("-") && Character.isLowerCase(b.codePointAt(0))) {
            return a.substring(0, a.length() - 1) + b;
        }
        return a + " " + b;
    }

    private static int firstFilled(List<String> row) {
        for (int c = 0; c < row.size(); c++) {
            if (!row.get(c).isBlank()) {
                return c;
            }
        }
        return -1;
    }
}
