package io.github.raglens.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LengthBatchesTest {

    private static long[][] texts(int... lengths) {
        long[][] ids = new long[lengths.length][];
        for (int i = 0; i < lengths.length; i++) {
            ids[i] = new long[lengths[i]];
        }
        return ids;
    }

    @Test
    void textsOfSimilarLength_goTogether_longestBatchFirst() {
        List<int[]> batches = LengthBatches.of(texts(5, 50, 6, 48, 7), false, 3, 1_000);
        assertThat(batches).containsExactly(new int[] {3, 1}, new int[] {0, 2, 4});
    }

    @Test
    void tokenLimit_cutsABatch_butATextAloneAlwaysFits() {
        assertThat(LengthBatches.of(texts(10, 10, 10, 600), false, 32, 25))
                .containsExactly(new int[] {3}, new int[] {2}, new int[] {0, 1});
    }

    @Test
    void alone_makesEveryTextItsOwnBatch() {
        assertThat(LengthBatches.of(texts(3, 1, 2), true, 32, 4_096))
                .containsExactly(new int[] {0}, new int[] {2}, new int[] {1});
    }

    @Test
    void randomTexts_everyTextOnce_withinBothLimits() {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random random = new Random(seed);
        for (int round = 0; round < 200; round++) {
            int n = random.nextInt(60);
            int[] lengths = new int[n];
            for (int i = 0; i < n; i++) {
                lengths[i] = 1 + random.nextInt(512);
            }
            int batchSize = 1 + random.nextInt(40);
            int batchTokens = 512 + random.nextInt(8_000);
            List<int[]> batches = LengthBatches.of(texts(lengths), false, batchSize, batchTokens);
            List<Integer> seen = new ArrayList<>();
            for (int[] batch : batches) {
                int longest = 0;
                for (int i : batch) {
                    seen.add(i);
                    assertThat(lengths[i])
                            .as("seed %d: ascending in a batch", seed)
                            .isGreaterThanOrEqualTo(longest);
                    longest = lengths[i];
                }
                assertThat(batch.length).as("seed %d", seed).isLessThanOrEqualTo(batchSize);
                assertThat((long) batch.length * longest).as("seed %d", seed).isLessThanOrEqualTo(batchTokens);
            }
            assertThat(seen)
                    .as("seed %d (rerun with -Draglens.seed=%d)", seed, seed)
                    .hasSize(n)
                    .doesNotHaveDuplicates();
        }
    }
}
