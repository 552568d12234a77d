package io.github.raglens.parse.markdown;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.parse.DocumentParser;
import io.github.raglens.parse.text.PlainTextParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarkdownParserTest {

    @TempDir
    Path dir;

    @Test
    void parse_atxAndSetextHeadings_tablesMathAndCode() throws IOException {
        String md = """
                Guide Title
                ===========

                Intro paragraph.

                ## Setup

                Install it.

                ```bash
                # not a heading

                echo hi
                ```

                Second part
                -----------

                | Name | Score |
                |------|------:|
                | a \\| b | 1 |
                | c | 2 |

                $$
                E = mc^2
                $$

                ### Deep
                text
                """;
        Path file = Files.writeString(dir.resolve("guide.md"), md);
        Document d = new MarkdownParser().parse(file);
        assertThat(d.title()).isEqualTo("Guide Title");
        Section guide = d.root().children().getFirst();
        assertThat(guide.title()).isEqualTo("Guide Title");
        assertThat(guide.text()).isEqualTo("Intro paragraph.");
        assertThat(guide.children()).extracting(Section::title).containsExactly("Setup", "Second part");
        Section setup = guide.children().get(0);
        assertThat(setup.text()).isEqualTo("Install it.\n\n```bash\n# not a heading\n\necho hi\n```");
        Section second = guide.children().get(1);
        assertThat(second.tables()).hasSize(1);
        assertThat(second.tables().getFirst().rows())
                .containsExactly(List.of("Name", "Score"), List.of("a | b", "1"), List.of("c", "2"));
        assertThat(second.text())
                .isEqualTo("| Name | Score |\n| --- | --- |\n| a \\| b | 1 |\n| c | 2 |\n\n$$\nE = mc^2\n$$");
        assertThat(second.children().getFirst().title()).isEqualTo("Deep");
        assertThat(second.children().getFirst().level()).isEqualTo(3);
    }

    @Test
    void parse_noLevelOneHeading_usesFileName() throws IOException {
        Path file = Files.writeString(dir.resolve("notes.md"), "## Only\n\ntext\n");
        Document d = new MarkdownParser().parse(file);
        assertThat(d.title()).isEqualTo("notes");
        assertThat(d.root().children().getFirst().level()).isEqualTo(1);
    }

    @Test
    void parse_invalidUtf8_failsWithRemedy() throws IOException {
        Path file = Files.write(dir.resolve("latin1.md"), new byte[] {'c', 'a', 'f', (byte) 0xE9, '\n'});
        assertThatThrownBy(() -> new MarkdownParser().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage(
                        "cannot parse " + file + ": the file is not valid UTF-8; convert it to UTF-8 and try again");
    }

    @Test
    void plainText_paragraphsAndTitle() throws IOException {
        Path file = Files.writeString(dir.resolve("memo.txt"), "Memo title\n\nFirst para\nline two.\n\n\nSecond.\n");
        Document d = new PlainTextParser().parse(file);
        assertThat(d.title()).isEqualTo("Memo title");
        assertThat(d.root().text()).isEqualTo("Memo title\n\nFirst para\nline two.\n\nSecond.");
        assertThat(d.id()).startsWith("memo-").hasSize("memo-".length() + 12);
    }

    @Test
    void plainText_binaryContent_fails() throws IOException {
        Path file = Files.write(dir.resolve("bin.txt"), new byte[] {1, 0, 2});
        assertThatThrownBy(() -> new PlainTextParser().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + ": not a text file (binary content); check the file type or its"
                        + " extension");
    }

    @Test
    void documentParser_unsupportedExtension_fails() throws IOException {
        Path file = Files.writeString(dir.resolve("x.odt"), "x");
        assertThatThrownBy(() -> DocumentParser.create().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage(
                        "cannot parse " + file
                                + ": unsupported file type; raglens reads .pdf, .md, .markdown, .txt, .text, .docx, .docm, .pptx, .pptm, .xlsx, .xlsm, .html, .htm, .xhtml, .epub, .png, .jpg, .jpeg, .tif and .tiff files");
    }

    @Test
    void documentId_isStableAndFollowsContent() throws IOException {
        Path a = Files.writeString(dir.resolve("a.txt"), "same text");
        String first = new PlainTextParser().parse(a).id();
        assertThat(new PlainTextParser().parse(a).id()).isEqualTo(first);
        Files.writeString(a, "other text");
        assertThat(new PlainTextParser().parse(a).id()).isNotEqualTo(first).startsWith("a-");
    }
}
