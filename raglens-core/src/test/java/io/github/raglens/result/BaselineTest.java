package io.github.raglens.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class BaselineTest {

    private static final Baseline BASELINE = Baseline.ofBenchmark(
            "chunk", Map.of("q-1", "What is it?"), Map.of("bm25", Map.of("hit@5", Map.of("q-1", 1.0))), Map.of());

    @Test
    void scores_isEmptyForASystemOrMetricItDoesNotHave_whereValuesRefusesTheName() {
        assertThat(BASELINE.scores("bm25", "hit@5")).containsExactly(Map.entry("q-1", 1.0));
        assertThat(BASELINE.scores("bm25", "mrr@10")).isEmpty();
        assertThat(BASELINE.scores("dense", "hit@5")).isEmpty();
        assertThatThrownBy(() -> BASELINE.values("bm25", "mrr@10"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no metric 'mrr@10' for 'bm25'; it has hit@5");
    }
}
