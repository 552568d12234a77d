package io.github.raglens.eval.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HolmAndPowerTest {

    @Test
    void holm_stepsDownAndKeepsTheGivenOrder() {
        double[] adjusted = Holm.adjust(new double[] {0.01, 0.04, 0.03, 0.005});
        // Sorted: 0.005*4 = 0.02, 0.01*3 = 0.03, 0.03*2 = 0.06, max(0.06, 0.04*1) = 0.06.
        assertThat(adjusted).containsExactly(new double[] {0.03, 0.06, 0.06, 0.02}, within(1e-12));
    }

    @Test
    void holm_neverLowersAPValue_andCapsAtOne() {
        long seed = Long.getLong("raglens.seed", 20261203L);
        Random random = new Random(seed);
        for (int round = 0; round < 200; round++) {
            double[] p = new double[1 + random.nextInt(12)];
            Arrays.setAll(p, i -> random.nextDouble());
            double[] adjusted = Holm.adjust(p);
            for (int i = 0; i < p.length; i++) {
                assertThat(adjusted[i]).as("seed %d, round %d", seed, round).isBetween(p[i], 1.0);
            }
        }
    }

    @Test
    void holm_rejectsAnImpossiblePValue() {
        assertThatThrownBy(() -> Holm.adjust(new double[] {0.2, 1.5}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("p-value at index 1 must be in [0, 1], was 1.5");
    }

    @Test
    void normalQuantile_matchesTabulatedValues() {
        assertThat(NormalQuantile.of(0.975)).isCloseTo(1.959963985, within(1e-8));
        assertThat(NormalQuantile.of(0.8)).isCloseTo(0.841621234, within(1e-8));
        assertThat(NormalQuantile.of(0.5)).isCloseTo(0.0, within(1e-12));
        assertThat(NormalQuantile.of(0.001)).isCloseTo(-3.090232306, within(1e-8));
        assertThat(NormalQuantile.of(0.999)).isCloseTo(3.090232306, within(1e-8));
    }

    @Test
    void power_minDetectableEffectAndQuestionsNeeded_areInverse() {
        // (1.959964 + 0.841621) * 1 / sqrt(100)
        assertThat(Power.minDetectableEffect(1.0, 100, 0.05, 0.8)).isCloseTo(0.2801585, within(1e-6));
        // (2.801585 * 0.3 / 0.02)^2 = 1765.9…
        assertThat(Power.questionsNeeded(0.3, 0.02, 0.05, 0.8)).isEqualTo(1766);
        int n = Power.questionsNeeded(0.25, 0.05, 0.05, 0.8);
        assertThat(Power.minDetectableEffect(0.25, n, 0.05, 0.8)).isLessThanOrEqualTo(0.05);
        assertThat(Power.minDetectableEffect(0.25, n - 1, 0.05, 0.8)).isGreaterThan(0.05);
    }

    @Test
    void power_rejectsLevelsOutsideTheUnitInterval() {
        assertThatThrownBy(() -> Power.minDetectableEffect(1, 10, 0.05, 1.0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("alpha and power must be in (0, 1), were 0.05 and 1.0");
    }
}
