package io.github.raglens.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class Bm25ParamsTest {

    @Test
    void outOfRange_isRejectedWithTheValue_byTheIndexAndByARetrieverAlike() {
        assertThatThrownBy(() -> new Bm25Params(Float.NaN, 0.5f)).hasMessage("k1 must be finite and >= 0, was NaN");
        assertThatThrownBy(() -> new Bm25Params(Float.POSITIVE_INFINITY, 0.5f))
                .hasMessage("k1 must be finite and >= 0, was Infinity");
        assertThatThrownBy(() -> new Bm25Params(1f, -0.1f)).hasMessage("b must be in [0, 1], was -0.1");
        assertThatThrownBy(() -> Bm25Retriever.builder(Fixture.INDEX).parameters(-1f, 0.5f))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("k1 must be finite and >= 0, was -1.0");
        assertThatThrownBy(() -> Bm25Retriever.builder(Fixture.INDEX).parameters(1f, Float.NaN))
                .hasMessage("b must be in [0, 1], was NaN");
    }

    @Test
    void bounds_areAccepted_andNamedInToString() {
        assertThat(new Bm25Params(0f, 0f)).hasToString("k1=0.0, b=0.0");
        assertThat(new Bm25Params(3f, 1f).similarity().getK1()).isEqualTo(3f);
        assertThat(Bm25Params.LUCENE_DEFAULTS).hasToString("k1=1.2, b=0.75");
        try (LuceneIndex index = LuceneIndex.builder().bm25(0.9f, 0.4f).open()) {
            assertThat(index.toString()).contains(", k1=0.9, b=0.4, hnsw(");
        }
    }
}
