package io.github.raglens.parse.epub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EpubParserTest {

    private static final String CONTAINER = "<?xml version=\"1.0\"?><container version=\"1.0\""
            + " xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\"><rootfiles><rootfile"
            + " full-path=\"OEBPS/content.opf\" media-type=\"application/oebps-package+xml\"/></rootfiles></container>";

    @TempDir
    Path dir;

    @Test
    void chaptersAreReadInSpineOrderNotManifestOrder() throws IOException {
        String opf = "<?xml version=\"1.0\"?><package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\">"
                + "<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>Rivers of Europe</dc:title>"
                + "</metadata><manifest>"
                + "<item id=\"c2\" href=\"text/ch%202.xhtml\" media-type=\"application/xhtml+xml\"/>"
                + "<item id=\"c1\" href=\"text/ch1.xhtml\" media-type=\"application/xhtml+xml\"/>"
                + "</manifest><spine><itemref idref=\"c1\"/><itemref idref=\"c2\"/></spine></package>";
        Map<String, String> parts = new LinkedHashMap<>();
        parts.put("META-INF/container.xml", CONTAINER);
        parts.put("OEBPS/content.opf", opf);
        parts.put("OEBPS/text/ch 2.xhtml", chapter("The Danube", "It flows through ten countries."));
        parts.put("OEBPS/text/ch1.xhtml", chapter("The Rhine", "It rises in the Alps."));
        Path file = epub(dir.resolve("rivers.epub"), parts);

        Document d = new EpubParser().parse(file);

        assertThat(d.title()).isEqualTo("Rivers of Europe");
        List<String> titles = new ArrayList<>();
        for (Section s : d.root().children()) {
            titles.add(s.title() + ": " + s.text());
        }
        assertThat(titles)
                .containsExactly("The Rhine: It rises in the Alps.", "The Danube: It flows through ten countries.");
    }

    @Test
    void zipWithoutContainerAndZipBombEachFailWithOneLine() throws IOException {
        Path plainZip = epub(dir.resolve("photos.epub"), Map.of("a.txt", "x"));
        Map<String, String> bomb = new LinkedHashMap<>();
        bomb.put("META-INF/container.xml", CONTAINER);
        bomb.put("OEBPS/content.opf", " ".repeat(30_000_000));
        Path bombFile = epub(dir.resolve("bomb.epub"), bomb);

        assertThatThrownBy(() -> new EpubParser().parse(plainZip))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + plainZip + ": not an EPUB book (no META-INF/container.xml); check the"
                        + " file type or rename it with its real extension");
        assertThatThrownBy(() -> new EpubParser().parse(bombFile))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + bombFile + ": refused: the part OEBPS/content.opf expands to more"
                        + " than 100 times its compressed size, as a zip bomb does; check where the file came from");
    }

    @Test
    void damagedXmlInTheBook_isOneLineNamingWhatAndWhere() throws IOException {
        Path file = epub(
                dir.resolve("damaged.epub"),
                Map.of("META-INF/container.xml", CONTAINER.replace("full-path=\"", "full-path=")));

        assertThatThrownBy(() -> new EpubParser().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("cannot parse " + file
                        + ": not a readable EPUB file (Open quote is expected for" + " attribute \"full-path\"")
                .hasMessageContaining(" at line 1, column ")
                .hasMessageEndingWith("); open and save it again in an e-book editor such as Calibre")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void fileThatIsNotAZipFailsWithOneLine() throws IOException {
        Path file = Files.writeString(dir.resolve("book.epub"), "plain text, not a book");

        assertThatThrownBy(() -> new EpubParser().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("cannot parse " + file + ": not an EPUB file (not a complete zip package: ")
                .hasMessageEndingWith("); check the file type or replace it with the complete file");
    }

    private static String chapter(String heading, String text) {
        return "<?xml version=\"1.0\" encoding=\"utf-8\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><head>"
                + "<title>" + heading + "</title></head><body><h1>" + heading + "</h1><p>" + text
                + "</p></body></html>";
    }

    private static Path epub(Path file, Map<String, String> parts) throws IOException {
        try (OutputStream out = Files.newOutputStream(file);
                ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Map.Entry<String, String> part : parts.entrySet()) {
                zip.putNextEntry(new ZipEntry(part.getKey()));
                zip.write(part.getValue().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return file;
    }
}
