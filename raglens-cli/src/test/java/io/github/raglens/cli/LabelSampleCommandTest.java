package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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

    @Test
    void relevance_drawsPooledPassagesTheJudgeGraded_intoTheLabelsFile_andNeedsAGradedPoolFirst() throws Exception {
        Path ws = dir.resolve("ws");
        assertThat(run("--workspace", ws.toString(), "label-sample", "--metric", "relevance"))
                .isEqualTo(1);
        assertThat(err.toString().strip())
                .isEqualTo("raglens label-sample: the judge graded no pooled passage yet; run raglens benchmark"
                        + " --relevance judged (or with --judge-only) first");

        Files.createDirectories(ws.resolve("runs"));
        StringBuilder pool = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            pool.append("{\"queryId\":\"q")
                    .append(i % 4)
                    .append("\",\"question\":\"Why?\",\"passage\":\"c")
                    .append(i)
                    .append("\",\"text\":\"passage ")
                    .append(i)
                    .append("\",\"grade\":1,\"byEvidence\":false,\"judgeModel\":\"fake/grader\",\"version\":\"v\"}\n");
        }
        Files.writeString(ws.resolve("runs").resolve("judged-passages.jsonl"), pool.toString(), StandardCharsets.UTF_8);

        assertThat(run("--workspace", ws.toString(), "label-sample", "--metric", "relevance", "--seed", "7"))
                .isEqualTo(0);
        Path labels = ws.resolve("human-labels.jsonl");
        assertThat(out.toString().strip())
                .isEqualTo("drew 10 pooled passages (uniform, seed 7): 10 added to " + labels + ", 0 already there;"
                        + " fill in each \"grade\" (0 unrelated, 1 on the topic, 2 answers in part, 3 answers) and run"
                        + " raglens benchmark --relevance judged");
        assertThat(Files.readAllLines(labels, StandardCharsets.UTF_8))
                .hasSize(10)
                .allSatisfy(line -> assertThat(line).contains("\"metric\":\"relevance\"", "\"grade\":null"));
    }

    @Test
    void relevance_isDrawnUniformlyOnly_andAnUnknownMetricNamesRelevanceToo() {
        assertThat(run("label-sample", "--metric", "relevance", "--design", "per-system"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("--design per-system does not apply to --metric relevance: a pooled passage is shared by"
                        + " the retrievers that returned it, so passages are drawn uniformly");
        assertThat(run("label-sample", "--metric", "fluency")).isEqualTo(2);
        assertThat(err.toString()).contains("Invalid value for option '--metric': unknown metric 'fluency'");
        assertThat(err.toString()).contains(", or relevance");
    }
}
