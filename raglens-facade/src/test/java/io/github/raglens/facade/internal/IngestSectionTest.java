package io.github.raglens.facade.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.result.IngestReport;
import java.util.List;
import org.junit.jupiter.api.Test;

class IngestSectionTest {

    private static final IngestReport INGEST = IngestReport.of(
            List.of(
                    new IngestReport.Entry("ledger.xlsx", "ok", "", 2, 2, 3, 6, 12, "xlsx", 0, 2, 812, false, ""),
                    new IngestReport.Entry(
                            "scan.pdf", "ok", "", 3, 1, 0, 4, 30, "pdf", 0, 1, 400, true, "text looks garbled: why"),
                    new IngestReport.Entry(
                            "gone.docx", "failed", "the file is empty", 0, 0, 0, 0, 1, "docx", 0, 0, 0, false, "")),
            List.of());

    @Test
    void htmlSaysPerFormatAndPerFileWhatWasSeen_problemsFirst() {
        StringBuilder h = new StringBuilder();

        IngestSection.html(h, INGEST);

        assertThat(h.toString())
                .startsWith("<section id=\"ingest\"><h2>Ingest</h2>\n<ul class=\"meta\"><li>xlsx: 1 file, 2 sheets,"
                        + " 2 headings, 3 tables, 812 characters</li><li>pdf: 1 file, 3 pages, 1 heading, 0 tables,"
                        + " 400 characters, 1 with text that looks garbled</li><li>docx: 1 file (0 parsed), 0"
                        + " headings, 0 tables, 0 characters</li></ul>")
                .containsSubsequence(
                        "<tr><td>scan.pdf</td><td>pdf</td><td>ok</td><td>3</td><td>0</td><td>1</td><td>0</td>"
                                + "<td>400</td><td>text looks garbled: why</td></tr>",
                        "<tr><td>gone.docx</td>",
                        "<tr><td>ledger.xlsx</td><td>xlsx</td><td>ok</td><td>2</td><td>0</td><td>2</td><td>3</td>"
                                + "<td>812</td><td></td></tr>");
    }

    @Test
    void markdownListsTheFormatsAndTheFilesWithAProblem() {
        StringBuilder md = new StringBuilder();

        IngestSection.markdown(md, INGEST);

        assertThat(md.toString()).isEqualTo("""
                        ## Ingest

                        - xlsx: 1 file, 2 sheets, 2 headings, 3 tables, 812 characters
                        - pdf: 1 file, 3 pages, 1 heading, 0 tables, 400 characters, 1 with text that looks garbled
                        - docx: 1 file (0 parsed), 0 headings, 0 tables, 0 characters
                        - scan.pdf: text looks garbled: why
                        - gone.docx: the file is empty

                        """);
    }

    @Test
    void noIngestReportWritesNoSection() {
        StringBuilder h = new StringBuilder();

        IngestSection.html(h, IngestReport.of(List.of(), List.of()));

        assertThat(h).isEmpty();
    }
}
