package io.github.raglens.parse.xlsx;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.ss.util.CellReference;
import org.apache.poi.xssf.eventusermodel.XSSFSheetXMLHandler;
import org.apache.poi.xssf.usermodel.XSSFComment;

/**
 * The cells of one sheet that hold text, collected as its XML streams past: each cell a key (its row and
 * column) and its text as Excel shows it, in two arrays, with no object per cell beyond its text. After
 * {@link #finish()} they are in reading order (row by row, left to right), a merged range's text is in
 * each of its cells, and the comments are listed.
 */
final class SheetCells implements XSSFSheetXMLHandler.SheetContentsHandler {

    /** Columns take 14 bits of a key (Excel has 16,384). */
    private static final int COLUMN_BITS = 14;

    private static final int COLUMN_MASK = (1 << COLUMN_BITS) - 1;

    /** A merged range spreads its text over at most this many cells; a larger one keeps it in its first. */
    private static final int MAX_SPREAD = 4_096;

    private long[] keys = new long[256];
    private String[] values = new String[256];
    private int size;
    private int row;
    private int lastColumn = -1;
    private final List<CellRangeAddress> merges = new ArrayList<>();
    private final List<String> comments = new ArrayList<>();
    private final Set<Long> commented = new HashSet<>();

    @Override
    public void startRow(int rowNumber) {
        row = rowNumber;
        lastColumn = -1;
    }

    @Override
    public void endRow(int rowNumber) {
        // the row's cells are in already
    }

    @Override
    public void cell(String reference, String value, XSSFComment comment) {
        int r = row;
        int c = lastColumn + 1;
        if (reference != null) {
            try {
                CellReference ref = new CellReference(reference);
                r = ref.getRow();
                c = ref.getCol();
            } catch (RuntimeException e) {
                // a reference Excel would not write: the cell is taken as the next of its row
            }
        }
        lastColumn = c;
        if (comment != null && comment.getString() != null) {
            String author =
                    comment.getAuthor() == null ? "" : comment.getAuthor().strip();
            comments.add("Comment on " + new CellReference(r, c).formatAsString()
                    + (author.isEmpty() ? "" : " by " + author) + ": "
                    + comment.getString().getString());
        }
        if (value != null && !value.isBlank() && r >= 0 && c >= 0 && c <= COLUMN_MASK) {
            add(key(r, c), value);
        }
    }

    /** Takes a merged range ({@code A1:C1}) from the sheet's {@code mergeCell} element. */
    void merge(String range) {
        try {
            merges.add(CellRangeAddress.valueOf(range));
        } catch (RuntimeException e) {
            // a range Excel would not write spreads nothing
        }
    }

    /** Orders the cells for reading and spreads each merged range's text over its cells. */
    void finish() {
        sort();
        int before = size;
        for (CellRangeAddress m : merges) {
            long cells = (long) (m.getLastRow() - m.getFirstRow() + 1) * (m.getLastColumn() - m.getFirstColumn() + 1);
            if (m.getFirstRow() < 0 || m.getFirstColumn() < 0 || cells > MAX_SPREAD) {
                continue;
            }
            int at = find(key(m.getFirstRow(), m.getFirstColumn()), before);
            if (at < 0) {
                continue;
            }
            String text = values[at];
            for (int r = m.getFirstRow(); r <= m.getLastRow(); r++) {
                for (int c = m.getFirstColumn(); c <= Math.min(m.getLastColumn(), COLUMN_MASK); c++) {
                    if (find(key(r, c), before) < 0) {
                        add(key(r, c), text);
                    }
                }
            }
        }
        if (size > before) {
            sort();
        }
    }

    int size() {
        return size;
    }

    int row(int i) {
        return (int) (keys[i] >>> COLUMN_BITS);
    }

    int column(int i) {
        return (int) (keys[i] & COLUMN_MASK);
    }

    String value(int i) {
        return values[i];
    }

    /** The comments of the sheet's cells, in the order of their cells: {@code Comment on B2 by Ann: text}. */
    List<String> comments() {
        return comments;
    }

    private static long key(int row, int column) {
        return ((long) row << COLUMN_BITS) | column;
    }

    private void add(long key, String value) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        keys[size] = key;
        values[size] = value;
        size++;
    }

    /** The index of a key among the first {@code n} cells, sorted; -1 when absent. */
    private int find(long key, int n) {
        int i = Arrays.binarySearch(keys, 0, n, key);
        return i < 0 ? -1 : i;
    }

    /** Sorts by key, keeping the last text of a cell written twice; already sorted is the common case. */
    private void sort() {
        boolean sorted = true;
        for (int i = 1; i < size && sorted; i++) {
            sorted = keys[i - 1] < keys[i];
        }
        if (sorted) {
            return;
        }
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingLong((Integer i) -> keys[i]).thenComparing(i -> -i));
        long[] k = new long[keys.length];
        String[] v = new String[keys.length];
        int n = 0;
        for (Integer i : order) {
            if (n > 0 && k[n - 1] == keys[i]) {
                continue;
            }
            k[n] = keys[i];
            v[n] = values[i];
            n++;
        }
        keys = k;
        values = v;
        size = n;
    }
}
