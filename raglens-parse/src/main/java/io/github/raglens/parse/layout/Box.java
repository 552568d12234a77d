package io.github.raglens.parse.layout;

import io.github.raglens.parse.glyphs.Word;
import java.util.ArrayList;
import java.util.List;

/**
 * A box on a page in points, measured from the page's top-left corner: a table's, a region's, a
 * caption's. A word is inside a box when its centre is.
 *
 * @param top top edge
 * @param left left edge
 * @param bottom bottom edge
 * @param right right edge
 */
public record Box(float top, float left, float bottom, float right) {

    /** Whether the word's centre lies inside the box, on its edges included. */
    public boolean holds(Word w) {
        float cx = w.centerX();
        return cx >= left && cx <= right && level(w);
    }

    /** Whether the word's middle lies at a height inside the box, edges included, whatever its side. */
    public boolean level(Word w) {
        float cy = w.centerY();
        return cy >= top && cy <= bottom;
    }

    /** This box with every edge moved out by {@code by} points. */
    public Box grown(float by) {
        return new Box(top - by, left - by, bottom + by, right + by);
    }

    /** Whether the two boxes share an area (touching edges do not). */
    public boolean overlaps(Box o) {
        return o.left < right && left < o.right && o.top < bottom && top < o.bottom;
    }

    /** Whether this box holds another, give or take two points on each side. */
    public boolean surrounds(Box o) {
        return left <= o.left + 2 && right >= o.right - 2 && top <= o.top + 2 && bottom >= o.bottom - 2;
    }

    /** The words of the rows that lie inside the box, row by row; rows with none are left out. */
    public List<List<Word>> inside(List<List<Word>> rows) {
        List<List<Word>> out = new ArrayList<>();
        for (List<Word> row : rows) {
            List<Word> in = new ArrayList<>();
            for (Word w : row) {
                if (holds(w)) {
                    in.add(w);
                }
            }
            if (!in.isEmpty()) {
                out.add(in);
            }
        }
        return out;
    }
}
