package io.github.raglens.parse.tables;

import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.layout.Box;
import java.util.List;
import java.util.function.Predicate;

/**
 * A table found on a page: its cells and where it stands.
 *
 * @param rows the cells, first row the header
 * @param page 1-based page
 * @param box the table's box on the page
 */
public record FoundTable(List<List<String>> rows, int page, Box box) {

    /** Whether a word is the table's: its centre inside the box, give or take a point. */
    public boolean contains(Word w) {
        return box.grown(1).holds(w);
    }

    /** This table without the rows that match, or itself when none does. */
    public FoundTable withoutRows(Predicate<List<String>> drop) {
        List<List<String>> kept = rows.stream().filter(drop.negate()).toList();
        return kept.size() == rows.size() ? this : new FoundTable(kept, page, box);
    }
}
