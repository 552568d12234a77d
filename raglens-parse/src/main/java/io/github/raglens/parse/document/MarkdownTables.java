package io.github.raglens.parse.document;

import java.util.List;

/** Renders rows of cells as a Markdown pipe table: the first row is the header. */
final class MarkdownTables {

    private MarkdownTables() {}

    static String render(List<List<String>> rows) {
        int columns = 0;
        for (List<String> row : rows) {
            columns = Math.max(columns, row.size());
        }
        StringBuilder b = new StringBuilder();
        for (int r = 0; r < rows.size(); r++) {
            List<String> row = rows.get(r);
            b.append('|');
            for (int c = 0; c < columns; c++) {
                String cell = c < row.size() ? row.get(c) : "";
                b.append(' ').append(escape(cell)).append(" |");
            }
            b.append('\n');
            if (r == 0) {
                b.append('|');
                b.append(" --- |".repeat(columns));
                b.append('\n');
            }
        }
        return b.toString().stripTrailing();
    }

    private static String escape(String cell) {
        return cell.replace("\r", " ")
                .replace("\n", " ")
                .replace("|", "\\|")
                .replaceAll("\\s+", " ")
                .strip();
    }
}
