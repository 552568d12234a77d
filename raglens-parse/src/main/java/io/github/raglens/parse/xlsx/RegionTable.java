package io.github.raglens.parse.xlsx;

import io.github.raglens.parse.document.Blocks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Writes a region of a sheet as a table: its rows and columns as the sheet has them, blank cells empty.
 * The header row is the first row that is not a title: a leading row holding one text (one cell, or a
 * merged cell across the row) above rows of several cells is the table's title, written as a paragraph
 * before it. A region whose cells fill far less than its span (cells touching along a diagonal staircase)
 * is written as its rows' cells, a line per row, instead of a grid mostly blank.
 */
final class RegionTable {

    /** A region is laid out as a grid when its span is at most this many times its cells ... */
    private static final int MAX_BLANK_FACTOR = 8;

    /** ... or at most this many cells. */
    private static final int SMALL_SPAN = 4_096;

    private RegionTable() {}

    static void write(CellRegions.Region region, SheetCells cells, Blocks out) {
        int[] members = region.cells();
        long span = (long) region.rows() * region.columns();
        if (span > Math.max((long) MAX_BLANK_FACTOR * members.length, SMALL_SPAN)) {
            writeLines(members, cells, out);
            return;
        }
        List<List<String>> rows = new ArrayList<>(region.rows());
        String[] row = null;
        int rowNumber = -1;
        for (int i : members) {
            while (rowNumber < cells.row(i)) {
                if (row != null) {
                    rows.add(Arrays.asList(row));
                }
                row = new String[region.columns()];
                Arrays.fill(row, "");
                rowNumber = rowNumber < 0 ? region.firstRow() : rowNumber + 1;
            }
            row[cells.column(i) - region.firstColumn()] = cells.value(i);
        }
        if (row != null) {
            rows.add(Arrays.asList(row));
        }
        int header = 0;
        while (region.columns() > 1 && header < rows.size() - 1 && isTitle(rows.get(header))) {
            header++;
        }
        if (header > 0 && rows.subList(header, rows.size()).stream().anyMatch(r -> filled(r) > 1)) {
            for (List<String> title : rows.subList(0, header)) {
                out.paragraph(firstText(title));
            }
            rows = rows.subList(header, rows.size());
        }
        out.table(rows);
    }

    /** A row whose cells hold one text: one filled cell, or the same text across a merged range. */
    private static boolean isTitle(List<String> row) {
        String text = null;
        for (String cell : row) {
            if (cell.isEmpty()) {
                continue;
            }
            if (text != null && !text.equals(cell)) {
                return false;
            }
            text = cell;
        }
        return text != null;
    }

    private static int filled(List<String> row) {
        int n = 0;
        for (String cell : row) {
            n += cell.isEmpty() ? 0 : 1;
        }
        return n;
    }

    private static String firstText(List<String> row) {
        for (String cell : row) {
            if (!cell.isEmpty()) {
                return cell;
            }
        }
        return "";
    }

    private static void writeLines(int[] members, SheetCells cells, Blocks out) {
        StringBuilder text = new StringBuilder();
        for (int k = 0; k < members.length; k++) {
            int i = members[k];
            boolean newRow = k > 0 && cells.row(i) != cells.row(members[k - 1]);
            if (k > 0) {
                text.append(newRow ? "\n" : " | ");
            }
            text.append(Blocks.inline(cells.value(i)));
        }
        out.paragraph(text.toString());
    }
}
