package io.github.raglens.parse;

import java.util.ArrayList;
import java.util.List;

/** Helpers for a table's cell texts. */
final class Cells {

    private Cells() {}

    /** Whether a cell is a figure, its thousands perhaps parted by spaces ("1 000"). */
    static boolean figure(String cell) {
        return !cell.isBlank() && Word.figure(cell.replace(" ", ""));
    }

    /** The rows without the rows and columns that are empty in every cell. */
    static List<List<String>> clean(List<List<String>> rows) {
        int columns = 0;
        for (List<String> row : rows) {
            columns = Math.max(columns, row.size());
        }
        boolean[] used = new boolean[columns];
        List<List<String>> nonEmptyRows = new ArrayList<>();
        for (List<String> row : rows) {
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
}
