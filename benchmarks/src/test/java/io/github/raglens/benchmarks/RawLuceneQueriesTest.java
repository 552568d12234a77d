package io.github.raglens.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.RetrieverKind;
import org.junit.jupiter.api.Test;

/** The depths of the raw-Lucene baseline follow the retrievers' nested over-retrieval. */
class RawLuceneQueriesTest {

    @Test
    void eachLevelOfARetrieverAsksTheOneBelowForKTimesTheFactor() {
        assertThat(RawLuceneQueries.Plan.of(RetrieverKind.BM25, 10, 3))
                .isEqualTo(new RawLuceneQueries.Plan(true, false, 30));
        assertThat(RawLuceneQueries.Plan.of(RetrieverKind.DENSE, 10, 3))
                .isEqualTo(new RawLuceneQueries.Plan(false, true, 30));
        assertThat(RawLuceneQueries.Plan.of(RetrieverKind.HYBRID, 10, 3))
                .isEqualTo(new RawLuceneQueries.Plan(true, true, 90));
        assertThat(RawLuceneQueries.Plan.of(RetrieverKind.HYBRID_RRF, 10, 3))
                .isEqualTo(new RawLuceneQueries.Plan(true, true, 90));
        assertThat(RawLuceneQueries.Plan.of(RetrieverKind.HIERARCHICAL, 10, 3))
                .isEqualTo(new RawLuceneQueries.Plan(true, true, 270));
        assertThat(RawLuceneQueries.Plan.of(RetrieverKind.HIER_NEIGHBOR, 5, 2))
                .isEqualTo(new RawLuceneQueries.Plan(true, true, 40));
        assertThat(RawLuceneQueries.Plan.of(RetrieverKind.NEIGHBOR, 7, 1))
                .isEqualTo(new RawLuceneQueries.Plan(true, true, 7));
    }
}
