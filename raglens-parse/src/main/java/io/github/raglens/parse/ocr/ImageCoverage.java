package io.github.raglens.parse.ocr;

import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import org.apache.pdfbox.contentstream.PDFGraphicsStreamEngine;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.graphics.image.PDImage;
import org.apache.pdfbox.util.Matrix;

/**
 * How much of a page its images cover: each image's placement on the page, clipped to the page,
 * summed (overlapping images count twice, up to the whole page). Paths and text are not drawn.
 */
final class ImageCoverage extends PDFGraphicsStreamEngine {

    private final Rectangle2D pageBox;
    private double area;

    private ImageCoverage(PDPage page) {
        super(page);
        this.pageBox = new Rectangle2D.Float(
                page.getCropBox().getLowerLeftX(),
                page.getCropBox().getLowerLeftY(),
                page.getCropBox().getWidth(),
                page.getCropBox().getHeight());
    }

    /** The share of the page its images cover, 0 to 1. */
    static double of(PDPage page) throws IOException {
        ImageCoverage coverage = new ImageCoverage(page);
        coverage.processPage(page);
        double pageArea = coverage.pageBox.getWidth() * coverage.pageBox.getHeight();
        return pageArea <= 0 ? 0 : Math.min(1, coverage.area / pageArea);
    }

    @Override
    public void drawImage(PDImage image) {
        Matrix m = getGraphicsState().getCurrentTransformationMatrix();
        Rectangle2D placed = m.createAffineTransform()
                .createTransformedShape(new Rectangle2D.Float(0, 0, 1, 1))
                .getBounds2D();
        Rectangle2D onPage = placed.createIntersection(pageBox);
        if (!onPage.isEmpty()) {
            area += onPage.getWidth() * onPage.getHeight();
        }
    }

    @Override
    protected void showText(byte[] string) {
        // text is not an image: skip decoding its glyphs
    }

    @Override
    public void appendRectangle(Point2D p0, Point2D p1, Point2D p2, Point2D p3) {}

    @Override
    public void clip(int windingRule) {}

    @Override
    public void moveTo(float x, float y) {}

    @Override
    public void lineTo(float x, float y) {}

    @Override
    public void curveTo(float x1, float y1, float x2, float y2, float x3, float y3) {}

    @Override
    public Point2D getCurrentPoint() {
        return new Point2D.Float();
    }

    @Override
    public void closePath() {}

    @Override
    public void endPath() {}

    @Override
    public void strokePath() {}

    @Override
    public void fillPath(int windingRule) {}

    @Override
    public void fillAndStrokePath(int windingRule) {}

    @Override
    public void shadingFill(COSName shadingName) {}
}
