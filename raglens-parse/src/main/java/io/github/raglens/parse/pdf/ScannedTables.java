package io.github.raglens.parse.pdf;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.layout.Line;
import io.github.raglens.parse.tables.FoundTable;
import io.github.raglens.parse.tables.TableFinder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The tables of pages that OCR alone read (the pages of an image file), found from the alignment of
 * their words as on a scanned PDF's pages, with the same evidence test, size limit and one-line
 * warning when the finder fails on a page.
 *
 * @param tables the tables of each page, by page (by identity); a page without tables is absent
 * @param laidOut each page's lines in reading order, by page (by identity), for {@link PagePipeline#run}
 */
public record ScannedTables(Map<PageText, List<FoundTable>> tables, Map<PageText, List<Line>> laidOut) {

    /** Finds the tables of each page of {@code file}. */
    public static ScannedTables find(Path file, List<PageText> pages) {
        PageTables found = new PageTables(file, TableFinder::find, PageTables.DEFAULT_MAX_TABLE_SIZE);
        for (PageText page : pages) {
            found.pageRead(page, () -> ScannedTabulaPages.of(page));
        }
        return new ScannedTables(found.found(), found.lines());
    }
}
