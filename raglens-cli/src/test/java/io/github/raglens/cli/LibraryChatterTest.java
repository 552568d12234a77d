package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * What the libraries under the command write on their own: PDFBox warns of every substituted font
 * and every glyph without a Unicode mapping, lines a user can do nothing about, on every PDF.
 */
class LibraryChatterTest {

    @Test
    void parse_aPdfWithASubstitutedFont_printsOnlyTheDocument() {
        Path pdf = Path.of(
                System.getProperty("raglens.sharedData", "../../shared/data"),
                "pdfs",
                "attention_vaswani2017_1706.03762v5.pdf");
        Assumptions.assumeTrue(Files.isRegularFile(pdf), () -> "skipped: shared test data not found at " + pdf);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ByteArrayOutputStream logged = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        System.setErr(new PrintStream(logged, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = RaglensCli.run(
                    new String[] {"parse", pdf.toString()}, new PrintWriter(out, true), new PrintWriter(err, true));
        } finally {
            System.setErr(stderr);
        }
        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Attention");
        assertThat(err.toString()).isEmpty();
        assertThat(logged.toString(StandardCharsets.UTF_8)).isEmpty();
    }
}
