package io.github.raglens.parse.tables;

import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.layout.Rows;
import java.util.ArrayList;
import java.util.List;

/**
 * Tables of words, which have too few figures to be told by them: rows of several cells, one under
 * the other, whose cells start at shared left edges.
 */
final class WordGrid {

    private WordGrid() {}

    /**
     * Whether some run of a page's rows is a {@linkplain #is grid of words}: rows of two or more
     * cells, one under the other, not lines of running text; the run that opens the page, three rows
     * or more, as it may end a table the page before began.
     */
    static boolean holds(List<List<Word>> rows) {
        float[] across = Rows.across(rows);
        float width = across[1] - across[0];
        List<List<Word>> run = new ArrayList<>();
        int least = 3;
        for (List<Word> row : rows) {
            if (Rows.cells(row) >= 2 && !RowKinds.prose(row, width)) {
                run.add(row);
                continue;
            }
            if (is(run, least)) {
                return true;
            }
            run.clear();
            least = 4;
        }
        return is(run, least);
    }

    /**
     * Whether rows are a table of words, which has few figures to tell it (less than half its words):
     * four or more rows, nearly all of two or more cells and none of more than six words, whose cells
     * start at three or more shared left edges (within two points), each shared by four rows in five.
     * Lines of text in two columns share two edges; a centred block of names shares none.
     */
    static boolean is(List<List<Word>> rows) {
        return is(rows, 4);
    }

    /** {@link #is(List)} with another least number of rows. */
    static boolean is(List<List<Word>> rows, int least) {
        if (rows.size() < least) {
            return false;
        }
        List<List<Float>> rowStarts = new ArrayList<>(rows.size());
        List<Float> starts = new ArrayList<>();
        int multi = 0;
        int words = 0;
        int figures = 0;
        for (List<Word> row : rows) {
            if (longestCell(row) > 6) {
                return false; // a line of text beside a table, or a grid of sentences
            }
            List<Float> cells = cellStarts(row);
            rowStarts.add(cells);
            starts.addAll(cells);
            multi += cells.size() >= 2 ? 1 : 0;
            words += row.size();
            figures += RowKinds.figures(row);
        }
        if (multi * 5 < rows.size() * 4 || figures * 2 >= words) {
            return false; // a grid of figures is told by its figures, beside its caption if it has one
        }
        starts.sort(null);
        int columns = 0;
        float last = -Float.MAX_VALUE;
        for (float x : starts) {
            if (x - last <= 2) {
                continue;
            }
            int shared = 0;
            for (List<Float> cells : rowStarts) {
                shared += cells.stream().anyMatch(s -> s >= x && s <= x + 4) ? 1 : 0;
            }
            if (shared * 5 >= rows.size() * 4) {
                columns++;
                last = x + 4;
            }
        }
        return columns >= 3;
    }

    /** The words in a row's longest cell. */
    private static int longestCell(List<Word> row) {
        int longest = 0;
        int words = 0;
        for (int i = 0; i < row.size(); i++) {
            words = i > 0 && Rows.cellGap(row.get(i - 1), row.get(i)) ? 1 : words + 1;
            longest = Math.max(longest, words);
        }
        return longest;
    }

    /** The left edges of a row's cells. */
    private static List<Float> cellStarts(List<Word> row) {
        List<Float> out = new ArrayList<>();
        out.add(row.getFirst().x0());
        for (int i = 1; i < row.size(); i++) {
            if (Rows.cellGap(row.get(i - 1), row.get(i))) {
                out.add(row.get(i).x0());
            }
        }
        return out;
    }
}
