package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.eval.baseline.GateFixture;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateCommandTest {

    @TempDir
    static Path dir;

    static Path unchanged;
    static Path noisier;
    static Path degraded;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void benchmarks() {
        GateFixture fixture = new GateFixture();
        unchanged = dir.resolve("unchanged/benchmark.json");
        noisier = dir.resolve("noisier/benchmark.json");
        degraded = dir.resolve("degraded/benchmark.json");
        fixture.benchmark(fixture.baseline()).writeJson(unchanged);
        fixture.benchmark(fixture.noisier()).writeJson(noisier);
        fixture.benchmark(fixture.droppingTheBestHit()).writeJson(degraded);
    }

    private int run(String... args) {
        return RaglensCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private Path recordedBaseline() {
        Path baseline = dir.resolve("baseline.json");
        assertThat(run("baseline", "--from", unchanged.toString(), "--out", baseline.toString()))
                .isZero();
        return baseline;
    }

    @Test
    void baseline_writesTheFileAndSaysHowToGate() throws Exception {
        Path baseline = recordedBaseline();

        assertThat(Files.readString(baseline)).startsWith("{\n  \"format\" : \"raglens-baseline/1\"");
        assertThat(out.toString())
                .isEqualTo("baseline: " + baseline + " (1 retriever, 80 questions); commit it and check later runs"
                        + " with raglens gate --baseline " + baseline + "\n");
    }

    @Test
    void gate_unchangedAndNoisierExit0_degradedExits4WithTheReasons() {
        Path baseline = recordedBaseline();
        out.getBuffer().setLength(0);

        assertThat(run("gate", "--baseline", baseline.toString(), "--current", unchanged.toString()))
                .isZero();
        assertThat(out.toString()).startsWith("nothing is significantly worse than the baseline");
        assertThat(run("gate", "--baseline", baseline.toString(), "--current", noisier.toString()))
                .isZero();
        out.getBuffer().setLength(0);

        assertThat(run("gate", "--baseline", baseline.toString(), "--current", degraded.toString()))
                .isEqualTo(GateCommand.EXIT_REGRESSION);
        assertThat(out.toString())
                .startsWith("1 of 3 checks significantly worse than the baseline")
                .contains("WORSE my-rag hit@5")
                .contains("now:    no relevant hit in 5; top: ");
    }

    @Test
    void gate_readsTheWorkspacesBenchmarkByDefault() {
        Path workspace = unchanged.getParent();
        assertThat(run("--workspace", workspace.toString(), "gate", "--baseline", degraded.toString()))
                .isZero();
    }

    @Test
    void gate_missingBaseline_isAUsageErrorInCliTerms() {
        Path missing = dir.resolve("nothing.json");

        assertThat(run("gate", "--baseline", missing.toString(), "--current", unchanged.toString()))
                .isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("raglens gate: no baseline at " + missing + "; record one with raglens baseline --out FILE"
                        + " and commit it\nsee raglens gate --help\n");
    }

    @Test
    void gate_unknownMetric_namesTheMetricsBothRunsHave() {
        Path baseline = recordedBaseline();

        assertThat(run(
                        "gate",
                        "--baseline",
                        baseline.toString(),
                        "--current",
                        unchanged.toString(),
                        "--metrics",
                        "ndcg@10"))
                .isEqualTo(2);
        assertThat(err.toString()).startsWith("raglens gate: metric 'ndcg@10' is not in both runs of 'my-rag'");
    }

    @Test
    void gate_requireDetectable_exits4WhenTheQuestionsCouldNotCatchTheDrop() {
        Path baseline = recordedBaseline();
        out.getBuffer().setLength(0);

        assertThat(run(
                        "gate",
                        "--baseline",
                        baseline.toString(),
                        "--current",
                        unchanged.toString(),
                        "--require-detectable",
                        "0.05"))
                .isEqualTo(GateCommand.EXIT_REGRESSION);
        assertThat(out.toString())
                .startsWith("nothing is significantly worse, but 3 of 3 checks could not catch a drop of 0.050")
                .contains("cannot estimate what drop it would catch: the two runs agree on every question");
    }
}
