package io.github.raglens.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The aggregates of one retriever.
 *
 * @param retriever the retriever's name
 * @param metrics each metric's mean and interval, in report order ({@code hit@1}, … {@code child_hit@10})
 * @param latency retrieval latency over the questions
 * @param meanContextChars mean length in characters of one returned context (what a hit hands to an
 *     LLM); 0 when nothing was returned
 * @param origin where the retriever lives when it is not one of raglens's own: the URL of an HTTP
 *     service or the class of a user's implementation; empty for a built-in
 * @param failures failed queries per reason (each counted as returning nothing); empty when none
 *     failed
 */
public record RetrieverSummary(
        String retriever,
        Map<String, MetricSummary> metrics,
        LatencyPercentiles latency,
        double meanContextChars,
        String origin,
        Map<String, Integer> failures) {

    /** Copies the metrics, keeping their order, and the failures, sorted by reason. */
    public RetrieverSummary {
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        origin = Objects.requireNonNullElse(origin, "");
        failures = Collections.unmodifiableMap(new TreeMap<>(failures == null ? Map.of() : failures));
    }

    /** A built-in retriever's summary with no context length, origin or failure recorded. */
    public RetrieverSummary(String retriever, Map<String, MetricSummary> metrics, LatencyPercentiles latency) {
        this(retriever, metrics, latency, 0, "", Map.of());
    }

    /** Whether the retriever is a user's own (a service or an implementation outside raglens). */
    public boolean isExternal() {
        return !origin.isEmpty();
    }

    /** Queries that failed, over every reason. */
    public int failedQueries() {
        return failures.values().stream().mapToInt(Integer::intValue).sum();
    }
}
