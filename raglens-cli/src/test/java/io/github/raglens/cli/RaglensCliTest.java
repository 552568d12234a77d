package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class RaglensCliTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return RaglensCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void help_listsGlobalOptionsAndExitCodes() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString())
                .contains("--workspace=DIR", "--quiet", "--no-progress", "--version")
                .contains("3     finished, but some files or samples failed")
                .contains("130   interrupted (Ctrl-C); everything finished is kept");
    }

    @Test
    void help_documentsTheChunkerOfIngest() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString().replaceAll("\\s+", " ")).contains("(--chunker section|sliding|recursive)");
        assertThat(run("ingest", "--help")).isZero();
        assertThat(out.toString().replaceAll("\\s+", " "))
                .contains("--chunker=NAME")
                .contains("section (section-aware, default), sliding (fixed 1,000/200 window");
    }

    @Test
    void luceneInfoLogging_isSilenced_warningsStillShow() {
        run("--version");
        Logger lucene = Logger.getLogger("org.apache.lucene.internal.vectorization");
        assertThat(lucene.isLoggable(Level.INFO)).isFalse();
        assertThat(lucene.isLoggable(Level.WARNING)).isTrue();
    }

    @Test
    void pdfboxGlyphWarnings_areSilenced_errorsStillShow() {
        run("--version");
        Logger pdfbox = Logger.getLogger("org.apache.pdfbox.pdmodel.font.PDSimpleFont");
        assertThat(pdfbox.isLoggable(Level.WARNING)).isFalse();
        assertThat(pdfbox.isLoggable(Level.SEVERE)).isTrue();
    }

    @Test
    void version_namesTheBuiltVersion() {
        assertThat(run("--version")).isZero();
        assertThat(out.toString()).startsWith("raglens 0.").doesNotContain("${project.version}");
    }

    @Test
    void unknownOption_isAUsageError() {
        assertThat(run("--frobnicate")).isEqualTo(2);
        assertThat(err.toString()).contains("Unknown option: '--frobnicate'");
    }
}
