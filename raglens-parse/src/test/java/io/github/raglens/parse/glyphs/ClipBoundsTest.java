package io.github.raglens.parse.glyphs;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.geom.AffineTransform;
import java.awt.geom.GeneralPath;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Random;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.state.PDGraphicsState;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

class ClipBoundsTest {

    private static final PDRectangle PAGE = new PDRectangle(10, 20, 612, 792);

    /** What Tabula's page reader measures: the bounds of PDFBox's clipping area, in page space. */
    private static Rectangle2D areaBounds(PDGraphicsState state, AffineTransform toPage) {
        return toPage.createTransformedShape(state.getCurrentClippingPath()).getBounds2D();
    }

    private static GeneralPath rectangle(Random random, boolean closeWithLine) {
        float x0 = random.nextFloat() * 700 - 30;
        float y0 = random.nextFloat() * 900 - 30;
        float x1 = x0 + (random.nextInt(10) == 0 ? 0 : random.nextFloat() * 400);
        float y1 = y0 + random.nextFloat() * 400;
        GeneralPath p = new GeneralPath();
        // either direction, starting at any corner
        float[][] corners = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
        int start = random.nextInt(4);
        int step = random.nextBoolean() ? 1 : 3;
        p.moveTo(corners[start][0], corners[start][1]);
        for (int i = 1; i < 4; i++) {
            float[] c = corners[(start + step * i) % 4];
            p.lineTo(c[0], c[1]);
        }
        if (closeWithLine) {
            p.lineTo(corners[start][0], corners[start][1]);
        }
        p.closePath();
        return p;
    }

    private static GeneralPath other(Random random) {
        GeneralPath p = new GeneralPath();
        float x = random.nextFloat() * 600;
        float y = random.nextFloat() * 800;
        p.moveTo(x, y);
        switch (random.nextInt(3)) {
            case 0 -> { // a triangle
                p.lineTo(x + 100, y);
                p.lineTo(x + 50, y + 80);
            }
            case 1 -> { // a turned square
                p.lineTo(x + 50, y + 50);
                p.lineTo(x, y + 100);
                p.lineTo(x - 50, y + 50);
            }
            default -> { // a rounded corner
                p.lineTo(x + 100, y);
                p.curveTo(x + 120, y, x + 120, y + 20, x + 120, y + 40);
                p.lineTo(x, y + 40);
            }
        }
        p.closePath();
        return p;
    }

    @RepeatedTest(30)
    void of_randomClipsOnTurnedPages_equalsTheBoundsOfPdfBoxsClippingArea() {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random random = new Random(seed);
        int rotation = 90 * random.nextInt(4);
        AffineTransform toPage = RulingPath.deviceToPage(PAGE, rotation);
        ClipBounds bounds = new ClipBounds();
        bounds.startPage(toPage);
        PDGraphicsState state = new PDGraphicsState(PAGE);
        for (int step = 0; step < 40; step++) {
            switch (random.nextInt(4)) {
                case 0 -> state = state.clone(); // a saved state shares its clipping paths
                case 1 -> state = new PDGraphicsState(PAGE);
                default ->
                    state.intersectClippingPath(
                            random.nextInt(5) == 0 ? other(random) : rectangle(random, random.nextBoolean()));
            }
            assertThat(bounds.of(state))
                    .as("step %d, rotation %d (seed %d)", step, rotation, seed)
                    .isEqualTo(areaBounds(state, toPage));
        }
    }

    @Test
    void rectanglesOverlap_takesOnlyRectanglesThatOverlap() {
        Random random = new Random(7);
        GeneralPath a = new GeneralPath(new Rectangle2D.Float(0, 0, 100, 50));
        GeneralPath b = new GeneralPath(new Rectangle2D.Float(40, 10, 100, 100));
        GeneralPath far = new GeneralPath(new Rectangle2D.Float(500, 500, 10, 10));
        assertThat(ClipBounds.rectanglesOverlap(List.of(a, b))).isEqualTo(new Rectangle2D.Double(40, 10, 60, 40));
        assertThat(ClipBounds.rectanglesOverlap(List.of(a, far))).isNull();
        assertThat(ClipBounds.rectanglesOverlap(List.of(a, other(random)))).isNull();
        GeneralPath twoBoxes = new GeneralPath(new Rectangle2D.Float(0, 0, 10, 10));
        twoBoxes.append(new Rectangle2D.Float(20, 0, 10, 10), false);
        assertThat(ClipBounds.rectanglesOverlap(List.of(twoBoxes))).isNull();
    }
}
