package io.github.raglens.eval.judge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.result.CostEstimate;
import io.github.raglens.spi.Judge;
import io.github.raglens.testkit.SimulatedJudge;
import io.github.raglens.usage.UsageLedger;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dry-run estimate counts exactly the calls a run sends and nothing already done. */
class CostEstimatorTest {

    @TempDir
    Path dir;

    @Test
    void estimate_countsTheCallsTheRunSends_thenNothingAfterTheRun() {
        List<EvalCase> cases = Cases.of(10, Cases.RETRIEVERS, 5);
        for (String mode : List.of("ONE_CALL", "PER_CONTEXT", "ragas-compatible")) {
            Path ws = dir.resolve(mode);
            SimulatedJudge judge = SimulatedJudge.of();
            try (JudgeSession s = JudgeSession.builder(judge)
                    .callCache(ws.resolve("judge-calls.jsonl"))
                    .ledger(UsageLedger.builder()
                            .price(judge.modelName(), TokenPrice.of(0.15, 0.60))
                            .build())
                    .build()) {
                List<Judge> metrics = mode.equals("ragas-compatible")
                        ? Metrics.ragasCompatible(JudgeMetric.defaults(), s)
                        : Metrics.create(JudgeMetric.defaults(), s, ContextPrecision.Mode.valueOf(mode));
                CostEstimate before = CostEstimator.forScoring(cases, metrics, s, ws.resolve("scores.jsonl"));
                Scorer.builder(ws.resolve("scores.jsonl"))
                        .session(s)
                        .metrics(metrics)
                        .build()
                        .score(cases);
                assertThat(before.calls()).as(mode).isEqualTo(judge.calls());
                assertThat(before.promptTokens()).isPositive();
                assertThat(before.costUsd())
                        .isEqualTo((before.promptTokens() * 0.15 + before.completionTokens() * 0.60) / 1e6);
                CostEstimate after = CostEstimator.forScoring(cases, metrics, s, ws.resolve("scores.jsonl"));
                assertThat(after).isEqualTo(CostEstimate.NONE);
            }
        }
    }

    @Test
    void describe_isOneReadableLine() {
        assertThat(new CostEstimate(1234, 2_100_000, 300_000, 0.4249).describe())
                .isEqualTo("1,234 calls, ~2,100,000 prompt + ~300,000 completion tokens, ~$0.42");
    }
}
