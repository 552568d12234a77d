package io.github.raglens.parse.glyphs;

import java.awt.geom.Point2D;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.state.PDGraphicsState;
import org.apache.pdfbox.util.Matrix;
import technology.tabula.Ruling;

/**
 * What the paths drawn on one page leave for the stages after: how many thin horizontal and vertical
 * lines it shows (straight segments and thin rectangles, the table finder's evidence of a ruled
 * table), where its drawings stand ({@link DrawnShapes}), and Tabula's rulings, built by a {@link
 * RulingPath} from the same operators. Points arrive in
 * user space with the graphics state they are drawn in.
 *
 * <p>Not thread-safe: one instance per text pass, {@link #startPage} per page.
 */
final class PagePaths {

    private final RulingPath rulingPath = new RulingPath();
    private final DrawnShapes shapes = new DrawnShapes();
    private PDRectangle box = PDRectangle.LETTER;
    private int horizontal;
    private int vertical;
    /** The path's current point on the page (top-left origin), where a segment drawn next starts. */
    private float pathX;

    private float pathY;

    /** Starts a page: its counts at zero, its rulings empty. */
    void startPage(PDPage page) {
        box = page.getCropBox();
        horizontal = 0;
        vertical = 0;
        rulingPath.startPage(page);
        shapes.startPage(box.getWidth(), box.getHeight(), Math.floorMod(page.getRotation(), 360) == 0);
    }

    /** Thin horizontal lines or rectangles at least 20 points long drawn on the page so far. */
    int horizontal() {
        return horizontal;
    }

    /** Thin vertical lines or rectangles at least 10 points long drawn on the page so far. */
    int vertical() {
        return vertical;
    }

    /** The drawings of the page so far (charts, diagrams), in page space. */
    List<Drawing> drawings() {
        return shapes.drawings();
    }

    /** Tabula's rulings of the page so far, in page space. */
    List<Ruling> rulings() {
        return rulingPath.rulings();
    }

    void moveTo(PDGraphicsState state, float x, float y) {
        Point2D.Float p = toPage(state, x, y);
        pathX = p.x;
        pathY = p.y;
        shapes.moveTo(p.x, p.y);
        Point2D.Float d = device(state, x, y);
        rulingPath.moveTo(d.x, d.y);
    }

    void lineTo(PDGraphicsState state, float x, float y) {
        Point2D.Float p = toPage(state, x, y);
        count(pathX, pathY, p.x, p.y);
        pathX = p.x;
        pathY = p.y;
        shapes.lineTo(p.x, p.y);
        Point2D.Float d = device(state, x, y);
        rulingPath.lineTo(d.x, d.y);
    }

    void rectangle(PDGraphicsState state, float x, float y, float w, float h) {
        Point2D.Float a = toPage(state, x, y);
        Point2D.Float b = toPage(state, x + w, y + h);
        count(a.x, a.y, b.x, b.y);
        shapes.rectangle(a.x, a.y, b.x, b.y);
        rulingPath.rectangle(
                device(state, x, y), device(state, x + w, y), device(state, x + w, y + h), device(state, x, y + h));
    }

    /**
     * A Bézier curve from the current point: "c" (kind 0: two control points and the end, six numbers),
     * "v" (1: the first control point is the current point) or "y" (2: the second is the end point).
     */
    void curveTo(PDGraphicsState state, int kind, float[] v) {
        for (int k = 0; k + 1 < v.length; k += 2) {
            Point2D.Float p = toPage(state, v[k], v[k + 1]);
            shapes.curvePoint(p.x, p.y);
        }
        Point2D current = rulingPath.currentPoint();
        Point2D.Float p1;
        Point2D.Float p2;
        Point2D.Float p3;
        if (kind == 0) {
            p1 = device(state, v[0], v[1]);
            p2 = device(state, v[2], v[3]);
            p3 = device(state, v[4], v[5]);
        } else if (kind == 1) {
            p2 = device(state, v[0], v[1]);
            p3 = device(state, v[2], v[3]);
            p1 = current == null ? p3 : new Point2D.Float((float) current.getX(), (float) current.getY());
        } else {
            p1 = device(state, v[0], v[1]);
            p3 = device(state, v[2], v[3]);
            p2 = p3;
        }
        rulingPath.curveTo(p1.x, p1.y, p2.x, p2.y, p3.x, p3.y);
    }

    void closePath() {
        rulingPath.closePath();
    }

    void paint(PDGraphicsState state) {
        shapes.paint();
        rulingPath.paint(state);
    }

    void endPath(PDGraphicsState state) {
        shapes.endPath();
        rulingPath.endPath(state);
    }

    void clip(int windingRule) {
        rulingPath.clip(windingRule);
    }

    /** Counts a segment from (x0, y0) to (x1, y1) on the page when it is a thin horizontal or vertical line. */
    private void count(float x0, float y0, float x1, float y1) {
        float w = Math.abs(x1 - x0);
        float h = Math.abs(y1 - y0);
        if (h <= 2f && w >= 20f) {
            horizontal++;
        } else if (w <= 2f && h >= 10f) {
            vertical++;
        }
    }

    /** A point on the page, its origin at the crop box's top-left corner, y down. */
    private Point2D.Float toPage(PDGraphicsState state, float x, float y) {
        Point2D.Float p = state.getCurrentTransformationMatrix().transformPoint(x, y);
        return new Point2D.Float(p.x - box.getLowerLeftX(), box.getUpperRightY() - p.y);
    }

    /** A point in device space (after the current transformation matrix), computed as PDFBox's graphics engine does. */
    private static Point2D.Float device(PDGraphicsState state, float x, float y) {
        Matrix m = state.getCurrentTransformationMatrix();
        return new Point2D.Float(
                (float) ((double) m.getScaleX() * x + (double) m.getShearX() * y + m.getTranslateX()),
                (float) ((double) m.getShearY() * x + (double) m.getScaleY() * y + m.getTranslateY()));
    }
}
