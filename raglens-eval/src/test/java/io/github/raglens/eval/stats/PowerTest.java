package io.github.raglens.eval.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PowerTest {

    @Test
    void normalQuantile_matchesTabulatedValues() {
        assertThat(StandardNormal.quantile(0.975)).isCloseTo(1.959963985, within(1e-8));
        assertThat(StandardNormal.quantile(0.8)).isCloseTo(0.841621234, within(1e-8));
        assertThat(StandardNormal.quantile(0.5)).isCloseTo(0.0, within(1e-12));
        assertThat(StandardNormal.quantile(0.001)).isCloseTo(-3.090232306, within(1e-8));
        assertThat(StandardNormal.quantile(0.999)).isCloseTo(3.090232306, within(1e-8));
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

    @Test
    void sdOfDifferences_isTheSampleSpreadOfThePairedDifferences() {
        // differences 1, 0, -1, 0: mean 0, sum of squares 2, over n - 1 = 3
        assertThat(Power.sdOfDifferences(new double[] {1, 1, 0, 0.5}, new double[] {0, 1, 1, 0.5}))
                .isCloseTo(Math.sqrt(2.0 / 3), within(1e-12));
        assertThat(Power.sdOfDifferences(new double[] {1}, new double[] {0})).isZero();
    }
}
