package io.github.raglens.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class TokenWindowsTest {

    /** A text of {@code content} tokens numbered from 1, wrapped in special tokens 101 and 102. */
    private static long[] text(int content) {
        long[] ids = new long[content + 2];
        ids[0] = 101;
        for (int i = 1; i <= content; i++) {
            ids[i] = i;
        }
        ids[content + 1] = 102;
        return ids;
    }

    private static long[] specials(int length) {
        long[] mask = new long[length];
        mask[0] = 1;
        mask[length - 1] = 1;
        return mask;
    }

    private static TokenWindows of(boolean truncate, int maxTokens, long[]... texts) {
        long[][] types = new long[texts.length][];
        long[][] special = new long[texts.length][];
        for (int i = 0; i < texts.length; i++) {
            types[i] = new long[texts[i].length];
            special[i] = specials(texts[i].length);
        }
        return TokenWindows.of(texts, types, special, maxTokens, truncate);
    }

    @Test
    void textsThatFit_areTheirOwnInputs() {
        long[] a = text(3);
        long[] b = text(8);
        TokenWindows w = of(false, 10, a, b);
        assertThat(w.ids()).isDeepEqualTo(new long[][] {a, b});
        assertThat(w.longTexts()).isZero();
    }

    @Test
    void longText_isCutIntoTheFewestEqualWindows_eachWithTheSpecialTokens() {
        // 19 content tokens, 8 fit beside the two specials: 3 windows of 6, 6 and 7.
        TokenWindows w = of(false, 10, text(2), text(19));
        assertThat(w.longTexts()).isEqualTo(1);
        assertThat(w.ids()).isDeepEqualTo(new long[][] {
            text(2),
            {101, 1, 2, 3, 4, 5, 6, 102},
            {101, 7, 8, 9, 10, 11, 12, 102},
            {101, 13, 14, 15, 16, 17, 18, 19, 102}
        });
    }

    @Test
    void truncate_keepsTheFirstWindowOnly() {
        TokenWindows w = of(true, 6, text(19));
        assertThat(w.longTexts()).isEqualTo(1);
        assertThat(w.ids()).isDeepEqualTo(new long[][] {{101, 1, 2, 3, 4, 102}});
    }

    @Test
    void combine_isTheNormalisedTokenWeightedMean() {
        TokenWindows w = of(false, 5, text(1), text(5));
        // text(5) fits 3 per window: windows of 2 and 3 tokens.
        assertThat(w.ids().length).isEqualTo(3);
        float[][] inputs = {{1, 0}, {1, 0}, {0, 1}};
        float[][] out = new float[4][];
        w.combine(inputs, out, 2);
        assertThat(out[2]).containsExactly(1, 0);
        double n = Math.sqrt(2 * 2 + 3 * 3);
        assertThat(out[3]).containsExactly(new float[] {(float) (2 / n), (float) (3 / n)}, within(1e-6f));
    }

    @Test
    void windows_coverEveryContentTokenOnce_andFit() {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        System.out.println("TokenWindowsTest seed " + seed + " (rerun with -Draglens.seed=" + seed + ")");
        Random random = new Random(seed);
        for (int round = 0; round < 200; round++) {
            int maxTokens = 3 + random.nextInt(20);
            int content = random.nextInt(100);
            TokenWindows w = of(false, maxTokens, text(content));
            int next = 1;
            for (long[] input : w.ids()) {
                assertThat(input.length).isLessThanOrEqualTo(maxTokens);
                assertThat(input[0]).isEqualTo(101);
                assertThat(input[input.length - 1]).isEqualTo(102);
                for (int i = 1; i < input.length - 1; i++) {
                    assertThat(input[i]).isEqualTo(next++);
                }
            }
            assertThat(next - 1)
                    .as("maxTokens %d, content %d", maxTokens, content)
                    .isEqualTo(content);
            int fewest = content + 2 <= maxTokens ? 1 : (content + maxTokens - 3) / (maxTokens - 2);
            assertThat(w.ids().length).isEqualTo(fewest);
        }
    }
}
