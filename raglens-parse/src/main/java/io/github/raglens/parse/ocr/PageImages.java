package io.github.raglens.parse.ocr;

import java.awt.image.BufferedImage;
import java.io.IOException;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;

/**
 * A PDF page drawn in gray for OCR, at 300 dpi; a page so large that this would pass {@link
 * #MAX_PIXELS} is drawn at the resolution that fits, so memory stays bounded whatever size a page
 * declares.
 */
public final class PageImages {

    /** The resolution Tesseract reads best at. */
    public static final int DPI = 300;

    /** The most pixels a page is drawn with: an A3 page at 300 dpi is 17 million. */
    static final long MAX_PIXELS = 40_000_000L;

    private PageImages() {}

    /**
     * Draws a page.
     *
     * @param index the 0-based page index
     * @throws IOException when the page cannot be drawn
     */
    public static GrayImage render(PDDocument document, int index) throws IOException {
        PDPage page = document.getPage(index);
        float widthInches = page.getCropBox().getWidth() / 72f;
        float heightInches = page.getCropBox().getHeight() / 72f;
        int dpi = dpi(widthInches, heightInches);
        BufferedImage image = new PDFRenderer(document).renderImageWithDPI(index, dpi, ImageType.GRAY);
        return GrayImage.of(image, dpi);
    }

    /** The resolution at which a page of this size stays within {@link #MAX_PIXELS}: 300 dpi, or less. */
    static int dpi(float widthInches, float heightInches) {
        double area = Math.max(1e-6, (double) widthInches * heightInches);
        int fits = (int) Math.floor(Math.sqrt(MAX_PIXELS / area));
        return Math.max(1, Math.min(DPI, fits));
    }
}
