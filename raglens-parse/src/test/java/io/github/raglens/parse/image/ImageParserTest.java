package io.github.raglens.parse.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.model.Table;
import io.github.raglens.parse.DocumentMarkdown;
import io.github.raglens.parse.DocumentParser;
import io.github.raglens.parse.document.Ocr;
import io.github.raglens.parse.ocr.OcrSettings;
import io.github.raglens.parse.ocr.ScannedPageImages;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImageParserTest {

    @TempDir
    Path dir;

    @Test
    void parse_png_readsItsWordsAndHeadings() throws IOException {
        assumeTrue(ScannedPageImages.englishInstalled(), "no English OCR data (apt-get install tesseract-ocr-eng)");
        Path file = dir.resolve("scan.png");
        ImageIO.write(ScannedPageImages.page(), "png", file.toFile());

        Document document = DocumentParser.create().parse(file);

        assertThat(document.title()).isEqualTo("Archive Reading");
        assertThat(document.pageCount()).isEqualTo(1);
        assertThat(document.metadata()).containsEntry(Ocr.PAGES_KEY, "1");
        assertThat(document.root().children())
                .extracting(s -> s.title())
                .containsExactly("1 Introduction", "2 Results");
    }

    @Test
    void parse_pngOfATable_findsTheTableFromTheAlignmentOfItsWords() throws IOException {
        assumeTrue(ScannedPageImages.englishInstalled(), "no English OCR data (apt-get install tesseract-ocr-eng)");
        Path file = dir.resolve("table.png");
        ImageIO.write(ScannedPageImages.tablePage(), "png", file.toFile());

        Document document = new ImageParser(OcrSettings.DEFAULT).parse(file);

        List<Table> tables = ScannedPageImages.tables(document);
        assertThat(tables).hasSize(1);
        assertThat(tables.getFirst().rows()).isEqualTo(ScannedPageImages.TABLE);
    }

    @Test
    void parse_tiffOfTwoPages_readsBoth() throws IOException {
        assumeTrue(ScannedPageImages.englishInstalled(), "no English OCR data (apt-get install tesseract-ocr-eng)");
        Path file = dir.resolve("scan.tif");
        BufferedImage page = ScannedPageImages.page();
        ImageWriter writer = ImageIO.getImageWritersByFormatName("tiff").next();
        try (ImageOutputStream out = ImageIO.createImageOutputStream(file.toFile())) {
            writer.setOutput(out);
            writer.prepareWriteSequence(null);
            writer.writeToSequence(new IIOImage(page, null, null), null);
            writer.writeToSequence(new IIOImage(page, null, null), null);
            writer.endWriteSequence();
        } finally {
            writer.dispose();
        }

        Document document = new ImageParser(OcrSettings.DEFAULT).parse(file);

        assertThat(document.pageCount()).isEqualTo(2);
        assertThat(document.metadata()).containsEntry(Ocr.PAGES_KEY, "2");
        assertThat(DocumentMarkdown.render(document)).contains("Every page of the archive was read");
    }

    @Test
    void parse_textNamedPng_isRefusedAsNoImage() throws IOException {
        Path file = Files.writeString(dir.resolve("notes.png"), "just some text, not a picture");

        assertThatThrownBy(() -> new ImageParser(OcrSettings.DEFAULT).parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + ": not a PNG, JPEG or TIFF image (its first bytes are no image's);"
                        + " check the file type or rename it with its real extension");
    }

    @Test
    void parse_emptyFile_saysItIsEmpty() throws IOException {
        Path file = Files.write(dir.resolve("scan.jpg"), new byte[0]);

        assertThatThrownBy(() -> new ImageParser(OcrSettings.DEFAULT).parse(file))
                .hasMessage(
                        "cannot parse " + file + ": the file is empty (0 bytes); replace it with the complete image");
    }

    @Test
    void parse_enormousImage_isRefusedBeforeItIsDecoded() throws IOException {
        // a PNG whose header declares 100,000 × 100,000 pixels: ten gigapixels in a few bytes
        Path file = Files.write(dir.resolve("huge.png"), pngHeader(100_000, 100_000));

        assertThatThrownBy(() -> new ImageParser(OcrSettings.DEFAULT).parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage(
                        "cannot parse " + file + " (page 1): the image is 100000 × 100000 pixels, more than the 1000"
                                + " million raglens reads; scale it down to 300 dpi");
    }

    @Test
    void parse_truncatedPng_isDamaged() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ImageIO.write(ScannedPageImages.page(), "png", bytes);
        byte[] all = bytes.toByteArray();
        Path file = Files.write(dir.resolve("half.png"), java.util.Arrays.copyOf(all, all.length / 2));

        assertThatThrownBy(() -> new ImageParser(OcrSettings.DEFAULT).parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("cannot parse " + file + ": the image is damaged or truncated (")
                .hasMessageEndingWith("); export or scan it again");
    }

    @Test
    void page_jpegWithItsJfixHeaderAfterAnotherMarker_isStillRead() throws IOException {
        // cameras and scanners write EXIF before JFIF; Java's reader refuses such a file's metadata
        ByteArrayOutputStream jpeg = new ByteArrayOutputStream();
        ImageIO.write(ScannedPageImages.page(), "jpeg", jpeg);
        byte[] plain = jpeg.toByteArray();
        ByteArrayOutputStream reordered = new ByteArrayOutputStream();
        reordered.write(plain, 0, 2); // SOI
        byte[] exif = "Exif\0\0".getBytes(StandardCharsets.ISO_8859_1);
        reordered.write(new byte[] {(byte) 0xff, (byte) 0xe1, 0, (byte) (exif.length + 2)});
        reordered.write(exif);
        reordered.write(plain, 2, plain.length - 2); // APP0 JFIF and the rest
        Path file = Files.write(dir.resolve("camera.jpg"), reordered.toByteArray());

        try (ImageFile image = ImageFile.open(file)) {
            assertThat(image.pages()).isEqualTo(1);
            assertThat(image.page(0).width()).isEqualTo(ScannedPageImages.page().getWidth());
            assertThat(image.page(0).dpi()).isEqualTo(ImageFile.DEFAULT_DPI);
        }
    }

    /** A PNG signature, an IHDR chunk for an 8-bit gray image of the size, and IEND: no pixel data. */
    private static byte[] pngHeader(int width, int height) {
        ByteBuffer b = ByteBuffer.allocate(8 + 25 + 12);
        b.put(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        chunk(
                b,
                "IHDR",
                ByteBuffer.allocate(13)
                        .putInt(width)
                        .putInt(height)
                        .put(new byte[] {8, 0, 0, 0, 0})
                        .array());
        chunk(b, "IEND", new byte[0]);
        return b.array();
    }

    private static void chunk(ByteBuffer b, String type, byte[] data) {
        b.putInt(data.length);
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        b.put(name).put(data);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        b.putInt((int) crc.getValue());
    }
}
