package io.github.raglens.parse.ocr;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.awt.image.ComponentSampleModel;
import java.awt.image.DataBufferByte;
import java.util.Objects;

/**
 * A page as an image to read: one byte of gray per pixel (0 black, 255 white), row by row, and its
 * resolution. Colour is reduced to its luminance before Tesseract sees it, so a highlighter's yellow
 * reads as the light paper it marks, not as ink. Holds its pixels without copying them: whoever makes
 * one hands them over.
 */
public final class GrayImage {

    private final int width;
    private final int height;
    private final byte[] pixels;
    private final int dpi;

    /**
     * An image of {@code width × height} gray values, row by row.
     *
     * @throws IllegalArgumentException when the pixels do not fill the size, or the resolution is not positive
     */
    public GrayImage(int width, int height, byte[] pixels, int dpi) {
        Objects.requireNonNull(pixels, "pixels");
        if (width < 1 || height < 1 || (long) width * height != pixels.length) {
            throw new IllegalArgumentException(
                    "a gray image of " + width + " × " + height + " needs as many pixels, has " + pixels.length);
        }
        if (dpi < 1) {
            throw new IllegalArgumentException("dpi must be positive, was " + dpi);
        }
        this.width = width;
        this.height = height;
        this.pixels = pixels;
        this.dpi = dpi;
    }

    /** The gray values of an image at a resolution; a colour image is drawn on white and reduced to its luminance. */
    public static GrayImage of(BufferedImage image, int dpi) {
        int w = image.getWidth();
        int h = image.getHeight();
        if (image.getType() == BufferedImage.TYPE_BYTE_GRAY
                && image.getRaster().getDataBuffer() instanceof DataBufferByte buffer
                && buffer.getNumBanks() == 1
                && buffer.getOffset() == 0
                && buffer.getData().length == w * h
                && image.getRaster().getSampleModel() instanceof ComponentSampleModel model
                && model.getScanlineStride() == w
                && image.getRaster().getParent() == null) {
            return new GrayImage(w, h, buffer.getData(), dpi);
        }
        BufferedImage gray = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = gray.createGraphics();
        try {
            g.setColor(Color.WHITE); // transparent parts are paper
            g.fillRect(0, 0, w, h);
            g.drawImage(image, 0, 0, null);
        } finally {
            g.dispose();
        }
        return new GrayImage(w, h, ((DataBufferByte) gray.getRaster().getDataBuffer()).getData(), dpi);
    }

    /**
     * The image turned counter-clockwise by a quarter turn, a half turn or three: what undoes text
     * turned clockwise by {@code degrees}.
     *
     * @param degrees 0, 90, 180 or 270
     */
    GrayImage turnedBack(int degrees) {
        int turn = Math.floorMod(degrees, 360);
        if (turn == 0) {
            return this;
        }
        boolean swap = turn != 180;
        int w = swap ? height : width;
        int h = swap ? width : height;
        byte[] out = new byte[pixels.length];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int nx;
                int ny;
                switch (turn) {
                    case 90 -> {
                        nx = y;
                        ny = width - 1 - x;
                    }
                    case 180 -> {
                        nx = width - 1 - x;
                        ny = height - 1 - y;
                    }
                    case 270 -> {
                        nx = height - 1 - y;
                        ny = x;
                    }
                    default ->
                        throw new IllegalArgumentException("a turn of " + degrees + " degrees is not a quarter turn");
                }
                out[ny * w + nx] = pixels[y * width + x];
            }
        }
        return new GrayImage(w, h, out, dpi);
    }

    /** Pixels across. */
    public int width() {
        return width;
    }

    /** Pixels down. */
    public int height() {
        return height;
    }

    /** Pixels per inch. */
    public int dpi() {
        return dpi;
    }

    /** The gray values, row by row (the image's own array: not to be changed). */
    byte[] pixels() {
        return pixels;
    }

    /** The gray value at a pixel, 0 (black) to 255 (white). */
    int at(int x, int y) {
        return pixels[y * width + x] & 0xff;
    }

    /** Points per pixel: a page's coordinates are in points, 1/72 inch. */
    float pointsPerPixel() {
        return 72f / dpi;
    }

    @Override
    public String toString() {
        return "GrayImage{" + width + " × " + height + " at " + dpi + " dpi}";
    }
}
