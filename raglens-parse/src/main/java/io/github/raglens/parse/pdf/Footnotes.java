package io.github.raglens.parse.pdf;

import io.github.raglens.parse.layout.Line;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Finds the notes at the foot of each column: the last lines of a column, set smaller than the body
 * and apart from the text above, from the first that opens with a note mark (a number of one or two
 * digits or a symbol such as * or †). Their lines are kept out of the paragraph running past them, so
 * the text assembler can put each note after its section's text. On the first page, a small line at
 * the foot naming where the paper appeared (a copyright sign, or "Proceedings of") is dropped.
 */
final class Footnotes {

    static final Pattern MARK =
            Pattern.compile("^(?:\\d{1,2}|[*\u2217\u2020\u2021\u00a7\u00b6]{1,3})(?:$|[\\p{L}(\\[\"]|https?:).*");
    private static final Pattern VENUE = Pattern.compile(
            "(?i).*(?:\u00a9|\\(c\\)\\s*(?:19|20)\\d\\d|copyright|^proceedings of\\b|^in proceedings\\b).*");

    /**
     * The notes found and the lines left after dropping first-page venue lines.
     *
     * @param pieces lines and tables in reading order, without the venue lines
     * @param lines every line of a note
     * @param starts the first line of each note
     * @param venueLines how many venue lines were dropped
     */
    record Result(List<Piece> pieces, Set<Line> lines, Set<Line> starts, int venueLines) {}

    private Footnotes() {}

    static Result find(List<Piece> pieces, float body) {
        Map<Long, List<Line>> columns = new LinkedHashMap<>();
        for (Line line : Piece.lines(pieces)) {
            columns.computeIfAbsent(line.columnKey(), k -> new ArrayList<>()).add(line);
        }
        Set<Line> notes = identitySet();
        Set<Line> starts = identitySet();
        Set<Line> venue = identitySet();
        for (List<Line> column : columns.values()) {
            List<Line> foot = foot(column, body);
            boolean inNote = false;
            for (Line line : foot) {
                if (line.page() == 1 && VENUE.matcher(line.text()).matches()) {
                    venue.add(line);
                    inNote = false;
                } else if (MARK.matcher(line.words().getFirst().text()).matches()) {
                    starts.add(line);
                    notes.add(line);
                    inNote = true;
                } else if (inNote) {
                    notes.add(line);
                }
            }
        }
        if (venue.isEmpty()) {
            return new Result(pieces, notes, starts, 0);
        }
        List<Piece> kept = new ArrayList<>(pieces.size());
        for (Piece piece : pieces) {
            if (piece.asLine().filter(venue::contains).isEmpty()) {
                kept.add(piece);
            }
        }
        return new Result(kept, notes, starts, venue.size());
    }

    /**
     * The column's last lines set at least 0.8 pt below the body size, when more than the body's line
     * spacing (their baselines 1.4 lines apart) separates them from the text above; empty when there
     * are none.
     */
    private static List<Line> foot(List<Line> column, float body) {
        int first = column.size();
        while (first > 0 && column.get(first - 1).size() <= body - 0.8f) {
            first--;
        }
        if (first == column.size() || first == 0) {
            return List.of();
        }
        Line above = column.get(first - 1);
        if (column.get(first).bottom() - above.bottom() < 1.4f * above.size()) {
            return List.of();
        }
        return column.subList(first, column.size());
    }

    private static Set<Line> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }
}
