package io.github.raglens.parse.pdf;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.Word;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import technology.tabula.Page;
import technology.tabula.PageDims;
import technology.tabula.Rectangle;
import technology.tabula.RectangleSpatialIndex;
import technology.tabula.TextElement;
import technology.tabula.Utils;

/**
 * Tabula's page of an OCR'd page, built from the words OCR read, so that the table finder reads a scan
 * as it reads a text layer: each word's box shared evenly among its characters, in Helvetica (OCR
 * knows no font; Tabula uses the font only to merge characters into words). A scan paints no rulings:
 * its tables are found from the alignment of their words.
 */
final class ScannedTabulaPages {

    private static final PDFont FONT = PDType1Font.HELVETICA;
    private static final float SPACE_WIDTH = 0.25f;

    private ScannedTabulaPages() {}

    /** Tabula's page of an OCR'd page of a PDF. */
    static Page of(PDDocument document, PageText page) {
        return of(page, document.getPage(page.page() - 1), document);
    }

    /**
     * Tabula's page of a page that no PDF holds (a page of an image file): Tabula's extraction reads
     * only the words and rulings, never the PDF page it keeps beside them.
     */
    static Page of(PageText page) {
        return of(page, null, null);
    }

    @SuppressWarnings("deprecation") // ILL_DEFINED_ORDER is the order Tabula's own page reader sorts glyphs in
    private static Page of(PageText page, PDPage pdPage, PDDocument document) {
        List<TextElement> elements = new ArrayList<>();
        RectangleSpatialIndex<TextElement> index = new RectangleSpatialIndex<>();
        float minWidth = Float.MAX_VALUE;
        float minHeight = Float.MAX_VALUE;
        for (List<Word> row : page.rows()) {
            for (Word w : row) {
                int n = w.text().codePointCount(0, w.text().length());
                float width = (w.x1() - w.x0()) / Math.max(1, n);
                float height = w.bottom() - w.top();
                int[] chars = w.text().codePoints().toArray();
                for (int i = 0; i < chars.length; i++) {
                    TextElement te = new TextElement(
                            w.top(),
                            w.x0() + i * width,
                            width,
                            height,
                            FONT,
                            w.size(),
                            new String(Character.toChars(chars[i])),
                            SPACE_WIDTH * w.size());
                    minWidth = Math.min(minWidth, width);
                    minHeight = Math.min(minHeight, height);
                    elements.add(te);
                    index.add(te);
                }
            }
        }
        Utils.sort(elements, Rectangle.ILL_DEFINED_ORDER);
        return Page.Builder.newInstance()
                .withPageDims(PageDims.of(0, 0, page.width(), page.height()))
                .withRotation(0)
                .withNumber(page.page())
                .withPdPage(pdPage)
                .withPdDocument(document)
                .withRulings(new ArrayList<>())
                .withTextElements(elements)
                .withMinCharWidth(elements.isEmpty() ? 0 : minWidth)
                .withMinCharHeight(elements.isEmpty() ? 0 : minHeight)
                .withIndex(index)
                .build();
    }
}
