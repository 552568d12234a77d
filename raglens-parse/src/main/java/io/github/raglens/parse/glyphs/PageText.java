package io.github.raglens.parse.glyphs;

import java.util.List;

/**
 * The words of one page, as read from a PDF's text layer (or, for a scanned page, by OCR): rows of
 * words top to bottom, each left to right, and the count of ruling lines drawn on the page.
 *
 * @param page 1-based page number
 * @param width page width in points
 * @param height page height in points
 * @param rows rows of words, each left to right
 * @param horizontalRulings thin horizontal lines or rectangles at least 20 points long
 * @param verticalRulings thin vertical lines or rectangles at least 10 points long
 */
public record PageText(
        int page, float width, float height, List<List<Word>> rows, int horizontalRulings, int verticalRulings) {

    /** Copies the rows. */
    public PageText {
        rows = rows.stream().map(List::copyOf).toList();
    }

    /** How many characters the page's words hold. */
    public int charCount() {
        int n = 0;
        for (List<Word> row : rows) {
            for (Word w : row) {
                n += w.text().length();
            }
        }
        return n;
    }
}
