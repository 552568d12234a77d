package io.github.raglens.eval.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class HolmCorrectionTest {

    @Test
    void adjust_handComputed_inInputOrder() {
        // Sorted: 0.005*4 = 0.02, 0.01*3 = 0.03, 0.03*2 = 0.06, max(0.06, 0.04*1) = 0.06.
        double[] adjusted = HolmCorrection.adjust(new double[] {0.01, 0.04, 0.03, 0.005});
        assertThat(adjusted[0]).isCloseTo(0.03, within(1e-15));
        assertThat(adjusted[1]).isCloseTo(0.06, within(1e-15));
        assertThat(adjusted[2]).isCloseTo(0.06, within(1e-15));
        assertThat(adjusted[3]).isCloseTo(0.02, within(1e-15));
        assertThat(HolmCorrection.adjust(new double[] {0.6, 0.5})).containsExactly(1.0, 1.0);
        assertThat(HolmCorrection.adjust(new double[] {0.2})).containsExactly(0.2);
        assertThat(HolmCorrection.adjust(new double[0])).isEmpty();
    }

    @Test
    void adjusted_isAtLeastRaw_atMostOne_andKeepsTheRawOrder() {
        long seed = Long.getLong("raglens.seed", 20_261_203L);
        Random random = new Random(seed);
        for (int family = 0; family < 500; family++) {
            double[] p = new double[1 + random.nextInt(30)];
            for (int i = 0; i < p.length; i++) {
                p[i] = random.nextInt(5) == 0 ? 1.0 / (1 + random.nextInt(3)) : random.nextDouble();
            }
            double[] adjusted = HolmCorrection.adjust(p);
            for (int i = 0; i < p.length; i++) {
                assertThat(adjusted[i]).as("seed %d", seed).isBetween(p[i], 1.0);
                for (int j = 0; j < p.length; j++) {
                    if (p[i] <= p[j]) {
                        assertThat(adjusted[i]).as("seed %d", seed).isLessThanOrEqualTo(adjusted[j]);
                    }
                }
            }
        }
    }

    @Test
    void familyWiseErrorRate_staysAtTheLevel_whereRawPValuesExceedItManyTimesOver() {
        long seed = Long.getLong("raglens.seed", 77L);
        Random random = new Random(seed);
        int families = 4_000;
        int anyRaw = 0;
        int anyAdjusted = 0;
        for (int f = 0; f < families; f++) {
            double[] p = new double[20]; // twenty true null hypotheses: uniform p-values
            for (int i = 0; i < p.length; i++) {
                p[i] = random.nextDouble();
            }
            double[] adjusted = HolmCorrection.adjust(p);
            boolean raw = false;
            boolean corrected = false;
            for (int i = 0; i < p.length; i++) {
                raw |= p[i] < 0.05;
                corrected |= adjusted[i] < 0.05;
            }
            anyRaw += raw ? 1 : 0;
            anyAdjusted += corrected ? 1 : 0;
        }
        // 1 - 0.95^20 = 0.64 without correction; Holm keeps it at most 0.05 (4,000 families: sd 0.0034).
        assertThat((double) anyRaw / families).as("seed %d", seed).isBetween(0.60, 0.68);
        assertThat((double) anyAdjusted / families).as("seed %d", seed).isLessThan(0.06);
    }

    @Test
    void badPValue_isRejectedWithItsIndex() {
        assertThatThrownBy(() -> HolmCorrection.adjust(new double[] {0.1, Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("p-value 1 must be in [0, 1], was NaN");
    }
}
