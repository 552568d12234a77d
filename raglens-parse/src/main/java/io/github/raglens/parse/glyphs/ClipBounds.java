package io.github.raglens.parse.glyphs;

import java.awt.geom.AffineTransform;
import java.awt.geom.Area;
import java.awt.geom.Path2D;
import java.awt.geom.PathIterator;
import java.awt.geom.Rectangle2D;
import java.util.List;
import org.apache.pdfbox.pdmodel.graphics.state.PDGraphicsState;

/**
 * The bounds of the current clipping path, in page space, as Tabula's page reader measures them (the
 * bounds of PDFBox's clipping {@link Area}). The clipping path is the intersection of the paths PDFBox
 * keeps; when each of them is an axis-aligned rectangle (the usual {@code re W n}) the intersection
 * is the rectangle where they overlap, found here without the area arithmetic PDFBox redoes after
 * every change of the clip (charts set a clip per drawn element). Any other clip goes through PDFBox.
 *
 * <p>Not thread-safe: one instance per text pass, {@link #startPage} per page.
 */
final class ClipBounds {

    private AffineTransform pageTransform = new AffineTransform();
    private List<Path2D> lastPaths;
    private int lastCount;
    private Rectangle2D lastBounds;

    /** Sets the transform from device space to page space and forgets the last clip. */
    void startPage(AffineTransform pageTransform) {
        this.pageTransform = pageTransform;
        lastPaths = null;
    }

    /**
     * The bounds of the state's clipping path in page space. PDFBox shares a list of clipping paths
     * between copies of a state and only ever appends to it in place, so the bounds are cached by the
     * list and its length.
     */
    Rectangle2D of(PDGraphicsState state) {
        List<Path2D> paths = state.getCurrentClippingPaths();
        if (paths != lastPaths || paths.size() != lastCount) {
            lastPaths = paths;
            lastCount = paths.size();
            Rectangle2D overlap = rectanglesOverlap(paths);
            lastBounds = pageTransform
                    .createTransformedShape(overlap != null ? overlap : state.getCurrentClippingPath())
                    .getBounds2D();
        }
        return lastBounds;
    }

    /**
     * The rectangle where all paths overlap, in device space, when each is one axis-aligned rectangle
     * and they overlap with a positive area; null otherwise.
     */
    static Rectangle2D rectanglesOverlap(List<Path2D> paths) {
        if (paths.isEmpty()) {
            return null;
        }
        double minX = Double.NEGATIVE_INFINITY;
        double minY = Double.NEGATIVE_INFINITY;
        double maxX = Double.POSITIVE_INFINITY;
        double maxY = Double.POSITIVE_INFINITY;
        double[] box = new double[4];
        for (Path2D path : paths) {
            if (!rectangle(path, box)) {
                return null;
            }
            minX = Math.max(minX, box[0]);
            minY = Math.max(minY, box[1]);
            maxX = Math.min(maxX, box[2]);
            maxY = Math.min(maxY, box[3]);
        }
        if (!(minX < maxX && minY < maxY)) {
            return null; // an empty clip: PDFBox's area says what it is
        }
        // width and height as differences, as an Area's bounds hold them
        return new Rectangle2D.Double(minX, minY, maxX - minX, maxY - minY);
    }

    /**
     * Whether a path is one axis-aligned rectangle: a move to a corner, lines along the axes through
     * all four corners (back to the first, or closed); its {min x, min y, max x, max y} go to box.
     */
    private static boolean rectangle(Path2D path, double[] box) {
        PathIterator it = path.getPathIterator(null);
        double[] c = new double[6];
        double[] xs = new double[5];
        double[] ys = new double[5];
        int n = 0;
        boolean closed = false;
        for (; !it.isDone(); it.next()) {
            int segment = it.currentSegment(c);
            if (closed || (segment == PathIterator.SEG_MOVETO) != (n == 0)) {
                return false; // more than one subpath, or one not starting with a move
            }
            if (segment == PathIterator.SEG_CLOSE) {
                closed = true;
            } else if (segment == PathIterator.SEG_MOVETO || segment == PathIterator.SEG_LINETO) {
                if (n == 5) {
                    return false;
                }
                xs[n] = c[0];
                ys[n] = c[1];
                n++;
            } else {
                return false; // a curve
            }
        }
        if (n == 5) {
            if (xs[4] != xs[0] || ys[4] != ys[0]) {
                return false;
            }
            n = 4;
        }
        if (n != 4) {
            return false;
        }
        box[0] = Math.min(Math.min(xs[0], xs[1]), Math.min(xs[2], xs[3]));
        box[1] = Math.min(Math.min(ys[0], ys[1]), Math.min(ys[2], ys[3]));
        box[2] = Math.max(Math.max(xs[0], xs[1]), Math.max(xs[2], xs[3]));
        box[3] = Math.max(Math.max(ys[0], ys[1]), Math.max(ys[2], ys[3]));
        int corners = 0;
        for (int i = 0; i < 4; i++) {
            int j = (i + 1) % 4;
            if (xs[i] != xs[j] && ys[i] != ys[j]) {
                return false; // an edge off the axes
            }
            boolean left = xs[i] == box[0];
            boolean bottom = ys[i] == box[1];
            if ((!left && xs[i] != box[2]) || (!bottom && ys[i] != box[3])) {
                return false;
            }
            corners |= 1 << ((left ? 0 : 1) + (bottom ? 0 : 2));
        }
        return corners == 0b1111;
    }
}
