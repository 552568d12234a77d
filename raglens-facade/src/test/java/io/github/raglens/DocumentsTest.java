package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocumentsTest {

    @Test
    void json_flattensSections_andListsTables(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("doc.md"), "# Doc\n\n## Part\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
        Document document = Documents.parse(file, true);
        assertThat(Documents.json(document))
                .contains("\"title\" : \"Part\"")
                .contains("\"level\" : 2")
                .contains("\"rows\" : [ [ \"a\", \"b\" ], [ \"1\", \"2\" ] ]");
    }

    @Test
    void markdown_writesTheHeadings(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("doc.md"), "# Doc\n\nbody\n");
        assertThat(Documents.markdown(Documents.parse(file, false))).isEqualTo("# Doc\n\n## Doc\n\nbody\n");
    }
}
