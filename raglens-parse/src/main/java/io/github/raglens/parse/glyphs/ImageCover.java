package io.github.raglens.parse.glyphs;

import java.awt.geom.Rectangle2D;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.util.Matrix;

/**
 * How much of one page its images cover: each image's placement (the unit square under the
 * transformation it is drawn with), clipped to the page, summed, so overlapping images count twice, up
 * to the whole page. Not thread-safe: one instance per text pass, {@link #startPage} per page.
 */
final class ImageCover {

    private Rectangle2D page = new Rectangle2D.Float();
    private double area;

    /** Starts a page: nothing covered. */
    void startPage(PDRectangle cropBox) {
        page = new Rectangle2D.Float(
                cropBox.getLowerLeftX(), cropBox.getLowerLeftY(), cropBox.getWidth(), cropBox.getHeight());
        area = 0;
    }

    /** An image drawn with this transformation (user space to the page). */
    void add(Matrix transformation) {
        Rectangle2D placed = transformation
                .createAffineTransform()
                .createTransformedShape(new Rectangle2D.Float(0, 0, 1, 1))
                .getBounds2D();
        Rectangle2D onPage = placed.createIntersection(page);
        if (!onPage.isEmpty()) {
            area += onPage.getWidth() * onPage.getHeight();
        }
    }

    /** The share of the page the images drawn so far cover, 0 to 1. */
    double share() {
        double pageArea = page.getWidth() * page.getHeight();
        return pageArea <= 0 ? 0 : Math.min(1, area / pageArea);
    }
}
