package io.github.raglens.parse.tables;

import io.github.raglens.parse.glyphs.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Helpers for a table's cell texts. */
final class Cells {

    /** Four or more dots, perhaps spaced: a leader from a label to its figure. */
    private static final Pattern LEADER = Pattern.compile("(?:\\s*[.·]){4,}\\s*");

    private Cells() {}

    /** Whether a cell is a figure, its thousands perhaps parted by spaces ("1 000"). */
    static boolean figure(String cell) {
        return !cell.isBlank() && Word.figure(cell.replace(" ", ""));
    }

    /**
     * The rows without their dot leaders, and without the rows and columns that are then empty in
     * every cell.
     */
    static List<List<String>> clean(List<List<String>> rows) {
        int columns = 0;
        List<List<String>> unled = new ArrayList<>(rows.size());
        for (List<String> row : rows) {
            columns = Math.max(columns, row.size());
            unled.add(row.stream().map(Cells::withoutLeaders).toList());
        }
        boolean[] used = new boolean[columns];
        List<List<String>> nonEmptyRows = new ArrayList<>();
        for (List<String> row : unled) {
            boolean any = false;
            for (int c = 0; c < row.size(); c++) {
                if (!row.get(c).isBlank()) {
                    used[c] = true;
                    any = true;
                }
            }
            if (any) {
                nonEmptyRows.add(row);
            }
        }
        List<List<String>> out = new ArrayList<>();
        for (List<String> row : nonEmptyRows) {
            List<String> kept = new ArrayList<>();
            for (int c = 0; c < columns; c++) {
                if (used[c]) {
                    kept.add(c < row.size() ? row.get(c) : "");
                }
            }
            out.add(kept);
        }
        return out;
    }

    /** A cell's text without its dot leaders ("Defence ........" is "Defence"). */
    static String withoutLeaders(String cell) {
        int dots = 0;
        for (int i = 0; i < cell.length(); i++) {
            char c = cell.charAt(i);
            dots += c == '.' || c == '·' ? 1 : 0;
        }
        if (dots == 0) {
            return cell;
        }
        // fewer than four dots hold no leader (the pattern finds none and leaves the text as it was): the
        // decimal points of a table's figures need no regular expression
        String unled = dots < 4 ? cell : LEADER.matcher(cell).replaceAll(" ");
        String stripped = unled.strip();
        return stripped.contains("  ") ? stripped.replaceAll(" {2,}", " ") : stripped;
    }
}
