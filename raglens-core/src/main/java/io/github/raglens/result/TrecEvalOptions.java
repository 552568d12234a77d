package io.github.raglens.result;

import java.util.List;
import java.util.Objects;

/**
 * The options of a {@code trec_eval} run, named after its flags.
 *
 * @param measures the {@code -m} arguments in order: measure names ({@code map}, {@code P}), measure
 *     names with parameters ({@code P.5,10}, {@code ndcg.1=3,2=9}) or the nicknames {@code official}
 *     and {@code all_trec}; empty means {@code official}
 * @param perQuery {@code -q}: print every query's values before the summary
 * @param complete {@code -c}: average over every query of the qrels, counting queries the run lacks
 *     as retrieving nothing
 * @param maxDocsPerQuery {@code -M}: evaluate at most this many top documents per query
 * @param relevanceLevel {@code -l}: the smallest judgement that counts as relevant (default 1)
 */
public record TrecEvalOptions(
        List<String> measures, boolean perQuery, boolean complete, int maxDocsPerQuery, int relevanceLevel) {

    /** Validates and copies the fields. */
    public TrecEvalOptions {
        measures = List.copyOf(Objects.requireNonNull(measures, "measures"));
        if (maxDocsPerQuery < 1) {
            throw new IllegalArgumentException("maxDocsPerQuery must be >= 1, was " + maxDocsPerQuery);
        }
    }

    /** The defaults of {@code trec_eval}: official measures, summary only, no cap, level 1. */
    public static TrecEvalOptions defaults() {
        return new TrecEvalOptions(List.of(), false, false, Integer.MAX_VALUE, 1);
    }
}
