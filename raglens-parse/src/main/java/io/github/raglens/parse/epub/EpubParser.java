package io.github.raglens.parse.epub;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.parse.document.Blocks;
import io.github.raglens.parse.document.DocumentIds;
import io.github.raglens.parse.html.HtmlBlocks;
import io.github.raglens.parse.html.HtmlCharset;
import io.github.raglens.parse.html.HtmlContent;
import io.github.raglens.parse.packaging.XmlParts;
import io.github.raglens.spi.Parser;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.zip.ZipException;
import javax.xml.stream.XMLStreamException;
import org.jsoup.Jsoup;

/**
 * Parses EPUB books into one section tree: the chapters in the order of the book's spine, each read as
 * an HTML page (its headings, paragraphs, lists and tables), under the title the book's package
 * declares. A book protected by DRM and a file that is not an EPUB package each fail with one line.
 * Thread-safe.
 */
public final class EpubParser implements Parser {

    /** Changes whenever the output for the same file changes; part of the parse-cache key. */
    public static final String VERSION = "epub-1";

    /** Creates the parser. */
    public EpubParser() {}

    /**
     * Parses one EPUB file.
     *
     * @throws ParseException with a one-line reason when the file is not a readable EPUB book
     */
    @Override
    public Document parse(Path file) {
        Objects.requireNonNull(file, "file");
        try (EpubBook book = EpubBook.open(file)) {
            String title = book.title().orElse(DocumentIds.stem(file));
            Blocks out = new Blocks(title);
            HtmlBlocks writer = new HtmlBlocks(out);
            for (String chapter : book.spine()) {
                byte[] bytes = book.read(chapter);
                if (bytes != null) {
                    writer.write(HtmlContent.main(Jsoup.parse(HtmlCharset.decode(bytes), "")));
                }
            }
            return new Document(DocumentIds.of(file), title, file.toString(), 0, Map.of(), out.build());
        } catch (ZipException e) {
            throw new ParseException(
                    file,
                    "not an EPUB file (not a complete zip package: " + XmlParts.problem(e) + "); check the file type or"
                            + " replace it with the complete file",
                    e);
        } catch (IOException | XMLStreamException e) {
            throw new ParseException(
                    file,
                    "not a readable EPUB file (" + XmlParts.problem(e) + "); open and save it again in an e-book editor"
                            + " such as Calibre",
                    e);
        }
    }
}
