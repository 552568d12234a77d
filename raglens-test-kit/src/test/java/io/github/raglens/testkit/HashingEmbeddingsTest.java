package io.github.raglens.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.spi.EmbeddingProvider;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The hashing model keeps the embedding contract, and texts sharing words are nearer than others. */
class HashingEmbeddingsTest implements EmbeddingProviderContract {

    private final HashingEmbeddings model = HashingEmbeddings.of();

    @Override
    public EmbeddingProvider provider() {
        return model;
    }

    private static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    @Test
    void embed_unitVectors_sharedWordsAreNearer_andQueryEqualsPassage() {
        List<float[]> v = model.embed(
                List.of("tidal barrage turbines", "turbines of a tidal barrage", "salmon migration"),
                EmbeddingPurpose.PASSAGE);
        assertThat(dot(v.get(0), v.get(0))).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-5));
        assertThat(dot(v.get(0), v.get(1))).isGreaterThan(dot(v.get(0), v.get(2)));
        assertThat(model.embed(List.of("tidal barrage turbines"), EmbeddingPurpose.QUERY)
                        .get(0))
                .containsExactly(v.get(0));
    }

    @Test
    void embed_aTextWithoutWords_isTheFirstUnitVector_andCallsAreCounted() {
        HashingEmbeddings small = HashingEmbeddings.of("m", 4);
        assertThat(small.embed(List.of("  --  "), EmbeddingPurpose.PASSAGE).get(0))
                .containsExactly(1f, 0f, 0f, 0f);
        small.embed(List.of("a", "b"), EmbeddingPurpose.PASSAGE);
        assertThat(small.calls()).isEqualTo(2);
        assertThat(small).hasToString("HashingEmbeddings[m, 4]");
    }

    @Test
    void of_aBlankNameOrNoDimension_isRejected() {
        assertThatThrownBy(() -> HashingEmbeddings.of("", 8))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("modelName must not be blank");
        assertThatThrownBy(() -> HashingEmbeddings.of("m", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dimension must be at least 1, was 0");
    }
}
