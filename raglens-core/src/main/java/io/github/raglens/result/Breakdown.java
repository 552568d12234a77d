package io.github.raglens.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Means of the headline metrics of one retriever over a group of questions.
 *
 * @param by the grouping: {@code chunk_type}, {@code document} or {@code lexical_overlap}
 * @param group the group's value, e.g. {@code TABLE_FRAGMENT}
 * @param retriever the retriever
 * @param n questions in the group
 * @param means metric name to mean over the group
 */
public record Breakdown(String by, String group, String retriever, int n, Map<String, Double> means) {

    /** Copies the means, keeping their order. */
    public Breakdown {
        means = Collections.unmodifiableMap(new LinkedHashMap<>(means));
    }
}
