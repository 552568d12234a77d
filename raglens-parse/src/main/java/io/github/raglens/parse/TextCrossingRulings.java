package io.github.raglens.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import technology.tabula.Page;
import technology.tabula.Rectangle;
import technology.tabula.Ruling;

/**
 * Drops the vertical rulings of a page that cut through its text before a lattice reading: the edges
 * of shading drawn a little inside a cell, or of a highlight behind a word, are no cell borders.
 */
final class TextCrossingRulings {

    private TextCrossingRulings() {}

    /**
     * The page without those rulings (a lattice reading would cut the text they cross: the first
     * letter of every row label, in a report that shades its label cells), or the page itself when
     * none cuts its text. Horizontal edges stay: shaded rows drawn over their text's descenders still
     * part rows.
     */
    @SuppressWarnings("deprecation") // Tabula offers no other way to copy a page with its index and char sizes
    static Page removed(Page page) {
        List<Ruling> kept = new ArrayList<>();
        for (Ruling r : page.getUnprocessedRulings()) {
            if (!throughText(page, r)) {
                kept.add(r);
            }
        }
        if (kept.size() == page.getUnprocessedRulings().size()) {
            return page;
        }
        return new Page(
                page.getTop(),
                page.getLeft(),
                (float) page.getWidth(),
                (float) page.getHeight(),
                page.getRotation(),
                page.getPageNumber(),
                page.getPDPage(),
                page.getPDDoc(),
                page.getText(),
                kept,
                page.getMinCharWidth(),
                page.getMinCharHeight(),
                page.getSpatialIndex());
    }

    /**
     * Whether a vertical ruling cuts through a glyph in at least half of the text lines along it (a
     * cell border that one overlong word overruns is still a border).
     */
    private static boolean throughText(Page page, Ruling r) {
        if (!r.vertical()) {
            return false;
        }
        float inset = 0.5f;
        float x = r.getLeft();
        // the index returns the glyphs wholly inside a box: one reaching a glyph's width beyond the line
        float reach = 30;
        Rectangle near = new Rectangle(r.getTop(), x - reach, 2 * reach, r.getBottom() - r.getTop());
        Set<Integer> lines = new HashSet<>();
        Set<Integer> cut = new HashSet<>();
        for (var g : page.getText(near)) {
            if (g.getText().isBlank()) {
                continue;
            }
            int line = Math.round(g.getBottom());
            lines.add(line);
            if (g.getLeft() + inset < x && x < g.getRight() - inset) {
                cut.add(line);
            }
        }
        return !cut.isEmpty() && cut.size() * 2 >= lines.size();
    }
}
