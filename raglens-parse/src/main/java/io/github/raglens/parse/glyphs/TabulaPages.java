package io.github.raglens.parse.glyphs;

import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.text.TextPosition;
import technology.tabula.Page;
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
        int rotation = pdPage.getRotation();
        boolean sideways = Math.abs(rotation) == 90 || Math.abs(rotation) == 270;
        float width =
                sideways ? pdPage.getCropBox().getHeight() : pdPage.getCropBox().getWidth();
        float height =
                sideways ? pdPage.getCropBox().getWidth() : pdPage.getCropBox().getHeight();
        return new GlyphsSortedOnDemand(
                width, height, rotation, number, pdPage, document, elements, rulings, minWidth, minHeight, index);
    }

    /**
     * A Tabula page that puts its glyphs in Tabula's reading order only when they are asked for all at
     * once. The extraction algorithms read a page's glyphs through its index, whose answers come sorted
     * on their own, so most pages never need the whole page's order, and sorting thousands of glyphs
     * with Tabula's comparator was half the time of building the page.
     */
    @SuppressWarnings("serial") // Tabula's Page is serializable through java.awt.geom; nothing serializes ours
    private static final class GlyphsSortedOnDemand extends Page {

        private boolean sorted;

        @SuppressWarnings("deprecation") // the Builder builds only Tabula's own Page class
        GlyphsSortedOnDemand(
                float width,
                float height,
                int rotation,
                int number,
                PDPage pdPage,
                PDDocument document,
                List<TextElement> glyphs,
                List<Ruling> rulings,
                float minWidth,
                float minHeight,
                RectangleSpatialIndex<TextElement> index) {
            super(
                    0,
                    0,
                    width,
                    height,
                    rotation,
                    number,
                    pdPage,
                    document,
                    glyphs,
                    new ArrayList<>(rulings),
                    minWidth,
                    minHeight,
                    index);
        }

        @Override
        @SuppressWarnings("deprecation") // ILL_DEFINED_ORDER is the order Tabula's own page reader sorts glyphs in
        public List<TextElement> getText() {
            List<TextElement> glyphs = super.getText();
            if (!sorted) {
                Utils.sort(glyphs, Rectangle.ILL_DEFINED_ORDER);
                sorted = true;
            }
            return glyphs;
        }

        @Override
        @Deprecated
        public List<TextElement> getTexts() {
            return getText();
        }
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
