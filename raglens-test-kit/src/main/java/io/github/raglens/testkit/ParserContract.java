package io.github.raglens.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.spi.Parser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Parser} promises. A parser's test implements this interface and supplies the
 * parser and a few files it reads, each holding some text.
 */
public interface ParserContract {

    /** The parser under test. */
    Parser parser();

    /** Files the parser reads, each with text in it. */
    List<Path> files();

    /** Every file parses to a document with text and an id that is the same when parsed again. */
    @Test
    default void parse_givesADocumentWithTextAndAStableId() {
        for (Path file : files()) {
            Document first = parser().parse(file);
            assertThat(first.id()).as("id of %s", file).isNotBlank();
            assertThat(allText(first.root())).as("text of %s", file).isNotBlank();
            assertThat(parser().parse(file).id())
                    .as("id of %s parsed again", file)
                    .isEqualTo(first.id());
        }
    }

    /** Eight concurrent parses of one file give the same section tree. */
    @Test
    default void parse_isThreadSafe_theSameDocumentFromEveryThread() throws Exception {
        Path file = files().get(0);
        Document alone = parser().parse(file);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Document>> futures = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                futures.add(pool.submit(() -> parser().parse(file)));
            }
            for (Future<Document> f : futures) {
                assertThat(f.get().root()).isEqualTo(alone.root());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** A missing file is a {@link io.github.raglens.error.ParseException} whose message names it. */
    @Test
    default void parse_missingFile_isAParseExceptionNamingIt() {
        Path missing = files().get(0).resolveSibling("no-such-file-" + System.nanoTime() + ".pdf");
        assertThatThrownBy(() -> parser().parse(missing))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining(missing.getFileName().toString());
    }

    private static String allText(Section section) {
        StringBuilder s = new StringBuilder(section.title()).append(section.text());
        for (Section child : section.children()) {
            s.append(allText(child));
        }
        return s.toString();
    }
}
