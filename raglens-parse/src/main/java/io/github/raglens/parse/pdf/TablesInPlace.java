package io.github.raglens.parse.pdf;

import io.github.raglens.model.Table;
import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.layout.Line;
import io.github.raglens.parse.tables.FoundTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Puts each page's tables in the reading order in place of the words they cover: a table stands where
 * its first word was, the lines it cut through keep the rest of their words, and a table whose words
 * were all running lines follows the page's lines. A table's row that is a running header or footer
 * (a line of the laid-out page that running-line removal took out) is left out of it.
 */
final class TablesInPlace {

    private static final Pattern NOT_LETTER_OR_DIGIT = Pattern.compile("[^\\p{L}\\p{Nd}]");

    private TablesInPlace() {}

    /**
     * The pieces of every page, in order.
     *
     * @param pages the pages as read
     * @param tables the tables found on each page, by page (by identity); a page may have none
     * @param laidOut the lines of each page in reading order
     * @param kept the same lines without the running headers, footers and page numbers
     */
    static List<Piece> pieces(
            List<PageText> pages,
            Map<PageText, List<FoundTable>> tables,
            List<List<Line>> laidOut,
            List<List<Line>> kept) {
        List<Piece> out = new ArrayList<>();
        for (int i = 0; i < pages.size(); i++) {
            PageText page = pages.get(i);
            List<Line> lines = kept.get(i);
            List<FoundTable> onPage = tables.getOrDefault(page, List.of());
            if (onPage.isEmpty()) {
                lines.forEach(line -> out.add(new Piece.LinePiece(line)));
                continue;
            }
            Set<String> running = runningKeys(laidOut.get(i), lines);
            List<FoundTable> found = new ArrayList<>();
            for (FoundTable f : onPage) {
                found.add(running.isEmpty() ? f : f.withoutRows(row -> running.contains(rowKey(row))));
            }
            Set<FoundTable> placed = Collections.newSetFromMap(new IdentityHashMap<>());
            for (Line line : lines) {
                List<Word> words = new ArrayList<>();
                for (Word w : line.words()) {
                    FoundTable in = tableOf(found, w);
                    if (in == null) {
                        words.add(w);
                    } else if (placed.add(in)) {
                        out.add(new Piece.TablePiece(new Table(page.page(), in.rows())));
                    }
                }
                if (!words.isEmpty()) {
                    out.add(new Piece.LinePiece(
                            words.size() == line.words().size() ? line : new Line(line.page(), line.column(), words)));
                }
            }
            for (FoundTable f : found) {
                if (!placed.contains(f)) {
                    out.add(new Piece.TablePiece(new Table(page.page(), f.rows())));
                }
            }
        }
        return out;
    }

    /** The first of the tables that contains the word, or null. */
    private static FoundTable tableOf(List<FoundTable> tables, Word w) {
        for (FoundTable f : tables) {
            if (f.contains(w)) {
                return f;
            }
        }
        return null;
    }

    /**
     * The letters and digits of each running line removed from a page, and of those at one height
     * joined left to right (a header with a tab between its parts is two lines).
     */
    private static Set<String> runningKeys(List<Line> all, List<Line> kept) {
        Set<Line> stayed = Collections.newSetFromMap(new IdentityHashMap<>());
        stayed.addAll(kept);
        Set<String> out = new HashSet<>();
        Map<Integer, List<Line>> byHeight = new TreeMap<>();
        for (Line line : all) { // in reading order, so lines at one height and edge join the same way every time
            if (stayed.contains(line)) {
                continue;
            }
            out.add(key(line.text()));
            byHeight.computeIfAbsent(Math.round(line.top()), k -> new ArrayList<>())
                    .add(line);
        }
        for (List<Line> row : byHeight.values()) {
            row.sort((a, b) -> Float.compare(a.x0(), b.x0()));
            StringBuilder b = new StringBuilder();
            row.forEach(line -> b.append(line.text()));
            out.add(key(b.toString()));
        }
        out.remove("");
        return out;
    }

    private static String rowKey(List<String> row) {
        return key(String.join("", row));
    }

    private static String key(String text) {
        return NOT_LETTER_OR_DIGIT.matcher(text).replaceAll("");
    }
}
