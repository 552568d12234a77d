package io.github.raglens.parse.ocr;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

class GrayImageTest {

    /** 3 × 2: row 0 is 1 2 3, row 1 is 4 5 6. */
    private static GrayImage small() {
        return new GrayImage(3, 2, new byte[] {1, 2, 3, 4, 5, 6}, 300);
    }

    private static int[] values(GrayImage image) {
        int[] out = new int[image.width() * image.height()];
        for (int y = 0; y < image.height(); y++) {
            for (int x = 0; x < image.width(); x++) {
                out[y * image.width() + x] = image.at(x, y);
            }
        }
        return out;
    }

    @Test
    void turnedBack_quarterTurn_undoesTextTurnedClockwise() {
        // text turned 90° clockwise has its first row down the right edge; turning back puts it on top
        GrayImage back = small().turnedBack(90);
        assertThat(back.width()).isEqualTo(2);
        assertThat(back.height()).isEqualTo(3);
        assertThat(values(back)).containsExactly(3, 6, 2, 5, 1, 4);
    }

    @Test
    void turnedBack_halfTurn_andThreeQuarters() {
        assertThat(values(small().turnedBack(180))).containsExactly(6, 5, 4, 3, 2, 1);
        assertThat(values(small().turnedBack(270))).containsExactly(4, 1, 5, 2, 6, 3);
        assertThat(small().turnedBack(0).width()).isEqualTo(3);
    }

    @Test
    void of_colourImage_becomesItsLuminanceOnWhite() {
        BufferedImage rgb = new BufferedImage(2, 1, BufferedImage.TYPE_INT_ARGB);
        rgb.setRGB(0, 0, 0xFF000000); // opaque black ink
        rgb.setRGB(1, 0, 0x00000000); // transparent: paper
        GrayImage gray = GrayImage.of(rgb, 150);
        assertThat(gray.at(0, 0)).isZero();
        assertThat(gray.at(1, 0)).isEqualTo(255);
        assertThat(gray.dpi()).isEqualTo(150);
    }
}
