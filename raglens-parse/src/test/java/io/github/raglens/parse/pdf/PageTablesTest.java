package io.github.raglens.parse.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.testdata.SharedData;
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
        Document[] d = new Document[1];
        List<String> lines = logged(() -> d[0] = parser.parse(pdf));
        assertThat(d[0].root().text()).contains("r3c2");
        assertThat(lines.stream().filter(l -> l.startsWith("WARN")))
                .containsExactly("WARN io.github.raglens.parse.pdf.PageTables - " + pdf
                        + ": table extraction failed on page 1 (java.lang.IllegalStateException: ruling lines cross"
                        + " outside the page); kept its text as text");
        assertThat(lines)
                .contains(
                        "DEBUG io.github.raglens.parse.pdf.PageTables - " + pdf + ": table extraction failed on page 1")
                .anySatisfy(l -> assertThat(l).startsWith("\tat io.github.raglens.parse.pdf.PageTablesTest"));
    }

    @Test
    void aRegionWithoutWidthOrHeight_isPassedOver_notAFailureThatCostsThePageItsTables() {
        // page 4 of this paper gives an area of no width or height: cutting Tabula's page to it failed
        // ("Can't add an oblique ruling": its border rulings have no length) and dropped the page's tables
        Path pdf = SharedData.require("pdfs/fid_izacard2020_2007.01282v2.pdf");
        List<String> lines = logged(() -> PdfParser.create().parse(pdf));
        assertThat(lines).noneMatch(l -> l.contains("table extraction failed"));
    }

    /** What the parse logged, through the simple logger's standard error. */
    private static List<String> logged(Runnable parse) {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream err = System.err;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            parse.run();
        } finally {
            System.setErr(err);
        }
        return captured.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
