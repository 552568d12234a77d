package io.github.raglens.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The depths of the raw-Lucene baseline follow the retrievers' nested over-retrieval. */
class RawLuceneQueriesTest {

    @Test
    void eachLevelOfARetrieverAsksTheOneBelowForKTimesTheFactor() {
        assertThat(RawLuceneQueries.Plan.of("bm25", 10, 3)).isEqualTo(new RawLuceneQueries.Plan(true, false, 30));
        assertThat(RawLuceneQueries.Plan.of("dense", 10, 3)).isEqualTo(new RawLuceneQueries.Plan(false, true, 30));
        assertThat(RawLuceneQueries.Plan.of("hybrid", 10, 3)).isEqualTo(new RawLuceneQueries.Plan(true, true, 90));
        assertThat(RawLuceneQueries.Plan.of("hybrid-rrf", 10, 3)).isEqualTo(new RawLuceneQueries.Plan(true, true, 90));
        assertThat(RawLuceneQueries.Plan.of("hierarchical", 10, 3))
                .isEqualTo(new RawLuceneQueries.Plan(true, true, 270));
        assertThat(RawLuceneQueries.Plan.of("hier-neighbor", 5, 2))
                .isEqualTo(new RawLuceneQueries.Plan(true, true, 40));
        assertThat(RawLuceneQueries.Plan.of("neighbor", 7, 1)).isEqualTo(new RawLuceneQueries.Plan(true, true, 7));
    }
}
