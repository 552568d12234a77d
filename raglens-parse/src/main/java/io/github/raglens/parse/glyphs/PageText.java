package io.github.raglens.parse.glyphs;

import io.github.raglens.parse.tables.TableFinder;
import java.util.List;

/**
 * The raw text of one PDF page: rows of words as PDFBox found them (top to bottom) and the count of
 * ruling lines drawn on it, and the tables found on it.
 *
 * @param page 1-based page number
 * @param width page width in points
 * @param height page height in points
 * @param rows rows of words, each left to right
 * @param horizontalRulings thin horizontal lines or rectangles at least 20 points long
 * @param verticalRulings thin vertical lines or rectangles at least 10 points long
 * @param tables the tables found on the page while it was read, top to bottom
 */
public record PageText(
        int page,
        float width,
        float height,
        List<List<Word>> rows,
        int horizontalRulings,
        int verticalRulings,
        List<TableFinder.Found> tables) {

    public PageText {
        rows = rows.stream().map(List::copyOf).toList();
        tables = List.copyOf(tables);
    }

    PageText withTables(List<TableFinder.Found> found) {
        return new PageText(page, width, height, rows, horizontalRulings, verticalRulings, found);
    }

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
