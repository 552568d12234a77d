package io.github.raglens.parse.glyphs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.graphics.image.PDInlineImage;
import org.junit.jupiter.api.Test;

/**
 * The text pass measures how much of each page its images cover, wherever they are drawn: directly,
 * inside a form, inline, or partly off the page.
 */
class ImageCoverTest {

    private static final float WIDTH = PDRectangle.LETTER.getWidth();
    private static final float HEIGHT = PDRectangle.LETTER.getHeight();

    @Test
    void imageCover_isTheShareOfEachPageItsImagesCover() throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDImageXObject image =
                    LosslessFactory.createFromImage(doc, new BufferedImage(4, 4, BufferedImage.TYPE_INT_RGB));
            try (PDPageContentStream page = page(doc)) { // the lower half of the page, under a line of text
                page.drawImage(image, 0, 0, WIDTH, HEIGHT / 2);
                page.beginText();
                page.setFont(PDType1Font.HELVETICA, 12);
                page.newLineAtOffset(72, 700);
                page.showText("A caption above the picture");
                page.endText();
            }
            PDFormXObject form = new PDFormXObject(doc);
            form.setBBox(new PDRectangle(WIDTH, HEIGHT));
            form.setResources(new PDResources());
            try (OutputStream out = form.getStream().createOutputStream();
                    PDPageContentStream inForm = new PDPageContentStream(doc, form, out)) {
                inForm.drawImage(image, 0, 0, WIDTH / 2, HEIGHT / 2);
            }
            try (PDPageContentStream page = page(doc)) { // a quarter of the page, drawn by a form
                page.drawForm(form);
            }
            COSDictionary gray = new COSDictionary();
            gray.setInt(COSName.W, 1);
            gray.setInt(COSName.H, 1);
            gray.setInt(COSName.BPC, 8);
            gray.setItem(COSName.CS, COSName.DEVICEGRAY);
            PDInlineImage inline = new PDInlineImage(gray, new byte[] {0}, new PDResources());
            try (PDPageContentStream page = page(doc)) { // an inline image over a tenth of the page
                page.drawImage(inline, 0, 0, WIDTH, HEIGHT / 10);
            }
            try (PDPageContentStream page = page(doc)) { // half of it off the page's right edge
                page.drawImage(image, WIDTH / 2, 0, WIDTH, HEIGHT);
            }
            page(doc).close(); // none

            List<PageText> pages = new PdfTextCollector(Deadline.after(Duration.ofMinutes(1))).collect(doc);

            assertThat(pages.stream().map(PageText::imageCover).toList())
                    .zipSatisfy(
                            List.of(0.5, 0.25, 0.1, 0.5, 0.0),
                            (cover, expected) -> assertThat(cover).isCloseTo(expected, within(1e-6)));
        }
    }

    private static PDPageContentStream page(PDDocument doc) throws IOException {
        PDPage page = new PDPage(PDRectangle.LETTER);
        doc.addPage(page);
        return new PDPageContentStream(doc, page);
    }
}
