package io.github.raglens.parse.glyphs;

import java.io.IOException;
import java.util.IdentityHashMap;
import java.util.Map;
import org.apache.fontbox.util.BoundingBox;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDFontDescriptor;
import org.apache.pdfbox.pdmodel.font.PDType3Font;

/**
 * The glyph heights of a document's fonts as Tabula's page reader measures them (PDFBox measures them
 * slightly differently), cached per font object. Not thread-safe: one instance per text pass.
 */
final class TabulaFontHeights implements TabulaPages.FontHeights {

    private final Map<PDFont, Float> heights = new IdentityHashMap<>();

    /** The glyph height of a font in text space as Tabula measures it, cached per font. */
    @Override
    public float of(PDFont font) {
        if (font == null) {
            return 0f;
        }
        Float cached = heights.get(font);
        if (cached != null) {
            return cached;
        }
        float height;
        try {
            height = measure(font);
        } catch (IOException | RuntimeException e) {
            height = 0f; // a broken font program
        }
        heights.put(font, height);
        return height;
    }

    /** Half the font's bounding box, or its cap height, or half of ascent minus descent, as Tabula measures it. */
    private static float measure(PDFont font) throws IOException {
        BoundingBox bbox = font.getBoundingBox();
        float lowerLeftY = bbox.getLowerLeftY();
        if (lowerLeftY < Short.MIN_VALUE) {
            lowerLeftY = -(lowerLeftY + 65536); // bounding boxes written as unsigned numbers
        }
        float glyphHeight = (bbox.getUpperRightY() - lowerLeftY) / 2;
        PDFontDescriptor d = font.getFontDescriptor();
        if (d != null) {
            float cap = d.getCapHeight();
            if (Float.compare(cap, 0) != 0 && (cap < glyphHeight || Float.compare(glyphHeight, 0) == 0)) {
                glyphHeight = cap;
            }
            float ascent = d.getAscent();
            float descent = d.getDescent();
            if (ascent > 0
                    && descent < 0
                    && ((ascent - descent) / 2 < glyphHeight || Float.compare(glyphHeight, 0) == 0)) {
                glyphHeight = (ascent - descent) / 2;
            }
        }
        return font instanceof PDType3Font ? font.getFontMatrix().transformPoint(0, glyphHeight).y : glyphHeight / 1000;
    }
}
