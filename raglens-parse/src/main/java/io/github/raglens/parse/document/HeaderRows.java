package io.github.raglens.parse.document;

import java.util.ArrayList;
import java.util.List;

/** A table whose header is set on several rows, as one header row. */
public final class HeaderRows {

    private HeaderRows() {}

    /**
     * The rows with the first {@code headerRows} joined into one, column by column, a text repeated
     * down a merged header cell said once; the rows as they are when fewer than two rows head them or
     * nothing would be left below.
     */
    public static List<List<String>> join(List<List<String>> rows, int headerRows) {
        if (headerRows < 2 || headerRows >= rows.size()) {
            return rows;
        }
        int columns = 0;
        for (List<String> r : rows.subList(0, headerRows)) {
            columns = Math.max(columns, r.size());
        }
        List<String> header = new ArrayList<>();
        for (int c = 0; c < columns; c++) {
            List<String> parts = new ArrayList<>();
            for (List<String> r : rows.subList(0, headerRows)) {
                String cell = c < r.size() ? r.get(c).strip() : "";
                if (!cell.isEmpty() && (parts.isEmpty() || !parts.getLast().equals(cell))) {
                    parts.add(cell);
                }
            }
            header.add(String.join(" ", parts));
        }
        List<List<String>> joined = new ArrayList<>();
        joined.add(header);
        joined.addAll(rows.subList(headerRows, rows.size()));
        return joined;
    }
}
