package io.github.raglens.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.spi.EmbeddingProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** What every {@link EmbeddingProvider} promises; a provider's test implements this interface. */
public interface EmbeddingProviderContract {

    /** The provider under test. */
    EmbeddingProvider provider();

    /** Tolerance when comparing components of vectors computed in different batches. */
    default float tolerance() {
        return 1e-4f;
    }

    /** Embedding no text gives no vector. */
    @Test
    default void embed_emptyInput_givesEmptyOutput() {
        assertThat(provider().embed(List.of(), EmbeddingPurpose.PASSAGE)).isEmpty();
    }

    /** One vector per text, each of {@link EmbeddingProvider#dimension()} components. */
    @Test
    default void embed_givesOneVectorPerText_ofTheStatedDimension() {
        List<float[]> vs =
                provider().embed(List.of("alpha", "a much longer second text about beta"), EmbeddingPurpose.PASSAGE);
        assertThat(vs).hasSize(2);
        for (float[] v : vs) {
            assertThat(v).hasSize(provider().dimension());
        }
    }

    /** A batch gives the vectors its texts get one at a time, in input order, within {@link #tolerance()}. */
    @Test
    default void embed_batchEqualsOneByOne_inInputOrder() {
        List<String> texts = List.of("short", "a somewhat longer sentence about retrieval", "third");
        List<float[]> batch = provider().embed(texts, EmbeddingPurpose.PASSAGE);
        for (int i = 0; i < texts.size(); i++) {
            float[] single = provider()
                    .embed(List.of(texts.get(i)), EmbeddingPurpose.PASSAGE)
                    .get(0);
            for (int j = 0; j < single.length; j++) {
                assertThat(batch.get(i)[j]).isCloseTo(single[j], within(tolerance()));
            }
        }
    }

    /** Eight concurrent calls give the vectors one call gives. */
    @Test
    default void embed_isThreadSafe() throws Exception {
        List<String> texts = List.of("one", "two words", "three little words");
        List<float[]> expected = provider().embed(texts, EmbeddingPurpose.QUERY);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<float[]>>> futures = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                futures.add(pool.submit(() -> provider().embed(texts, EmbeddingPurpose.QUERY)));
            }
            for (Future<List<float[]>> f : futures) {
                List<float[]> got = f.get();
                for (int i = 0; i < texts.size(); i++) {
                    for (int j = 0; j < got.get(i).length; j++) {
                        assertThat(got.get(i)[j]).isCloseTo(expected.get(i)[j], within(tolerance()));
                    }
                }
            }
        } finally {
            pool.shutdown();
        }
    }
}
