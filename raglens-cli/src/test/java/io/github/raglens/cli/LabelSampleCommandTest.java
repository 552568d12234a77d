package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LabelSampleCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return RaglensCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void withoutAnEvaluation_saysWhichCommandComesFirst() {
        Path ws = dir.resolve("ws");
        assertThat(run("--workspace", ws.toString(), "label-sample", "--metric", "faithfulness"))
                .isEqualTo(1);
        assertThat(err.toString().strip())
                .isEqualTo("raglens label-sample: no evaluation in " + ws
                        + " yet; run raglens evaluate before drawing or calibrating labels");
    }

    @Test
    void anUnknownDesign_orACountBelowOne_isAUsageError() {
        assertThat(run("label-sample", "--metric", "faithfulness", "--design", "stratified"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("Invalid value for option '--design': design must be uniform or per-system, was"
                        + " 'stratified'");
        assertThat(run("label-sample", "--metric", "faithfulness", "--count", "0"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--count must be at least 1, was 0");
    }
}
