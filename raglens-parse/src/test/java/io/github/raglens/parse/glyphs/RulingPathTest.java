package io.github.raglens.parse.glyphs;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.geom.Point2D;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.Test;

/** The device-to-page transform of the ruling pass, checked on hand-computed points. */
class RulingPathTest {

    private static Point2D map(PDRectangle box, int rotation, double x, double y) {
        return RulingPath.deviceToPage(box, rotation).transform(new Point2D.Double(x, y), null);
    }

    @Test
    void uprightPage_putsTheOriginAtTheCropBoxTopLeft_yDown() {
        PDRectangle box = new PDRectangle(20, 30, 600, 800); // crop box from (20, 30) to (620, 830)
        assertThat(map(box, 0, 20, 830)).isEqualTo(new Point2D.Double(0, 0));
        assertThat(map(box, 0, 120, 730)).isEqualTo(new Point2D.Double(100, 100));
        assertThat(map(box, 180, 120, 730)).as("180 degrees is read upright").isEqualTo(new Point2D.Double(100, 100));
    }

    @Test
    void quarterTurns_swapTheAxes_inBothDirections() {
        PDRectangle box = new PDRectangle(20, 30, 600, 800);
        assertThat(map(box, 90, 120, 50)).isEqualTo(new Point2D.Double(20, 100));
        assertThat(map(box, -270, 120, 50)).isEqualTo(new Point2D.Double(20, 100));
        assertThat(map(box, 270, 120, 50)).isEqualTo(new Point2D.Double(-20, -100));
        assertThat(map(box, -90, 120, 50)).isEqualTo(new Point2D.Double(-20, -100));
    }
}
