package io.github.raglens.parse.glyphs;

import java.util.List;

/**
 * The words of one page, as read from a PDF's text layer (or, for a scanned page, by OCR): rows of
 * words top to bottom, each left to right, the count of ruling lines drawn on the page, and where its
 * drawings (charts, diagrams) stand.
 *
 * @param page 1-based page number
 * @param width page width in points
 * @param height page height in points
 * @param rows rows of words, each left to right
 * @param horizontalRulings thin horizontal lines or rectangles at least 20 points long
 * @param verticalRulings thin vertical lines or rectangles at least 10 points long
 * @param drawings the drawings on the page; none for a page whose drawn paths are not read (OCR)
 * @param imageCover the share of the page its images cover, 0 to 1 (overlapping images count twice, up
 *     to the whole page); 0 for a page whose images are not read (OCR)
 */
public record PageText(
        int page,
        float width,
        float height,
        List<List<Word>> rows,
        int horizontalRulings,
        int verticalRulings,
        List<Drawing> drawings,
        double imageCover) {

    /** Copies the rows and drawings. */
    public PageText {
        rows = rows.stream().map(List::copyOf).toList();
        drawings = List.copyOf(drawings);
    }

    /** A page without drawings or images. */
    public PageText(
            int page, float width, float height, List<List<Word>> rows, int horizontalRulings, int verticalRulings) {
        this(page, width, height, rows, horizontalRulings, verticalRulings, List.of(), 0);
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
