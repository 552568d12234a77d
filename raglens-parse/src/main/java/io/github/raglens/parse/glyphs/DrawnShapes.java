package io.github.raglens.parse.glyphs;

import java.util.ArrayList;
import java.util.List;

/**
 * Gathers the shapes painted on a page, in page space, into the {@linkplain Drawing drawings} they
 * make: each painted path's box, and whether it holds a curve or a slanted segment. Thin straight
 * lines (rulings, a chart's ticks) are left out, so that a table's rules next to a chart never join
 * it to the chart, nor do paths covering most of the page (a background).
 *
 * <p>Not thread-safe: one instance per text pass, {@link #startPage} per page.
 */
final class DrawnShapes {

    /** Shapes kept per page at most: a plot of many thousands of points is one drawing long before. */
    private static final int MAX_SHAPES = 4_000;

    /** How near two shapes must come to belong to one drawing, in points. */
    private static final float TOUCH = 3f;

    /** Width or height under which a straight shape is a line, not an area. */
    private static final float THIN = 2f;

    private final List<float[]> shapes = new ArrayList<>();
    private final List<Boolean> drawn = new ArrayList<>();
    private float pageWidth;
    private float pageHeight;
    private boolean upright;
    private float left;
    private float top;
    private float right;
    private float bottom;
    private boolean curved;
    private float lastX;
    private float lastY;

    /** Starts a page of the given size; a page turned by its /Rotate keeps no drawings. */
    void startPage(float width, float height, boolean upright) {
        shapes.clear();
        drawn.clear();
        pageWidth = width;
        pageHeight = height;
        this.upright = upright;
        reset();
    }

    void moveTo(float x, float y) {
        extend(x, y);
        lastX = x;
        lastY = y;
    }

    void lineTo(float x, float y) {
        if (!Float.isNaN(lastX) && Math.abs(x - lastX) > THIN && Math.abs(y - lastY) > THIN) {
            curved = true; // slanted: an arrow head, a plotted line
        }
        extend(x, y);
        lastX = x;
        lastY = y;
    }

    void rectangle(float x0, float y0, float x1, float y1) {
        extend(x0, y0);
        extend(x1, y1);
        lastX = x0;
        lastY = y0;
    }

    /** A point of a curve (a control point or its end): the curve lies within its points' box. */
    void curvePoint(float x, float y) {
        extend(x, y);
        curved = true;
        lastX = x;
        lastY = y;
    }

    /** The path is painted: its shape is kept. */
    void paint() {
        float w = right - left;
        float h = bottom - top;
        boolean line = !curved && (w < THIN || h < THIN);
        boolean background = w * h > 0.5f * pageWidth * pageHeight;
        if (upright && left <= right && !line && !background && shapes.size() < MAX_SHAPES) {
            shapes.add(new float[] {left, top, right, bottom});
            drawn.add(curved);
        }
        reset();
    }

    /** The path is ended without painting (a clip). */
    void endPath() {
        reset();
    }

    /** The drawings of the page so far: shapes that touch, merged, where one of them is curved or slanted. */
    List<Drawing> drawings() {
        List<float[]> boxes = new ArrayList<>();
        List<Boolean> figurative = new ArrayList<>();
        for (int i = 0; i < shapes.size(); i++) {
            float[] box = shapes.get(i).clone();
            boolean any = drawn.get(i);
            // absorbs every box it touches, again after each growth, until none is left to absorb
            for (boolean grew = true; grew; ) {
                grew = false;
                for (int j = boxes.size() - 1; j >= 0; j--) {
                    if (touch(box, boxes.get(j))) {
                        float[] other = boxes.remove(j);
                        any |= figurative.remove(j);
                        box[0] = Math.min(box[0], other[0]);
                        box[1] = Math.min(box[1], other[1]);
                        box[2] = Math.max(box[2], other[2]);
                        box[3] = Math.max(box[3], other[3]);
                        grew = true;
                    }
                }
            }
            boxes.add(box);
            figurative.add(any);
        }
        List<Drawing> out = new ArrayList<>();
        for (int i = 0; i < boxes.size(); i++) {
            if (figurative.get(i)) {
                float[] b = boxes.get(i);
                out.add(new Drawing(b[0], b[1], b[2], b[3]));
            }
        }
        return out;
    }

    private static boolean touch(float[] a, float[] b) {
        return a[0] <= b[2] + TOUCH && b[0] <= a[2] + TOUCH && a[1] <= b[3] + TOUCH && b[1] <= a[3] + TOUCH;
    }

    private void extend(float x, float y) {
        left = Math.min(left, x);
        top = Math.min(top, y);
        right = Math.max(right, x);
        bottom = Math.max(bottom, y);
    }

    private void reset() {
        left = Float.MAX_VALUE;
        top = Float.MAX_VALUE;
        right = -Float.MAX_VALUE;
        bottom = -Float.MAX_VALUE;
        curved = false;
        lastX = Float.NaN;
        lastY = Float.NaN;
    }
}
