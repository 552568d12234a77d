package io.github.raglens.parse.ocr;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScannedPagesTest {

    @Test
    void scanned_imageOverFarLessText_isAScan() {
        assertThat(ScannedPages.scanned(0, 0.95)).isTrue(); // no text layer at all
        assertThat(ScannedPages.scanned(0.01, 0.9)).isTrue(); // a stamp or page number over a scan
    }

    @Test
    void scanned_textBesideAFigure_orSmallImages_isNot() {
        assertThat(ScannedPages.scanned(0.04, 0.3)).isFalse(); // a figure page with its caption
        assertThat(ScannedPages.scanned(0, 0.2)).isFalse(); // a logo on an empty page
    }

    @Test
    void dpi_letterPage_isDrawnAt300_aPosterAtLess() {
        assertThat(PageImages.dpi(8.5f, 11f)).isEqualTo(300);
        int poster = PageImages.dpi(100f, 100f);
        assertThat(poster).isLessThan(300);
        assertThat((long) poster * 100 * poster * 100).isLessThanOrEqualTo(PageImages.MAX_PIXELS);
    }
}
