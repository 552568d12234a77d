package io.github.raglens.parse.docx;

import io.github.raglens.parse.document.HeaderRows;
import java.util.ArrayList;
import java.util.List;

/**
 * The grid of a Word table as it is read, row by row: a cell spanning columns ({@code gridSpan}) gives
 * its text to each, a cell continuing a vertical merge ({@code vMerge}) takes the text of the cell
 * above, a row starting late ({@code gridBefore}) starts with empty cells, and rows marked to repeat as
 * the header ({@code tblHeader}) are joined into one header row, column by column.
 */
final class DocxTable {

    private final List<List<String>> rows = new ArrayList<>();
    private int headerRows;
    private boolean headerRun = true;
    private List<String> row;

    void startRow(int gridBefore, boolean header) {
        row = new ArrayList<>();
        for (int i = 0; i < gridBefore; i++) {
            row.add("");
        }
        if (header && headerRun) {
            headerRows++;
        } else {
            headerRun = false;
        }
    }

    /**
     * Adds a cell to the current row.
     *
     * @param continuesMerge whether the cell continues a vertical merge from the row above
     */
    void cell(String text, int gridSpan, boolean continuesMerge) {
        int column = row.size();
        String t = text;
        if (continuesMerge && !rows.isEmpty()) {
            List<String> above = rows.getLast();
            t = column < above.size() ? above.get(column) : "";
        }
        for (int i = 0; i < Math.max(1, Math.min(gridSpan, 1000)); i++) {
            row.add(t);
        }
    }

    void endRow() {
        if (row != null) {
            rows.add(row);
            row = null;
        }
    }

    /** The rows, the header rows joined into the first. */
    List<List<String>> rows() {
        return HeaderRows.join(rows, headerRows);
    }
}
