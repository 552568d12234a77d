package io.github.raglens.parse.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A table finder that fails on a page costs the page its tables, not its text, and says so in one line. */
class PageTablesTest {

    @TempDir
    Path dir;

    @Test
    void failedTableExtraction_warnsInOneLineNamingFileAndPage_withTheStackAtDebug() throws IOException {
        Path pdf = LargePdfs.ruledTable(dir.resolve("grid.pdf"), 4, 3);
        PdfParser parser = PdfParser.builder()
                .tableSource((page, tabula) -> {
                    throw new IllegalStateException("ruling lines cross outside the page");
                })
                .build();
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream err = System.err;
        Document d;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            d = parser.parse(pdf);
        } finally {
            System.setErr(err);
        }
        assertThat(d.root().text()).contains("r3c2");
        List<String> lines = captured.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines.stream().filter(l -> l.startsWith("WARN")))
                .containsExactly("WARN io.github.raglens.parse.pdf.PageTables - " + pdf
                        + ": table extraction failed on page 1 (java.lang.IllegalStateException: ruling lines cross"
                        + " outside the page); kept its text as text");
        assertThat(lines)
                .contains(
                        "DEBUG io.github.raglens.parse.pdf.PageTables - " + pdf + ": table extraction failed on page 1")
                .anySatisfy(l -> assertThat(l).startsWith("\tat io.github.raglens.parse.pdf.PageTablesTest"));
    }
}
