package io.github.raglens.parse.glyphs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.text.TextPosition;

/**
 * A glyph with what the line building reads of it: its direction-adjusted coordinates, as PDFBox's
 * stripper reads them when it sorts, its text, font and spacing. All are read once, in the order the
 * glyphs were drawn, where PDFBox's glyph objects lie in memory in that order too; the sort, the line
 * splitting and the word building then walk these small objects in reading order instead of going
 * back to glyph objects scattered over the page's memory.
 */
final class PlacedGlyph {

    /** PDFBox's {@code TextPositionComparator}, on the coordinates read once. */
    static final Comparator<PlacedGlyph> ORDER = (a, b) -> {
        int direction = Float.compare(a.direction, b.direction);
        if (direction != 0) {
            return direction;
        }
        float aTop = a.y - a.height;
        float bTop = b.y - b.height;
        float yDifference = Math.abs(a.y - b.y);
        if (yDifference < .1 || b.y >= aTop && b.y <= a.y || a.y >= bTop && a.y <= b.y) {
            return Float.compare(a.x, b.x);
        }
        return a.y < b.y ? -1 : 1;
    };

    final TextPosition glyph;
    /** The text's direction in degrees, as PDFBox reports it. */
    final float direction;
    /** The x adjusted for the text's direction. */
    final float x;
    /** The baseline's y adjusted for the text's direction, from the top. */
    final float y;
    /** The width adjusted for the text's direction. */
    final float width;

    final float height;
    final String unicode;
    final int glyphCount;
    final float widthOfSpace;
    /** The x PDFBox reports, adjusted for the page's rotation, not the text's direction. */
    final float pageX;
    /** The size set with the font (Tf), before any scaling. */
    final float fontSize;
    /**
     * The type size in points on the page: the vertical scale of the glyph's text rendering matrix,
     * which holds the font size, the text matrix and the page's transformation; PDFBox's size in
     * points when that is 0. PDFBox's {@code getFontSizeInPt} alone is cut to a whole point and read
     * across the line, where pdfTeX's font expansion (microtype) stretches the glyphs: one paper's
     * 8.97 pt body text read as 8 pt on one line and 9 pt on the next, and a 9.96 pt body ("10pt" in
     * LaTeX) as the 9 pt of its captions.
     */
    final float em;

    final PDFont font;

    PlacedGlyph(TextPosition glyph) {
        this.glyph = glyph;
        this.direction = glyph.getDir();
        this.x = glyph.getXDirAdj();
        this.y = glyph.getYDirAdj();
        this.width = glyph.getWidthDirAdj();
        this.height = glyph.getHeightDir();
        this.unicode = glyph.getUnicode();
        this.glyphCount = glyph.getIndividualWidths().length;
        this.widthOfSpace = glyph.getWidthOfSpace();
        this.pageX = glyph.getX();
        this.fontSize = glyph.getFontSize();
        float scale = Math.abs(glyph.getYScale());
        this.em = scale > 0 ? scale : glyph.getFontSizeInPt();
        this.font = glyph.getFont();
    }

    /** The glyphs, each read once, in their order. */
    static List<PlacedGlyph> of(List<TextPosition> glyphs) {
        List<PlacedGlyph> placed = new ArrayList<>(glyphs.size());
        for (TextPosition tp : glyphs) {
            placed.add(new PlacedGlyph(tp));
        }
        return placed;
    }

    /** 0, 1, 2 or 3 for text at 0, 90, 180 or 270 degrees. */
    int quadrant() {
        return quadrant(direction);
    }

    /** 0, 1, 2 or 3 for a direction of 0, 90, 180 or 270 degrees. */
    static int quadrant(float direction) {
        return Math.floorMod(Math.round(direction / 90f), 4);
    }
}
