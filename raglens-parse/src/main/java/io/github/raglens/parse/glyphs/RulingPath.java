package io.github.raglens.parse.glyphs;

import java.awt.geom.AffineTransform;
import java.awt.geom.GeneralPath;
import java.awt.geom.Line2D;
import java.awt.geom.PathIterator;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.state.PDGraphicsState;
import technology.tabula.Ruling;

/**
 * Builds Tabula's ruling lines from the path operators of a page while our text pass runs, so Tabula
 * never has to read the page a second time. It follows what Tabula's own page reader does: a painted
 * path made only of straight segments becomes one ruling per segment, clipped to the bounds of the
 * current clipping path; a path with a curve is no ruling; "W n" narrows the clipping path. Points
 * arrive in device space (after the current transformation matrix).
 *
 * <p>Not thread-safe: one instance per text pass, {@link #startPage} per page.
 */
final class RulingPath {

    private GeneralPath path = new GeneralPath();
    private final List<Ruling> rulings = new ArrayList<>();
    private AffineTransform pageTransform = new AffineTransform();
    private int clipWindingRule = -1;
    private final ClipBounds clipBounds = new ClipBounds();

    /** Clears the rulings and sets the transform from device space to page space (top-left origin). */
    void startPage(PDPage page) {
        rulings.clear();
        // a fresh path per page, as Tabula's reader has: its iteration reads one segment past the end of a
        // reset path, so what an earlier page left in the arrays would leak into this page's rulings
        path = new GeneralPath();
        clipWindingRule = -1;
        pageTransform = deviceToPage(page.getCropBox(), page.getRotation());
        clipBounds.startPage(pageTransform);
    }

    /**
     * Device space (origin bottom-left of the media box, y up) to the page space Tabula's text uses:
     * origin at the crop box's top-left, y down; a page turned by a quarter (90 or 270 degrees) has
     * its axes swapped too, while 180 degrees is treated as upright, as Tabula does.
     */
    static AffineTransform deviceToPage(PDRectangle box, int rotation) {
        float x0 = box.getLowerLeftX();
        float y0 = box.getLowerLeftY();
        // new AffineTransform(m00, m10, m01, m11, m02, m12): x' = m00 x + m01 y + m02, y' = m10 x + m11 y + m12
        return switch (Math.floorMod(rotation, 360)) {
            case 90 -> new AffineTransform(0, 1, 1, 0, -y0, -x0); // x' = y - y0, y' = x - x0
            case 270 -> new AffineTransform(0, -1, -1, 0, y0, x0); // x' = y0 - y, y' = x0 - x
            default -> new AffineTransform(1, 0, 0, -1, -x0, box.getHeight() + y0); // x' = x - x0, y' = h - (y - y0)
        };
    }

    /** The rulings painted on the page so far, in page space. */
    List<Ruling> rulings() {
        return rulings;
    }

    Point2D currentPoint() {
        return path.getCurrentPoint();
    }

    void moveTo(float x, float y) {
        path.moveTo(x, y);
    }

    void lineTo(float x, float y) {
        if (path.getCurrentPoint() == null) {
            path.moveTo(x, y);
        } else {
            path.lineTo(x, y);
        }
    }

    void curveTo(float x1, float y1, float x2, float y2, float x3, float y3) {
        if (path.getCurrentPoint() == null) {
            path.moveTo(x3, y3);
        } else {
            path.curveTo(x1, y1, x2, y2, x3, y3);
        }
    }

    void closePath() {
        if (path.getCurrentPoint() != null) {
            path.closePath();
        }
    }

    void rectangle(Point2D p0, Point2D p1, Point2D p2, Point2D p3) {
        path.moveTo((float) p0.getX(), (float) p0.getY());
        path.lineTo((float) p1.getX(), (float) p1.getY());
        path.lineTo((float) p2.getX(), (float) p2.getY());
        path.lineTo((float) p3.getX(), (float) p3.getY());
        path.closePath();
    }

    /** "W" or "W*": the path narrows the clipping path when it is ended. */
    void clip(int windingRule) {
        clipWindingRule = windingRule;
    }

    /** "n": ends the path without painting, applying a pending clip. */
    void endPath(PDGraphicsState state) {
        if (clipWindingRule != -1) {
            path.setWindingRule(clipWindingRule);
            state.intersectClippingPath(path);
            clipWindingRule = -1;
        }
        path.reset();
    }

    /** A stroke or fill: each straight segment of a path without curves becomes a ruling. */
    void paint(PDGraphicsState state) {
        if (!straight()) {
            path.reset();
            return;
        }
        Rectangle2D clip = null;
        PathIterator it = path.getPathIterator(pageTransform);
        float[] c = new float[6];
        it.currentSegment(c);
        Point2D.Float start = new Point2D.Float(TabulaPages.round2(c[0]), TabulaPages.round2(c[1]));
        Point2D.Float lastMove = start;
        Point2D.Float end = null;
        while (!it.isDone()) {
            it.next();
            int segment;
            try {
                segment = it.currentSegment(c);
            } catch (IndexOutOfBoundsException e) {
                continue; // past the last segment
            }
            switch (segment) {
                case PathIterator.SEG_LINETO -> {
                    end = new Point2D.Float(c[0], c[1]);
                    clip = add(start, end, clip, state);
                }
                case PathIterator.SEG_MOVETO -> {
                    lastMove = new Point2D.Float(c[0], c[1]);
                    end = lastMove;
                }
                case PathIterator.SEG_CLOSE -> {
                    if (end != null) {
                        clip = add(end, lastMove, clip, state);
                    }
                }
                default -> {
                    // curves were rejected above
                }
            }
            start = end;
        }
        path.reset();
    }

    private Rectangle2D add(Point2D.Float a, Point2D.Float b, Rectangle2D clip, PDGraphicsState state) {
        if (a == null || b == null) {
            return clip;
        }
        Rectangle2D bounds = clip != null ? clip : clipBounds.of(state);
        Line2D.Float line = before(a, b) ? new Line2D.Float(a, b) : new Line2D.Float(b, a);
        if (line.intersects(bounds)) {
            Ruling r = new Ruling(line.getP1(), line.getP2()).intersect(bounds);
            if (r.length() > 0.01f) {
                rulings.add(r);
            }
        }
        return bounds;
    }

    /** Whether a comes strictly before b, top to bottom then left to right (on coordinates rounded to 0.01). */
    private static boolean before(Point2D a, Point2D b) {
        float ay = TabulaPages.round2(a.getY());
        float by = TabulaPages.round2(b.getY());
        if (ay != by) {
            return ay < by;
        }
        return TabulaPages.round2(a.getX()) < TabulaPages.round2(b.getX());
    }

    /** Whether the path starts with a move and has only moves, lines and closes. */
    private boolean straight() {
        PathIterator it = path.getPathIterator(pageTransform);
        float[] c = new float[6];
        if (it.isDone() || it.currentSegment(c) != PathIterator.SEG_MOVETO) {
            return false;
        }
        it.next();
        while (!it.isDone()) {
            int s = it.currentSegment(c);
            if (s != PathIterator.SEG_LINETO && s != PathIterator.SEG_CLOSE && s != PathIterator.SEG_MOVETO) {
                return false;
            }
            it.next();
        }
        return true;
    }
}
