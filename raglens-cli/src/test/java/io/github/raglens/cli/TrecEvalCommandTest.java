package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrecEvalCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return RaglensCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private static Path trecTest() {
        Path p = Path.of(System.getProperty("raglens.sharedData", "../../shared/data"), "trec_eval", "test");
        Assumptions.assumeTrue(Files.isDirectory(p), () -> "skipped: shared test data not found at " + p);
        return p;
    }

    @Test
    void allTrecPerQueryGraded_printsTrecEvalsExactOutput() throws IOException {
        Path t = trecTest();
        int code = run(
                "trec-eval",
                "-m",
                "all_trec",
                "-mrelstring.20",
                "-q",
                "-l2",
                t.resolve("qrels.rel_level").toString(),
                t.resolve("results.test").toString());
        assertThat(code).isZero();
        assertThat(out.toString()).isEqualTo(Files.readString(t.resolve("out.test.aql"), StandardCharsets.UTF_8));
    }

    @Test
    void truncatedCompleteRun_printsTrecEvalsExactOutput() throws IOException {
        Path t = trecTest();
        int code = run(
                "trec-eval",
                "-m",
                "all_trec",
                "-q",
                "-c",
                "-M100",
                t.resolve("qrels.test").toString(),
                t.resolve("results.trunc").toString());
        assertThat(code).isZero();
        assertThat(out.toString()).isEqualTo(Files.readString(t.resolve("out.test.aqcM"), StandardCharsets.UTF_8));
    }

    @Test
    void scoresEqualAsCFloat_tieAndRankByDocnoDescending(@TempDir Path dir) throws IOException {
        Path qrels = Files.writeString(dir.resolve("qrels"), "q1 0 a 1\nq1 0 b 0\n");
        Path runFile = Files.writeString(dir.resolve("run"), "q1 Q0 a 1 0.30000001 x\nq1 Q0 b 2 0.3 x\n");
        assertThat(run("trec-eval", "-m", "recip_rank", qrels.toString(), runFile.toString()))
                .isZero();
        assertThat(out.toString()).isEqualTo("recip_rank            \tall\t0.5000\n");
    }

    @Test
    void unknownMeasure_isAUsageError(@TempDir Path dir) throws IOException {
        Path qrels = Files.writeString(dir.resolve("q"), "1 0 a 1\n");
        Path runFile = Files.writeString(dir.resolve("r"), "1 Q0 a 1 1.0 x\n");
        assertThat(run("trec-eval", "-m", "mrr", qrels.toString(), runFile.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).startsWith("raglens trec-eval: unknown measure 'mrr'; supported: runid, num_q,");
    }

    @Test
    void malformedRun_failsWithTheFileAndLine(@TempDir Path dir) throws IOException {
        Path qrels = Files.writeString(dir.resolve("q"), "1 0 a 1\n");
        Path runFile = Files.writeString(dir.resolve("r"), "1 Q0 a 1\n");
        assertThat(run("trec-eval", qrels.toString(), runFile.toString())).isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo("raglens: cannot parse " + runFile
                        + ": line 1 has 4 fields; a run line is 'qid Q0 docid rank score runid'"
                        + System.lineSeparator());
    }
}
