package io.github.raglens.eval.benchmark;

import io.github.raglens.eval.LatencyPercentiles;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The aggregates of one retriever.
 *
 * @param retriever the retriever's name
 * @param metrics each metric's mean and interval, in report order ({@code hit@1}, … {@code child_hit@10})
 * @param latency retrieval latency over the questions
 */
public record RetrieverSummary(String retriever, Map<String, MetricSummary> metrics, LatencyPercentiles latency) {

    /** Copies the metrics, keeping their order. */
    public RetrieverSummary {
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    }
}
