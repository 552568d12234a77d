package io.github.raglens.eval.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.eval.scoring.ScoreRecord;
import io.github.raglens.gate.GateOptions;
import io.github.raglens.result.Baseline;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.GateResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RegressionGateTest {

    @TempDir
    Path dir;

    final GateFixture fixture = new GateFixture();
    final Baseline baseline = BaselineRecorder.fromBenchmark(fixture.benchmark(fixture.baseline()));
    final RegressionGate gate =
            RegressionGate.of(GateOptions.builder().permutations(2_000).build());

    @Test
    void unchangedSystem_passes() {
        GateResult report =
                gate.compare(baseline, BaselineRecorder.fromBenchmark(fixture.benchmark(fixture.baseline())));

        assertThat(report.regressed()).isFalse();
        assertThat(report.checks()).extracting(GateResult.Check::metric).containsExactly("hit@5", "mrr@5", "ndcg@5");
        assertThat(report.checks()).allSatisfy(c -> {
            assertThat(c.difference().mean()).isZero();
            assertThat(c.pValue()).isEqualTo(1.0);
            assertThat(c.detectableDrop()).as("no spread to plan with").isEmpty();
        });
        assertThat(report.message())
                .startsWith("nothing is significantly worse than the baseline (paired randomization"
                        + " test per metric, 2000 permutations, Holm-corrected across 3 checks, alpha 0.05, minimum"
                        + " effect 0.020)")
                .contains("  power: my-rag hit@5 with 80 questions cannot estimate what drop it would catch: the two"
                        + " runs agree on every question; a drop of 0.040 needs a spread to plan with");
    }

    @Test
    void slightlyNoisierSystem_passes() {
        GateResult report =
                gate.compare(baseline, BaselineRecorder.fromBenchmark(fixture.benchmark(fixture.noisier())));

        assertThat(report.regressed()).isFalse();
        GateResult.Check mrr = check(report, "mrr@5");
        assertThat(mrr.difference().mean()).isNegative();
        assertThat(mrr.regressed()).isFalse();
    }

    @Test
    void systemThatDropsTheBestHit_failsWithAnActionableMessage() {
        GateResult report =
                gate.compare(baseline, BaselineRecorder.fromBenchmark(fixture.benchmark(fixture.droppingTheBestHit())));

        assertThat(report.regressed()).isTrue();
        GateResult.Check hit = check(report, "hit@5");
        assertThat(hit.regressed()).isTrue();
        assertThat(hit.adjustedPValue()).isLessThan(0.05).isGreaterThanOrEqualTo(hit.pValue());
        assertThat(hit.difference().mean()).isNegative();
        assertThat(hit.difference().upper())
                .as("the interval of the drop excludes 0")
                .isNegative();
        assertThat(hit.worstQuestions()).hasSize(5).allSatisfy(q -> {
            assertThat(q.before()).isEqualTo(1.0);
            assertThat(q.after()).isEqualTo(0.0);
            assertThat(q.returnedBefore()).startsWith("relevant at rank 1; top: ");
            assertThat(q.returnedAfter()).startsWith("no relevant hit in 5; top: ");
        });
        String message = report.message();
        assertThat(message).contains("checks significantly worse than the baseline");
        assertThat(message)
                .containsPattern("WORSE my-rag hit@5: baseline [01]\\.\\d{4} \\[[01]\\.\\d{4}, [01]\\.\\d{4}\\]"
                        + " -> now 0\\.\\d{4} \\[0\\.\\d{4}, 0\\.\\d{4}\\], difference -0\\.\\d{4} \\[-0\\.\\d{4},"
                        + " -0\\.\\d{4}\\], p = 0\\.\\d{4} \\(Holm 0\\.\\d{4}\\), n = 80");
        assertThat(message).contains("\"What load class is widget ");
        assertThat(message)
                .containsPattern("power: my-rag hit@5 with 80 questions fails a true drop of 0\\.\\d{3} in 80% of"
                        + " runs; a drop of 0\\.040 needs \\d+ questions");
    }

    @Test
    void aDropSmallerThanTheMinimumEffect_neverFails() {
        GateResult strict = RegressionGate.of(
                        GateOptions.builder().permutations(2_000).minEffect(0.3).build())
                .compare(baseline, BaselineRecorder.fromBenchmark(fixture.benchmark(fixture.droppingTheBestHit())));

        assertThat(strict.regressed()).isFalse();
    }

    @Test
    void baselineMetrics_equalTheBenchmarksOwnMeans() {
        BenchmarkResult report = fixture.benchmark(fixture.baseline());
        Baseline b = BaselineRecorder.fromBenchmark(report);
        for (String metric : List.of("hit@1", "hit@5", "mrr@5", "ndcg@3", "map")) {
            double mean = b.values("my-rag", metric).values().stream()
                    .mapToDouble(Double::doubleValue)
                    .average()
                    .orElseThrow();
            assertThat(mean)
                    .as(metric)
                    .isCloseTo(report.retriever("my-rag").metrics().get(metric).mean(), within(1e-12));
        }
    }

    @Test
    void baselineFile_roundTripsAndIsWrittenInKeyOrder() throws Exception {
        Path file = dir.resolve("baseline.json");
        baseline.write(file);
        String first = Files.readString(file);
        Baseline read = BaselineRecorder.read(file);
        assertThat(read).isEqualTo(baseline);
        read.write(file);
        assertThat(Files.readString(file)).isEqualTo(first);
        assertThat(first.indexOf("\"hit@1\"")).isLessThan(first.indexOf("\"hit@3\""));
        assertThat(first.indexOf("\"q0\"")).isLessThan(first.indexOf("\"q1\""));
        assertThat(first).startsWith("{\n  \"format\" : \"raglens-baseline/1\"");
    }

    @Test
    void read_takesABenchmarkJsonAsItsBaseline() {
        Path file = dir.resolve("benchmark.json");
        fixture.benchmark(fixture.baseline()).writeJson(file);

        assertThat(BaselineRecorder.read(file)).isEqualTo(baseline);
    }

    @Test
    void read_explainsAMissingOrForeignFile() throws Exception {
        Path missing = dir.resolve("none.json");
        assertThatThrownBy(() -> BaselineRecorder.read(missing))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no baseline at " + missing + "; record one from a benchmark with"
                        + " RagLens.baseline().write(file) and commit it");
        Path foreign = Files.writeString(dir.resolve("other.json"), "{\"name\": 1}");
        assertThatThrownBy(() -> BaselineRecorder.read(foreign))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(foreign + " is neither a raglens baseline nor a benchmark.json; write a baseline from a"
                        + " benchmark with RagLens.baseline().write(file)");
    }

    @Test
    void compare_namesAMissingSystemOrMetric() {
        Baseline other = Baseline.ofBenchmark(
                "chunk",
                baseline.questions(),
                java.util.Map.of("bm25", baseline.scores().get("my-rag")),
                java.util.Map.of());
        assertThatThrownBy(() -> gate.compare(baseline, other))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("system 'my-rag' of the baseline is missing from the current run, which has bm25;"
                        + " run it again or record a new baseline");
        assertThatThrownBy(() -> RegressionGate.of(GateOptions.builder()
                                .metrics(List.of("ndcg@10"))
                                .build())
                        .compare(baseline, baseline))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("metric 'ndcg@10' is not in both runs of 'my-rag'; both have hit@1, hit@3");
    }

    @Test
    void theOptions_configureTheGate() {
        GateOptions o = GateOptions.builder()
                .minEffect(0.01)
                .alpha(0.1)
                .permutations(500)
                .catchingDropsOf(0.1)
                .build();
        assertThat(RegressionGate.of(o).toString())
                .contains("minEffect=0.01", "plannedDrop=0.1", "requireDetectable=true", "alpha=0.1");
        assertThat(RegressionGate.of(GateOptions.defaults()).toString())
                .contains("minEffect=0.02", "plannedDrop=0.04", "requireDetectable=false", "alpha=0.05");
    }

    private static GateResult.Check check(GateResult report, String metric) {
        return report.checks().stream()
                .filter(c -> c.metric().equals(metric))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void judgeScores_gateLikeRetrievalMetrics_onTheFirstJudgementOfTheJudgeModel() {
        List<ScoreRecord> before = new java.util.ArrayList<>();
        List<ScoreRecord> after = new java.util.ArrayList<>();
        for (int q = 0; q < 60; q++) {
            double score = q % 3 == 0 ? 0.5 : 1.0;
            before.add(scored("q" + q, "openai/judge", 0, score));
            before.add(scored("q" + q, "openai/other-judge", 0, 0.0));
            after.add(scored("q" + q, "openai/judge", 0, q % 2 == 0 ? score - 0.5 : score));
            after.add(scored("q" + q, "openai/judge", 1, score));
        }
        Baseline old = BaselineRecorder.fromScores(
                before,
                java.util.Map.of("faithfulness", "statements@1"),
                "openai/judge",
                java.util.Map.of("q0", "What is q0?"));
        Baseline now = BaselineRecorder.fromScores(
                after, java.util.Map.of("faithfulness", "statements@1"), "openai/judge", java.util.Map.of());

        assertThat(old.source()).isEqualTo("evaluation");
        assertThat(old.values("hybrid", "faithfulness")).hasSize(60).containsEntry("q1", 1.0);
        assertThat(gate.compare(old, old).regressed()).isFalse();
        GateResult report = gate.compare(old, now);
        assertThat(report.regressed()).isTrue();
        assertThat(report.checks()).singleElement().satisfies(c -> {
            assertThat(c.metric()).isEqualTo("faithfulness");
            assertThat(c.difference().mean()).isCloseTo(-0.25, within(1e-12));
        });
    }

    private static ScoreRecord scored(String questionId, String judge, int repeat, double score) {
        return new ScoreRecord(
                "hybrid",
                questionId,
                "faithfulness",
                judge,
                "statements@1",
                ScoreRecord.SCORED,
                score,
                "",
                "",
                repeat,
                "",
                "");
    }
}
