package io.github.raglens.parse.glyphs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.text.TextPosition;
import org.apache.pdfbox.util.IterativeMergeSort;

/**
 * A page's glyphs sorted by position and cut into the lines and word groups PDFBox's {@code
 * PDFTextStripper} cuts them into when it sorts by position, without the text it builds from them
 * (each word's string, its bidirectional reordering, its ligatures expanded): the collector reads
 * only the glyphs, and splits them further itself. The rules are the stripper's, to the comparison,
 * so the same lines and word boundaries come out: a glyph starts a new line unless it overlaps the
 * line's baseline band, and a new word when it starts further right than a space or a fraction of
 * the average glyph width past the glyph before.
 */
final class GlyphLines {

    /** Told of each word group, in reading order, and of each line's end. */
    interface Sink {
        /** The glyphs of one group; may be empty. */
        void word(List<PlacedGlyph> glyphs);

        /** The line so far has ended; the next group starts a new one. */
        void lineEnd();
    }

    /** How the stripper spaces words: its tolerances and separator. */
    record Spacing(float spacingTolerance, float averageCharTolerance, String wordSeparator, boolean ignoreSpaces) {}

    private static final float NONE = -Float.MAX_VALUE;

    private GlyphLines() {}

    /**
     * Sorts the glyphs of one article as the stripper does (top to bottom, left to right within a
     * baseline band, text of one direction together), drops the spaces a glyph beside them wholly
     * covers, and hands the lines and word groups to the sink.
     */
    static void split(List<TextPosition> glyphs, Spacing spacing, Sink sink) {
        List<PlacedGlyph> sorted = sorted(glyphs);
        float maxYForLine = NONE;
        float endOfLastTextX = -1;
        float lastWordSpacing = -1;
        float maxHeightForLine = -1;
        float previousAverageWidth = -1;
        PlacedGlyph last = null;
        List<PlacedGlyph> word = new ArrayList<>();
        for (PlacedGlyph p : sorted) {
            String unicode = p.unicode;
            if (spacing.ignoreSpaces() && " ".equals(unicode)) {
                continue;
            }
            if (last != null && fontOrSizeChanged(p, last)) {
                previousAverageWidth = -1;
            }
            int glyphCount = p.glyphCount;
            float wordSpacing = p.widthOfSpace;
            float deltaSpace;
            if (wordSpacing == 0 || Float.isNaN(wordSpacing)) {
                deltaSpace = Float.MAX_VALUE;
            } else if (lastWordSpacing < 0) {
                deltaSpace = wordSpacing * spacing.spacingTolerance();
            } else {
                deltaSpace = (wordSpacing + lastWordSpacing) / 2f * spacing.spacingTolerance();
            }
            float averageWidth = previousAverageWidth < 0
                    ? p.width / glyphCount
                    : (previousAverageWidth + p.width / glyphCount) / 2f;
            float deltaCharWidth = averageWidth * spacing.averageCharTolerance();
            float expectedStartOfNextWord =
                    endOfLastTextX != -1 ? endOfLastTextX + Math.min(deltaSpace, deltaCharWidth) : NONE;
            if (last != null) {
                if (!overlap(p.y, p.height, maxYForLine, maxHeightForLine)) {
                    sink.word(word);
                    word.clear();
                    sink.lineEnd();
                    expectedStartOfNextWord = NONE;
                    maxYForLine = NONE;
                    maxHeightForLine = -1;
                }
                String lastUnicode = last.unicode;
                if (expectedStartOfNextWord != NONE
                        && expectedStartOfNextWord < p.x
                        && (spacing.wordSeparator().isEmpty()
                                || (lastUnicode != null && !lastUnicode.endsWith(spacing.wordSeparator())))) {
                    sink.word(word);
                    word.clear();
                }
                if (Math.abs(p.pageX - last.pageX) > wordSpacing + deltaSpace) {
                    maxYForLine = NONE;
                    maxHeightForLine = -1;
                }
            }
            if (p.y >= maxYForLine) {
                maxYForLine = p.y;
            }
            endOfLastTextX = p.x + p.width;
            if (unicode != null) {
                word.add(p);
            }
            maxHeightForLine = Math.max(maxHeightForLine, p.height);
            last = p;
            lastWordSpacing = wordSpacing;
            previousAverageWidth = averageWidth;
        }
        if (!word.isEmpty()) {
            sink.word(word);
        }
    }

    /** The stripper's test of a glyph against the line's band: within a tenth of a point, or overlapping. */
    private static boolean overlap(float y1, float height1, float y2, float height2) {
        return y2 < y1 + .1f && y2 > y1 - .1f || y2 <= y1 && y2 >= y1 - height1 || y1 <= y2 && y1 >= y2 - height2;
    }

    private static boolean fontOrSizeChanged(PlacedGlyph current, PlacedGlyph last) {
        if (Float.compare(current.fontSize, last.fontSize) != 0) {
            return true;
        }
        PDFont font = current.font;
        PDFont lastFont = last.font;
        if (font == lastFont) {
            return false;
        }
        String name = font.getName();
        String lastName = lastFont.getName();
        if (name != null) {
            return !name.equals(lastName);
        }
        return lastName != null || font.hashCode() != lastFont.hashCode();
    }

    /**
     * The glyphs in the stripper's order, their coordinates read once: its comparator is not
     * transitive, so the sort falls back to a merge sort when Java's refuses, as the stripper's does,
     * and with the same comparisons the same order comes out.
     */
    private static List<PlacedGlyph> sorted(List<TextPosition> glyphs) {
        List<PlacedGlyph> placed = PlacedGlyph.of(glyphs);
        try {
            Collections.sort(placed, PlacedGlyph.ORDER);
        } catch (IllegalArgumentException e) {
            IterativeMergeSort.sort(placed, PlacedGlyph.ORDER);
        }
        // a space a glyph before it wholly covers is dropped (PDFBOX-5487)
        List<PlacedGlyph> out = new ArrayList<>(placed.size());
        PlacedGlyph previous = null;
        for (PlacedGlyph p : placed) {
            if (previous != null && " ".equals(p.unicode) && previous.glyph.completelyContains(p.glyph)) {
                continue;
            }
            out.add(p);
            previous = p;
        }
        return out;
    }
}
