package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.Setting;
import io.github.raglens.error.SettingException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IngestSettingTest {

    @Test
    void missingOrEmptyFolder_namesTheSetting_inApiTerms(@TempDir Path dir) throws IOException {
        RagLens lens = RagLens.builder().workspace(dir.resolve("ws")).bm25().build();
        Path missing = dir.resolve("missing");
        assertThatThrownBy(() -> lens.ingest(missing))
                .isInstanceOf(SettingException.class)
                .hasMessage("documents folder " + missing + " does not exist or is not a folder; check the documents"
                        + " folder given to RagLens.ingest(docs)")
                .satisfies(e -> assertThat(((SettingException) e).setting()).isEqualTo(Setting.DOCUMENTS));
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThatThrownBy(() -> lens.ingest(empty))
                .isInstanceOf(SettingException.class)
                .hasMessage("no PDF, Markdown, text, Word, PowerPoint, Excel, HTML, EPUB or image (OCR) files under "
                        + empty + "; check the documents folder given to RagLens.ingest(docs)");
    }
}
