package io.github.raglens.parse.pdf;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.PdfTextCollector;
import io.github.raglens.parse.glyphs.TimeLimitExceeded;
import io.github.raglens.parse.layout.ColumnLayout;
import io.github.raglens.parse.layout.Line;
import io.github.raglens.parse.tables.FoundTable;
import io.github.raglens.parse.tables.TableFinder;
import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import technology.tabula.Page;

/**
 * Finds the tables of each page while the document is read, while Tabula's page of it can still be
 * built from the pass: only on pages that show table evidence and are not too large to search, and a
 * failure inside Tabula keeps the page's text as text. Not thread-safe: one instance per document.
 */
final class PageTables implements PdfTextCollector.PageListener {

    private static final Logger LOG = LoggerFactory.getLogger(PageTables.class);

    /** The most characters a page may hold for its tables to be looked for, unless the parser says otherwise. */
    static final int DEFAULT_MAX_TABLE_SIZE = 100_000;

    private final Path file;
    private final PdfParser.TableSource source;
    private final int maxTableSize;
    private final Map<PageText, List<FoundTable>> found = new IdentityHashMap<>();
    private final Map<PageText, List<Line>> lines = new IdentityHashMap<>();

    PageTables(Path file, PdfParser.TableSource source, int maxTableSize) {
        this.file = file;
        this.source = source;
        this.maxTableSize = maxTableSize;
    }

    @Override
    public void pageRead(PageText page, Supplier<Page> tabula) {
        List<FoundTable> tables = tablesOf(page, tabula);
        if (!tables.isEmpty()) {
            found.put(page, tables);
        }
    }

    /** The tables found so far, by page (by identity); a page without tables is absent. */
    Map<PageText, List<FoundTable>> found() {
        return Collections.unmodifiableMap(found);
    }

    /** The lines of each page read so far in reading order, by page (by identity), laid out once for both stages. */
    Map<PageText, List<Line>> lines() {
        return Collections.unmodifiableMap(lines);
    }

    private List<FoundTable> tablesOf(PageText page, Supplier<Page> tabula) {
        List<Line> laidOut = ColumnLayout.lines(page);
        lines.put(page, laidOut);
        if (!TableFinder.evidence(page, laidOut)) {
            return List.of();
        }
        int size = Math.max(page.charCount(), 10 * (page.horizontalRulings() + page.verticalRulings()));
        if (size > maxTableSize) {
            LOG.warn(
                    "{}: page {} is too large for table extraction ({} characters, {} ruling lines; the limit is {}"
                            + " characters or a tenth as many lines); kept its text as text",
                    file,
                    page.page(),
                    page.charCount(),
                    page.horizontalRulings() + page.verticalRulings(),
                    maxTableSize);
            return List.of();
        }
        try {
            return source.find(page, tabula);
        } catch (TimeLimitExceeded e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            // one line a user can act on; the stack trace is for whoever debugs the table finder
            LOG.warn(
                    "{}: table extraction failed on page {} ({}); kept its text as text",
                    file,
                    page.page(),
                    String.valueOf(e));
            LOG.debug("{}: table extraction failed on page {}", file, page.page(), e);
            return List.of();
        }
    }
}
