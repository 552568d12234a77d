package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.Judgement;
import io.github.raglens.testkit.SimulatedJudge;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JudgeMetricsTest {

    private static final JudgeInput SUPPORTED = new JudgeInput(
            "When do tides rise?",
            "Tides rise twice a day.",
            List.of("Tides rise twice a day along the coast."),
            "Twice a day.");

    @Test
    void namedMetrics_judgeThroughTheGivenModel_andShareItsCallCache(@TempDir Path dir) {
        SimulatedJudge judge = SimulatedJudge.of();
        Path cache = dir.resolve("judge-calls.jsonl");
        try (JudgeMetrics metrics = JudgeMetrics.builder(judge)
                .metrics(List.of(JudgeMetric.FAITHFULNESS, JudgeMetric.CONTEXT_RECALL))
                .concurrency(2)
                .callCache(cache)
                .build()) {
            assertThat(metrics.all()).hasSize(2);
            Judgement j = metrics.get(JudgeMetric.FAITHFULNESS).judge(SUPPORTED);
            assertThat(j).isInstanceOf(Judgement.Scored.class);
            assertThat(((Judgement.Scored) j).score()).isBetween(0.0, 1.0);
        }
        int calls = judge.calls();
        assertThat(calls).isPositive();
        assertThat(cache).exists();

        // The same judgement again through a new instance of the same metrics (faithfulness shares its
        // verdict call with context recall) is answered from the call cache.
        try (JudgeMetrics again = JudgeMetrics.builder(judge)
                .metrics(List.of(JudgeMetric.FAITHFULNESS, JudgeMetric.CONTEXT_RECALL))
                .callCache(cache)
                .build()) {
            again.get(JudgeMetric.FAITHFULNESS).judge(SUPPORTED);
        }
        assertThat(judge.calls()).isEqualTo(calls);
    }

    @Test
    void noMetric_orOneNotOpened_isRejectedWithTheMetricsToChooseFrom() {
        JudgeMetrics.Builder builder = JudgeMetrics.builder(SimulatedJudge.of());
        assertThatThrownBy(() -> builder.metrics(List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("name at least one metric, one of [faithfulness, factual_correctness,");
        assertThatThrownBy(builder::build)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no metric named");
        try (JudgeMetrics metrics =
                builder.metrics(List.of(JudgeMetric.ROUGE_L)).build()) {
            assertThatThrownBy(() -> metrics.get(JudgeMetric.FAITHFULNESS))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("metric 'faithfulness' was not opened; name it in JudgeMetrics.builder(…).metrics(…),"
                            + " one of [rouge_l]");
        }
    }
}
