package io.github.raglens.parse.pdf;

import io.github.raglens.model.Table;
import io.github.raglens.parse.layout.Line;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Joins a table that a page break cut in two. Word processors and report tools carry a long table on
 * to the next page, repeating its header row there or not; read page by page it is two tables. A table
 * that is the last thing on its page (its running lines already gone, the footnotes at the page's foot
 * set aside) followed directly by a table of as many columns first on the next page is one table: the
 * rows are appended to the first part, less a first row that repeats its header. A caption, a heading
 * or a line of text between them keeps two tables apart.
 */
final class ContinuedTables {

    /** At most this many lines of footnotes between two parts of a table; more is running text. */
    private static final int MAX_NOTE_LINES = 8;

    private ContinuedTables() {}

    /**
     * The pieces (lines and tables, in reading order) with every continued table joined to its start;
     * the footnotes between the two parts follow the joined table.
     *
     * @param notes the lines the footnote finder took for notes
     * @param body the body text's font size
     */
    static List<Piece> join(List<Piece> pieces, Set<Line> notes, float body) {
        List<Piece> out = new ArrayList<>(pieces.size());
        for (Piece piece : pieces) {
            switch (piece) {
                case Piece.LinePiece line -> out.add(line);
                case Piece.TablePiece(Table next) -> {
                    int start = beforeNotes(out, next.page(), notes, body);
                    Optional<Table> first = start < 0
                            ? Optional.empty()
                            : out.get(start).asTable().filter(t -> continues(t, next));
                    if (first.isPresent()) {
                        out.set(start, new Piece.TablePiece(joined(first.get(), next)));
                    } else {
                        out.add(piece);
                    }
                }
            }
        }
        return out;
    }

    /**
     * The index of the last piece before the footnotes that close the pieces so far on a page before
     * {@code page}: notes the footnote finder found, or plain lines (neither bold nor larger than the
     * body) whose first opens with a note mark, at most {@value #MAX_NOTE_LINES} lines. Footnotes set
     * at the body's own size, as word processors may, escape the footnote finder, which asks for
     * smaller print.
     */
    private static int beforeNotes(List<Piece> out, int page, Set<Line> notes, float body) {
        int k = out.size() - 1;
        int start = k;
        while (k >= 0 && out.size() - k <= MAX_NOTE_LINES) {
            Line line = out.get(k).asLine().orElse(null);
            if (line == null
                    || line.page() >= page
                    || !(notes.contains(line) || line.size() <= body && line.boldShare() < 0.5)) {
                break;
            }
            k--;
            if (notes.contains(line)
                    || Footnotes.MARK.matcher(line.words().getFirst().text()).matches()) {
                start = k;
            }
        }
        return start;
    }

    /**
     * Whether a table carries on another: it opens the page after the one the other ended on (a table
     * joined before ends on a later page than it starts: its last row's page is not kept, so any next
     * page counts), with as many columns.
     */
    static boolean continues(Table start, Table next) {
        return next.page() > start.page()
                && start.columnCount() == next.columnCount()
                && start.columnCount() >= 2
                && !next.rows().isEmpty();
    }

    private static Table joined(Table start, Table next) {
        List<List<String>> rows = new ArrayList<>(start.rows());
        List<List<String>> more = next.rows();
        int from = same(start.rows().getFirst(), more.getFirst()) ? 1 : 0;
        rows.addAll(more.subList(from, more.size()));
        return new Table(start.page(), rows);
    }

    /** Whether two rows hold the same cells once blanks and spacing are set aside. */
    private static boolean same(List<String> a, List<String> b) {
        return key(a).equals(key(b));
    }

    private static String key(List<String> row) {
        StringBuilder k = new StringBuilder();
        for (String cell : row) {
            k.append(cell.replaceAll("\\s+", "")).append('\u0000');
        }
        return k.toString();
    }
}
