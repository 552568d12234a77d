package io.github.raglens.eval.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class PowerTest {

    private static final Power.Spread GRADED = new Power.Spread.Graded(0.3);

    @Test
    void normalQuantile_matchesTabulatedValues() {
        assertThat(StandardNormal.quantile(0.975)).isCloseTo(1.959963985, within(1e-8));
        assertThat(StandardNormal.quantile(0.8)).isCloseTo(0.841621234, within(1e-8));
        assertThat(StandardNormal.quantile(0.5)).isCloseTo(0.0, within(1e-12));
        assertThat(StandardNormal.quantile(0.001)).isCloseTo(-3.090232306, within(1e-8));
        assertThat(StandardNormal.quantile(0.999)).isCloseTo(3.090232306, within(1e-8));
    }

    @Test
    void twoSystemsThatAgreeOnEveryQuestion_haveNoEstimableSpread_notAZeroDetectableDifference() {
        double[] same = {1, 0, 1, 1, 0.5};
        assertThat(Power.Spread.of(same, same)).isEmpty();
        assertThat(Power.Spread.of(new double[] {1, 0, 1}, new double[] {1, 0, 1}))
                .isEmpty();
        assertThat(Power.Spread.of(new double[] {1, 0, 1, 1}, new double[] {1, 0, 0, 1}))
                .contains(new Power.Spread.Discordant(0.25));
        // differences 1, 0, -1, 0: sample variance 2 / 3
        assertThat(Power.Spread.of(new double[] {1, 1, 0, 0.5}, new double[] {0, 1, 1, 0.5}))
                .hasValueSatisfying(
                        s -> assertThat(((Power.Spread.Graded) s).sd()).isCloseTo(Math.sqrt(2.0 / 3), within(1e-12)));
    }

    @Test
    void aLargerHolmFamily_raisesTheDetectableDifference() {
        double alone =
                Power.detectable(GRADED, Power.Rule.pairwise(0.05, 1), 50, 0.8).getAsDouble();
        double among21 =
                Power.detectable(GRADED, Power.Rule.pairwise(0.05, 21), 50, 0.8).getAsDouble();
        // the normal approximation of one unadjusted test: (1.96 + 0.84) * 0.3 / sqrt(50) = 0.119
        assertThat(alone).isBetween(0.119, 0.130);
        assertThat(among21).isGreaterThan(alone * 1.3);
    }

    @Test
    void theGatesRule_neverDetectsTheMinimumEffectItself_atEightyPercent() {
        Power.Rule gate = Power.Rule.gate(0.05, 3, 0.02);
        double detectable = Power.detectable(GRADED, gate, 182, 0.8).getAsDouble();
        assertThat(detectable).isGreaterThan(0.02);
        assertThat(Power.power(GRADED, gate, 1_000_000, 0.02)).isLessThanOrEqualTo(0.5);
        assertThat(Power.questionsNeeded(GRADED, gate, 0.02, 0.8)).isEmpty();
        OptionalInt forTwice = Power.questionsNeeded(GRADED, gate, 0.04, 0.8);
        assertThat(forTwice).isPresent();
        int n = forTwice.getAsInt();
        assertThat(Power.detectable(GRADED, gate, n, 0.8).getAsDouble()).isLessThanOrEqualTo(0.04 + 1e-6);
        assertThat(Power.detectable(GRADED, gate, n - 1, 0.8).getAsDouble()).isGreaterThan(0.04 - 1e-6);
    }

    @Test
    void hitRates_withFewDifferingQuestions_canDetectNothing() {
        // 8 questions: the sign test cannot reach 0.05 / 3 below 7 questions going one way
        Power.Rule gate = Power.Rule.gate(0.05, 3, 0.02);
        assertThat(Power.detectable(new Power.Spread.Discordant(0.375), gate, 5, 0.8))
                .isEmpty();
        assertThat(Power.detectable(new Power.Spread.Discordant(0.375), gate, 8, 0.8)
                        .getAsDouble())
                .isBetween(0.8, 1.0);
    }

    @Test
    void badLevels_areRejected() {
        assertThatThrownBy(() -> Power.detectable(GRADED, Power.Rule.pairwise(0.05, 1), 10, 1.0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("power must be in (0, 1), was 1.0");
        assertThatThrownBy(() -> Power.Rule.pairwise(0.05, 0)).hasMessage("family must be at least 1, was 0");
    }
}
