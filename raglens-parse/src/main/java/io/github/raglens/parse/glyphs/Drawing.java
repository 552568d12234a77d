package io.github.raglens.parse.glyphs;

/**
 * Where a drawing stands on a page: the box around painted shapes that touch one another, one of
 * them at least curved or slanted (a chart's plotted lines, a diagram's rounded boxes and arrow
 * heads), in page space (origin at the top-left corner, y down). Ruling lines and the straight frames
 * of boxed text draw no such shape, and shapes of the page's size (a background) are left out.
 *
 * @param left left edge in points
 * @param top top edge in points
 * @param right right edge in points
 * @param bottom bottom edge in points
 */
public record Drawing(float left, float top, float right, float bottom) {

    /** How far a word may stand out of the drawing's box and still be in it, in points. */
    private static final float SLACK = 2f;

    /** Whether a word lies inside the drawing. */
    public boolean holds(Word w) {
        return w.x0() >= left - SLACK
                && w.x1() <= right + SLACK
                && w.top() >= top - SLACK
                && w.bottom() <= bottom + SLACK;
    }
}
