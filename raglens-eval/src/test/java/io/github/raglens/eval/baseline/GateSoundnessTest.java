package io.github.raglens.eval.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.eval.scoring.ScoreRecord;
import io.github.raglens.gate.GateOptions;
import io.github.raglens.result.Baseline;
import io.github.raglens.result.GateResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The gate compares only like with like, sees cells that stopped being scored, and says what it could not see. */
class GateSoundnessTest {

    private static final Map<String, String> V2 = Map.of("faithfulness", "statements@2");

    private static ScoreRecord cell(String q, String version, String status, Double score, String reason) {
        return new ScoreRecord("app", q, "faithfulness", "openai/judge", version, status, score, reason, "", 0, "", "");
    }

    private static Baseline benchmark(String relevance, Map<String, Map<String, Double>> bySystem) {
        Map<String, Map<String, Map<String, Double>>> scores = new TreeMap<>();
        Map<String, String> questions = new TreeMap<>();
        bySystem.forEach((system, values) -> {
            scores.put(system, Map.of("hit@5", values));
            values.keySet().forEach(q -> questions.put(q, "question " + q));
        });
        return Baseline.ofBenchmark(relevance, questions, scores, Map.of());
    }

    private static Map<String, Double> hits(int n, int firstHits) {
        Map<String, Double> out = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            out.put("q" + i, i < firstHits ? 1.0 : 0.0);
        }
        return out;
    }

    @Test
    void theEvaluationBaseline_holdsOnlyTheCurrentVersionsScores_andRecordsTheVersionsAndJudge() {
        // per-context -> one-call -> per-context: the records of the other version must not count
        List<ScoreRecord> records = new ArrayList<>();
        for (int q = 0; q < 10; q++) {
            records.add(cell("q" + q, "statements@1", ScoreRecord.SCORED, 1.0, ""));
            records.add(cell("q" + q, "statements@2", ScoreRecord.SCORED, 0.0, ""));
        }
        Baseline b = BaselineRecorder.fromScores(records, V2, "openai/judge", Map.of());
        assertThat(b.values("app", "faithfulness").values()).containsOnly(0.0).hasSize(10);
        assertThat(b.versions()).isEqualTo(V2);
        assertThat(b.judgeModel()).isEqualTo("openai/judge");
    }

    @Test
    void runsWhoseScoresMeanSomethingElse_areRefused_withWhatDiffers() {
        RegressionGate gate =
                RegressionGate.of(GateOptions.builder().permutations(1_000).build());
        Baseline evidence = benchmark("evidence", Map.of("bm25", hits(40, 30)));
        Baseline chunk = benchmark("chunk", Map.of("bm25", hits(40, 30)));
        assertThatThrownBy(() -> gate.compare(evidence, chunk))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the baseline was benchmarked with relevance 'evidence' and the current run with 'chunk',"
                        + " which score the same retrieval differently; benchmark again with relevance 'evidence' or"
                        + " record a new baseline");

        List<ScoreRecord> v1 = new ArrayList<>();
        List<ScoreRecord> v2 = new ArrayList<>();
        for (int q = 0; q < 10; q++) {
            v1.add(cell("q" + q, "statements@1", ScoreRecord.SCORED, 1.0, ""));
            v2.add(cell("q" + q, "statements@2", ScoreRecord.SCORED, 1.0, ""));
        }
        Baseline old =
                BaselineRecorder.fromScores(v1, Map.of("faithfulness", "statements@1"), "openai/judge", Map.of());
        Baseline now = BaselineRecorder.fromScores(v2, V2, "openai/judge", Map.of());
        assertThatThrownBy(() -> gate.compare(old, now))
                .hasMessage("faithfulness was scored with version 'statements@1' in the baseline and 'statements@2'"
                        + " now (a metric's version changes with its prompt, mode or arithmetic), so the scores do not"
                        + " compare; evaluate the baseline's way again or record a new baseline");
        assertThatThrownBy(() -> gate.compare(evidence, now))
                .hasMessage("the baseline holds benchmark scores and the current run evaluation scores; compare a"
                        + " benchmark with a benchmark and an evaluation with an evaluation");
        Baseline otherJudge = BaselineRecorder.fromScores(v2, V2, "ollama/llama3.2", Map.of());
        assertThatThrownBy(() -> gate.compare(now, otherJudge))
                .hasMessage("the baseline was judged by 'openai/judge' and the current run by 'ollama/llama3.2'; judge"
                        + " with the baseline's model or record a new baseline");
    }

    @Test
    void cellsThatStopBeingScored_failTheGate_onALineOfTheirOwn() {
        // 40 cells at 0.9; then the app answers "I don't know" on 20 and the other 20 still score 0.9
        List<ScoreRecord> before = new ArrayList<>();
        List<ScoreRecord> after = new ArrayList<>();
        for (int q = 0; q < 40; q++) {
            double score = q % 10 == 0 ? 0 : 1;
            before.add(cell("q" + q, "statements@2", ScoreRecord.SCORED, score, ""));
            after.add(
                    q % 2 == 0
                            ? cell("q" + q, "statements@2", ScoreRecord.SCORED, score, "")
                            : cell("q" + q, "statements@2", ScoreRecord.FAILED, null, "no-statements"));
        }
        Baseline old = BaselineRecorder.fromScores(before, V2, "openai/judge", Map.of());
        Baseline now = BaselineRecorder.fromScores(after, V2, "openai/judge", Map.of());
        GateResult report = RegressionGate.of(
                        GateOptions.builder().permutations(2_000).build())
                .compare(old, now);

        assertThat(report.checks())
                .singleElement()
                .satisfies(c -> assertThat(c.regressed()).isFalse());
        assertThat(report.coverage()).singleElement().satisfies(c -> {
            assertThat(c.attempted()).isEqualTo(40);
            assertThat(c.scoredBefore()).isEqualTo(40);
            assertThat(c.scoredAfter()).isEqualTo(20);
            assertThat(c.regressed()).isTrue();
            assertThat(c.newlyUnscored()).containsExactly(Map.entry("no-statements", 20));
        });
        assertThat(report.regressed()).isTrue();
        assertThat(report.message())
                .startsWith("1 of 2 checks significantly worse than the baseline")
                .containsPattern("WORSE app faithfulness coverage: scored 40 of 40 -> 20 of 40, p = 0\\.\\d{4} \\(Holm"
                        + " 0\\.\\d{4}\\); now unscored: \\{no-statements=20\\}");
    }

    @Test
    void aPassingGate_saysWhatItCouldNotSee_andCanBeToldToFailForIt() {
        // 8 questions: hit@5 falls from 0.375 to 0.000 and the paired test cannot call it significant
        Baseline old = benchmark("chunk", Map.of("retriever", hits(8, 3)));
        Baseline now = benchmark("chunk", Map.of("retriever", hits(8, 0)));
        GateResult quiet = RegressionGate.of(
                        GateOptions.builder().permutations(2_000).build())
                .compare(old, now);
        assertThat(quiet.regressed()).isFalse();
        assertThat(quiet.passed()).isTrue();
        assertThat(quiet.message()).contains("  power: retriever hit@5 with 8 questions fails a true drop of 0.");

        GateResult strict = RegressionGate.of(GateOptions.builder()
                        .permutations(2_000)
                        .catchingDropsOf(0.1)
                        .build())
                .compare(old, now);
        assertThat(strict.regressed()).isFalse();
        assertThat(strict.passed()).isFalse();
        assertThat(strict.blind()).hasSize(1);
        assertThat(strict.message())
                .startsWith("nothing is significantly worse, but 1 of 1 checks could not catch a drop of 0.100")
                .contains("(BLIND)");
    }

    @Test
    void aHolmFamilyOf501Checks_canStillFindARealDrop() {
        // At 10,000 sign flips the smallest p is 1/10,001, and 501 x that is not below 0.05: nothing could fail.
        Map<String, Map<String, Double>> before = new TreeMap<>();
        Map<String, Map<String, Double>> after = new TreeMap<>();
        for (int s = 0; s < 501; s++) {
            before.put("s" + s, hits(60, 40));
            after.put("s" + s, s == 0 ? hits(60, 0) : hits(60, 40));
        }
        GateResult report = RegressionGate.of(GateOptions.defaults())
                .compare(benchmark("chunk", before), benchmark("chunk", after));
        assertThat(report.permutations()).isEqualTo(200_400);
        assertThat(report.regressions()).extracting(GateResult.Check::system).containsExactly("s0");
    }
}
