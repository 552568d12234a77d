package io.github.raglens.facade.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.internal.Json;
import io.github.raglens.result.Aggregation;
import io.github.raglens.result.ConfidenceInterval;
import io.github.raglens.result.IntervalMethod;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReportModelsTest {

    @Test
    void judgeRows_comeFromEvaluationJson_withCoverage_andSkipRetrieversWithoutScores() throws Exception {
        Aggregation agg = new Aggregation(List.of(new Aggregation.MetricSummary(
                "faithfulness",
                "1",
                "ollama/llama3.2",
                40,
                List.of(
                        new Aggregation.RetrieverSummary(
                                "bm25",
                                Optional.of(
                                        new ConfidenceInterval(0.8, 0.7, 0.9, 40, 0.95, IntervalMethod.BCA_BOOTSTRAP)),
                                40,
                                42,
                                Map.of()),
                        new Aggregation.RetrieverSummary("dense", Optional.empty(), 0, 42, Map.of("timeout", 42))),
                List.of())));
        String json = Json.writer().writeValueAsString(agg);
        Aggregation read = Json.reader().forType(Aggregation.class).readValue(json);

        assertThat(ReportModels.judgeRows(read))
                .containsExactly(new ReportModel.JudgeRow(
                        "bm25", "faithfulness", new ReportModel.Estimate(0.8, 0.7, 0.9, 40, false), 40, 42));
    }
}
