package io.github.raglens.parse.glyphs;

import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.text.TextPosition;
import technology.tabula.Page;
import technology.tabula.PageDims;
import technology.tabula.Rectangle;
import technology.tabula.RectangleSpatialIndex;
import technology.tabula.Ruling;
import technology.tabula.TextElement;
import technology.tabula.Utils;

/**
 * Builds a Tabula {@link Page} from the glyphs and rulings our own text pass collected, with the same
 * character boxes, filters and order Tabula's page reader would produce, so lattice and stream
 * extraction run without a second pass over the page.
 */
final class TabulaPages {

    /** The glyph height of a font in text space as Tabula measures it (PDFBox measures it slightly differently). */
    interface FontHeights {
        float of(PDFont font);
    }

    private static final float TALL_BLANK = 6.0f;
    private static final float MAX_BLANK_SIZE = 40.0f;
    private static final float MIN_BLANK_SIZE = 2.0f;

    private TabulaPages() {}

    /**
     * The Tabula page of a PDF page.
     *
     * @param glyphs every glyph of the page as PDFBox's text engine reported it
     * @param rulings the rulings painted on the page, in page space
     */
    @SuppressWarnings("deprecation") // ILL_DEFINED_ORDER is the order Tabula's own page reader sorts glyphs in
    static Page build(
            PDDocument document,
            PDPage pdPage,
            int number,
            List<TextPosition> glyphs,
            List<Ruling> rulings,
            FontHeights heights) {
        List<TextElement> elements = new ArrayList<>(glyphs.size());
        RectangleSpatialIndex<TextElement> index = new RectangleSpatialIndex<>();
        float minWidth = Float.MAX_VALUE;
        float minHeight = Float.MAX_VALUE;
        float totalHeight = 0;
        int count = 0;
        for (TextPosition tp : glyphs) {
            String c = tp.getUnicode();
            if (c == null || !printable(c)) {
                continue;
            }
            float h = Math.abs(heights.of(tp.getFont()) * tp.getTextMatrix().getScalingFactorY());
            if (c.equals("\u00A0")) {
                c = " ";
            }
            TextElement te = new TextElement(
                    round2(tp.getYDirAdj() - h),
                    round2(tp.getXDirAdj()),
                    round2(tp.getWidthDirAdj()),
                    round2(h),
                    tp.getFont(),
                    tp.getFontSizeInPt(),
                    c,
                    tp.getWidthOfSpace(),
                    tp.getDir());
            minWidth = (float) Math.min(minWidth, te.getWidth());
            minHeight = (float) Math.min(minHeight, te.getHeight());
            count++;
            totalHeight += (float) te.getHeight();
            float average = totalHeight / count;
            if (c.trim().isEmpty()) {
                // tall blanks and blanks in absurd sizes distort Tabula's row heights
                if (average > 0 && te.getHeight() >= average * TALL_BLANK) {
                    continue;
                }
                if (tp.getFontSizeInPt() > MAX_BLANK_SIZE || tp.getFontSizeInPt() < MIN_BLANK_SIZE) {
                    continue;
                }
            }
            index.add(te);
            elements.add(te);
        }
        Utils.sort(elements, Rectangle.ILL_DEFINED_ORDER);
        int rotation = pdPage.getRotation();
        boolean sideways = Math.abs(rotation) == 90 || Math.abs(rotation) == 270;
        float width =
                sideways ? pdPage.getCropBox().getHeight() : pdPage.getCropBox().getWidth();
        float height =
                sideways ? pdPage.getCropBox().getWidth() : pdPage.getCropBox().getHeight();
        return Page.Builder.newInstance()
                .withPageDims(PageDims.of(0, 0, width, height))
                .withRotation(rotation)
                .withNumber(number)
                .withPdPage(pdPage)
                .withPdDocument(document)
                .withRulings(new ArrayList<>(rulings))
                .withTextElements(elements)
                .withMinCharWidth(minWidth)
                .withMinCharHeight(minHeight)
                .withIndex(index)
                .build();
    }

    /** Whether any character of s is printable (not a control character, not in the Specials block). */
    private static boolean printable(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            Character.UnicodeBlock block = Character.UnicodeBlock.of(c);
            if (!Character.isISOControl(c) && block != null && block != Character.UnicodeBlock.SPECIALS) {
                return true;
            }
        }
        return false;
    }

    /**
     * d rounded half-up to two decimals, as Tabula rounds coordinates, without Tabula's decimal-string
     * round trip (which dominated its page reading).
     */
    static float round2(double d) {
        double scaled = Math.abs(d) * 100.0;
        double r = Math.floor(scaled + 0.5);
        return (float) Math.copySign(r / 100.0, d);
    }
}
