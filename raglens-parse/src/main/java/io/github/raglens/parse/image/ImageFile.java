package io.github.raglens.parse.image;

import io.github.raglens.error.ParseException;
import io.github.raglens.internal.OneLine;
import io.github.raglens.parse.ocr.GrayImage;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Optional;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageInputStream;
import org.w3c.dom.NodeList;

/**
 * The pages of an image file (PNG, JPEG, or TIFF with one page or many) as gray images for OCR. The
 * file's kind is told by its first bytes, not its name. Memory is bounded: a page of more than {@link
 * #MAX_PIXELS} is read at a fraction of its size that fits, and one of more than {@link
 * #REFUSED_PIXELS} is refused before it is decoded.
 */
final class ImageFile implements AutoCloseable {

    /** The most pixels a page is read with: an A3 page at 300 dpi is 17 million. */
    static final long MAX_PIXELS = 40_000_000L;

    /** A page larger than this is refused: decoding it would take minutes whatever it is read at. */
    static final long REFUSED_PIXELS = 1_000_000_000L;

    /** The resolution assumed when the file does not say: a scanner's usual. */
    static final int DEFAULT_DPI = 300;

    private final Path file;
    private final ImageInputStream input;
    private final ImageReader reader;

    private ImageFile(Path file, ImageInputStream input, ImageReader reader) {
        this.file = file;
        this.input = input;
        this.reader = reader;
    }

    /**
     * Opens an image file.
     *
     * @throws ParseException when it is empty, unreadable, or not a PNG, JPEG or TIFF image
     */
    static ImageFile open(Path file) {
        String kind = kind(file);
        try {
            ImageInputStream input = ImageIO.createImageInputStream(file.toFile());
            Iterator<ImageReader> readers = ImageIO.getImageReadersByFormatName(kind);
            if (input == null || !readers.hasNext()) {
                throw new ParseException(file, "no reader for " + kind + " images in this Java runtime", null);
            }
            ImageReader reader = readers.next();
            reader.setInput(input, false, true);
            return new ImageFile(file, input, reader);
        } catch (IOException e) {
            throw new ParseException(
                    file, "cannot read the file (" + e.getMessage() + "); check that it is readable", e);
        }
    }

    /** The kind of image the file's first bytes show: {@code png}, {@code jpeg} or {@code tiff}. */
    private static String kind(Path file) {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(8);
        } catch (IOException e) {
            throw new ParseException(
                    file, "cannot read the file (" + e.getMessage() + "); check that it exists and is readable", e);
        }
        if (head.length == 0) {
            throw new ParseException(file, "the file is empty (0 bytes); replace it with the complete image", null);
        }
        if (head.length >= 8 && (head[0] & 0xff) == 0x89 && head[1] == 'P' && head[2] == 'N' && head[3] == 'G') {
            return "png";
        }
        if (head.length >= 3 && (head[0] & 0xff) == 0xff && (head[1] & 0xff) == 0xd8 && (head[2] & 0xff) == 0xff) {
            return "jpeg";
        }
        if (head.length >= 4
                && ((head[0] == 'I' && head[1] == 'I' && head[2] == 42 && head[3] == 0)
                        || (head[0] == 'M' && head[1] == 'M' && head[2] == 0 && head[3] == 42))) {
            return "tiff";
        }
        throw new ParseException(
                file,
                "not a PNG, JPEG or TIFF image (its first bytes are no image's); check the file type or rename it"
                        + " with its real extension",
                null);
    }

    /** How many pages the file has (a TIFF may have many). */
    int pages() {
        try {
            return Math.max(1, reader.getNumImages(true));
        } catch (IOException | RuntimeException e) {
            throw damaged(e);
        }
    }

    /**
     * A page as a gray image, at most {@link #MAX_PIXELS} large.
     *
     * @param index 0-based
     * @throws ParseException when the page is damaged or larger than {@link #REFUSED_PIXELS}
     */
    GrayImage page(int index) {
        try {
            long width = reader.getWidth(index);
            long height = reader.getHeight(index);
            long pixels = width * height;
            if (pixels > REFUSED_PIXELS) {
                throw new ParseException(
                        file,
                        index + 1,
                        "the image is " + width + " × " + height + " pixels, more than the "
                                + REFUSED_PIXELS / 1_000_000 + " million raglens reads; scale it down to 300 dpi",
                        null);
            }
            int step = Math.max(1, (int) Math.ceil(Math.sqrt((double) pixels / MAX_PIXELS)));
            ImageReadParam param = reader.getDefaultReadParam();
            if (step > 1) {
                param.setSourceSubsampling(step, step, 0, 0);
            }
            BufferedImage image = reader.read(index, param);
            int dpi = Math.max(1, declaredDpi(index).orElse(DEFAULT_DPI) / step);
            return GrayImage.of(image, dpi);
        } catch (ParseException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw damaged(e);
        }
    }

    /**
     * The resolution a page's metadata declares; none when its metadata cannot be read (Java's JPEG
     * reader refuses a JFIF header that is not the first marker, in a file whose pixels it reads).
     */
    private Optional<Integer> declaredDpi(int index) {
        try {
            return dpi(reader.getImageMetadata(index));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The resolution the image's metadata declares, in dots per inch. */
    private static Optional<Integer> dpi(IIOMetadata metadata) {
        if (metadata == null || !metadata.isStandardMetadataFormatSupported()) {
            return Optional.empty();
        }
        IIOMetadataNode root = (IIOMetadataNode) metadata.getAsTree("javax_imageio_1.0");
        NodeList sizes = root.getElementsByTagName("HorizontalPixelSize");
        if (sizes.getLength() == 0) {
            return Optional.empty();
        }
        try {
            float millimetres = Float.parseFloat(((IIOMetadataNode) sizes.item(0)).getAttribute("value"));
            int dpi = Math.round(25.4f / millimetres);
            return dpi >= 50 && dpi <= 2400 ? Optional.of(dpi) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private ParseException damaged(Exception e) {
        return new ParseException(
                file,
                "the image is damaged or truncated (" + e.getClass().getSimpleName() + ": " + OneLine.of(e.getMessage())
                        + "); export or scan it again",
                e);
    }

    @Override
    public void close() throws IOException {
        reader.dispose();
        input.close();
    }
}
