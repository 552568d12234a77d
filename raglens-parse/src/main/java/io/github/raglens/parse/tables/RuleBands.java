package io.github.raglens.parse.tables;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import technology.tabula.Page;
import technology.tabula.Rectangle;
import technology.tabula.Ruling;

/**
 * Finds tables drawn with horizontal rules only, as booktabs tables and many statistical reports set
 * them: three or more rules of one width stacked with no vertical line between them bound a table
 * whose columns come from its words. Lattice extraction needs vertical lines and misses these.
 */
final class RuleBands {

    /** Rules whose ends lie this close are of one width. */
    private static final float SAME_END = 3;

    /** Rules farther apart than this bound no row of one table. */
    private static final float MAX_ROW = 150;

    /**
     * One table's area, from its top rule to its bottom rule, and the heights of its rules.
     *
     * @param area the area between the top and bottom rules
     * @param rules the rules' heights from the page top, top to bottom
     */
    record Band(Rectangle area, List<Float> rules) {

        Band {
            rules = List.copyOf(rules);
        }

        /**
         * The table's rows: the text lines between two rules are one row, a cell's lines joined by
         * spaces, so a cell wrapped over several lines stays one cell; but a line that fills as many
         * cells as the fullest line of the table starts a row of its own, as in tables that rule only
         * their head and foot (each line there a row), unless the lines above it between the same
         * rules have no such line: those are the first lines of a cell centred vertically beside it.
         *
         * @param lines the cells of each text line, left to right
         * @param centers the height of each text line's middle from the page top
         */
        List<List<String>> rows(List<List<String>> lines, List<Float> centers) {
            int fullest = 0;
            for (List<String> line : lines) {
                fullest = Math.max(fullest, filled(line));
            }
            List<List<String>> out = new ArrayList<>();
            int open = -1;
            boolean openHasFull = false;
            for (int i = 0; i < lines.size(); i++) {
                int between = 0;
                while (between < rules.size() && rules.get(between) < centers.get(i)) {
                    between++;
                }
                boolean full = filled(lines.get(i)) >= Math.max(2, fullest);
                if (between != open || out.isEmpty() || full && openHasFull) {
                    out.add(new ArrayList<>(lines.get(i)));
                    open = between;
                    openHasFull = full;
                    continue;
                }
                openHasFull |= full;
                List<String> row = out.getLast();
                List<String> line = lines.get(i);
                for (int c = 0; c < line.size(); c++) {
                    String cell = line.get(c);
                    if (c >= row.size()) {
                        row.add(cell);
                    } else if (!cell.isBlank()) {
                        row.set(c, row.get(c).isBlank() ? cell : row.get(c) + " " + cell);
                    }
                }
            }
            return out;
        }
    }

    private static int filled(List<String> line) {
        int n = 0;
        for (String cell : line) {
            n += cell.isBlank() ? 0 : 1;
        }
        return n;
    }

    private RuleBands() {}

    /** The areas, top to bottom, each from its top rule to its bottom rule. */
    static List<Band> find(Page page) {
        List<Ruling> rules = new ArrayList<>(page.getHorizontalRulings());
        if (rules.size() < 3) {
            return List.of();
        }
        rules.sort(Comparator.comparingDouble(Ruling::getTop));
        boolean[] used = new boolean[rules.size()];
        List<Band> out = new ArrayList<>();
        for (int i = 0; i < rules.size(); i++) {
            if (used[i]) {
                continue;
            }
            Ruling first = rules.get(i);
            Ruling last = first;
            List<Float> heights = new ArrayList<>(List.of(first.getTop()));
            for (int j = i + 1; j < rules.size(); j++) {
                Ruling r = rules.get(j);
                if (r.getTop() - last.getTop() > MAX_ROW) {
                    break;
                }
                if (!used[j]
                        && Math.abs(r.getLeft() - first.getLeft()) < SAME_END
                        && Math.abs(r.getRight() - first.getRight()) < SAME_END) {
                    used[j] = true;
                    heights.add(r.getTop());
                    last = r;
                }
            }
            Rectangle band = new Rectangle(
                    first.getTop(),
                    first.getLeft(),
                    first.getRight() - first.getLeft(),
                    last.getTop() - first.getTop());
            if (heights.size() >= 3 && band.getHeight() > 20 && !crossed(band, page.getVerticalRulings())) {
                out.add(new Band(band, heights));
            }
        }
        return out;
    }

    /** Whether a vertical line runs inside the band: then it is a lattice table's. */
    private static boolean crossed(Rectangle band, List<Ruling> verticals) {
        for (Ruling v : verticals) {
            float x = v.getLeft();
            if (x > band.getLeft() + SAME_END
                    && x < band.getRight() - SAME_END
                    && v.getBottom() > band.getTop()
                    && v.getTop() < band.getBottom()) {
                return true;
            }
        }
        return false;
    }
}
