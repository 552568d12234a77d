package io.github.raglens.parse.html;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.parse.document.Blocks;
import io.github.raglens.parse.document.DocumentIds;
import io.github.raglens.parse.document.SourceFile;
import io.github.raglens.spi.Parser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import org.jsoup.Jsoup;

/**
 * Parses HTML pages into a section tree: the page's main content ({@link HtmlContent}: navigation,
 * page headers and footers, scripts and hidden parts left out), its {@code h1}–{@code h6} as headings,
 * paragraphs, lists with their numbers, {@code <pre>} kept whole and tables in place ({@link
 * HtmlBlocks}). The text is decoded in the charset the page declares, else UTF-8, else Windows-1252
 * ({@link HtmlCharset}). The document's title is the page's {@code <title>}, else its first heading.
 * Thread-safe.
 */
public final class HtmlParser implements Parser {

    /** Changes whenever the output for the same file changes; part of the parse-cache key. */
    public static final String VERSION = "html-1";

    /** The largest page read: larger files are not web pages a person wrote. */
    static final long MAX_BYTES = 256L << 20;

    /** Creates the parser. */
    public HtmlParser() {}

    /**
     * Parses one HTML file.
     *
     * @throws ParseException with a one-line reason when the file cannot be read, is empty or too large
     */
    @Override
    public Document parse(Path file) {
        Objects.requireNonNull(file, "file");
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new ParseException(
                        file,
                        "the file is " + (size >> 20) + " MiB, more than the 256 MiB an HTML page is read up to;"
                                + " split it or convert it to text",
                        null);
            }
        } catch (IOException e) {
            throw SourceFile.unreadable(file, e);
        }
        byte[] bytes = SourceFile.read(file);
        org.jsoup.nodes.Document page = Jsoup.parse(HtmlCharset.decode(bytes), "");
        String title = HtmlContent.title(page).orElse(DocumentIds.stem(file));
        Blocks out = new Blocks(title);
        new HtmlBlocks(out).write(HtmlContent.main(page));
        return new Document(DocumentIds.of(file, bytes), title, file.toString(), 0, Map.of(), out.build());
    }
}
