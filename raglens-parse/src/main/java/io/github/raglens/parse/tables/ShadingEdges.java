package io.github.raglens.parse.tables;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import technology.tabula.Page;
import technology.tabula.Rectangle;
import technology.tabula.Ruling;
import technology.tabula.TextElement;

/**
 * Drops the vertical rulings of a page that are no cell borders before a lattice reading: the edges of
 * shading drawn a little inside a cell, or of a highlight behind a word, which cut through its text or
 * run a few points beside a border.
 */
final class ShadingEdges {

    /** The widest gap between shading's edge and the cell border beside it, in points. */
    private static final float SLIVER = 8;

    private ShadingEdges() {}

    /**
     * The page without those rulings (a lattice reading would cut the text they cross, the first
     * letter of every row label in a report that shades its label cells, and add empty columns
     * beside borders), or the page itself when there are none. Horizontal edges stay: shaded rows
     * drawn over their text's descenders still part rows.
     */
    static Page removed(Page page) {
        List<Ruling> kept = new ArrayList<>();
        for (Ruling r : page.getUnprocessedRulings()) {
            if (!throughText(page, r) && !besideBorder(page, r)) {
                kept.add(r);
            }
        }
        if (kept.size() == page.getUnprocessedRulings().size()) {
            return page;
        }
        return new WithOtherRulings(page, kept);
    }

    /**
     * A page with other rulings than the page it copies, whose glyphs it reads from that page when they
     * are asked for all at once, not when it is made: putting a page's glyphs in Tabula's order is
     * costly, and a lattice reading only asks the index, which both pages share.
     */
    @SuppressWarnings("serial") // Tabula's Page is serializable through java.awt.geom; nothing serializes this one
    private static final class WithOtherRulings extends Page {

        private final Page original;

        @SuppressWarnings("deprecation") // Tabula offers no other way to copy a page with its index and char sizes
        WithOtherRulings(Page original, List<Ruling> rulings) {
            super(
                    original.getTop(),
                    original.getLeft(),
                    (float) original.getWidth(),
                    (float) original.getHeight(),
                    original.getRotation(),
                    original.getPageNumber(),
                    original.getPDPage(),
                    original.getPDDoc(),
                    null,
                    rulings,
                    original.getMinCharWidth(),
                    original.getMinCharHeight(),
                    original.getSpatialIndex());
            this.original = original;
        }

        @Override
        public List<TextElement> getText() {
            return original.getText();
        }

        @Override
        @Deprecated
        public List<TextElement> getTexts() {
            return getText();
        }

        @Override
        @Deprecated
        public boolean hasText() {
            return !getText().isEmpty();
        }
    }

    /**
     * Whether a vertical ruling is the edge of shading drawn a few points inside a cell: a longer
     * border runs beside it along all its length with no text between them. Taken for a border, it
     * would part an empty sliver column from its cell, and a header whose shading differs from the
     * body's would fall in other columns than the figures below it.
     */
    private static boolean besideBorder(Page page, Ruling r) {
        if (!r.vertical()) {
            return false;
        }
        for (Ruling border : page.getVerticalRulings()) {
            float gap = Math.abs(border.getLeft() - r.getLeft());
            if (gap > 0
                    && gap <= SLIVER
                    && border.length() > r.length() + 1
                    && border.getTop() <= r.getTop() + 1
                    && border.getBottom() >= r.getBottom() - 1
                    && page
                            .getText(new Rectangle(
                                    r.getTop(), Math.min(r.getLeft(), border.getLeft()), gap, (float) r.length()))
                            .stream()
                            .allMatch(g -> g.getText().isBlank())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a vertical ruling cuts through a glyph in at least half of the text lines along it (a
     * cell border that one overlong word overruns is still a border). A ruling a hair inside a glyph's
     * box cuts it too: a lattice cell keeps only the glyphs wholly inside it, and shading drawn from
     * where its label starts has its edge within a rounding of the first letter's left side.
     */
    private static boolean throughText(Page page, Ruling r) {
        if (!r.vertical()) {
            return false;
        }
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
            if (g.getLeft() < x && x < g.getRight()) {
                cut.add(line);
            }
        }
        return !cut.isEmpty() && cut.size() * 2 >= lines.size();
    }
}
