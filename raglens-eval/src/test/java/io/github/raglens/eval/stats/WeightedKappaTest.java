package io.github.raglens.eval.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Linearly weighted kappa: hand-computed values, the undefined case, and when an interval is given. */
class WeightedKappaTest {

    @Test
    void linear_matchesAHandComputedTable() {
        // pairs (0,0) (1,2) (2,2) (3,1): observed agreement (1 + 2/3 + 1 + 1/3) / 4 = 0.75; rows a
        // quarter each, columns 0, 1, 2 a quarter, a quarter, a half: expected 0.625, kappa 1/3
        int[] a = {0, 1, 2, 3};
        int[] b = {0, 2, 2, 1};
        double expected = 0;
        int[] col = {1, 1, 2, 0};
        for (int x = 0; x < 4; x++) {
            for (int y = 0; y < 4; y++) {
                expected += (1 - Math.abs(x - y) / 3.0) * 0.25 * col[y] / 4.0;
            }
        }
        double kappa = (0.75 - expected) / (1 - expected);
        assertThat(WeightedKappa.linear(a, b, 3).getAsDouble()).isCloseTo(kappa, within(1e-12));
        assertThat(expected).isCloseTo(0.625, within(1e-12));
        assertThat(kappa).isCloseTo(1 / 3.0, within(1e-12));
    }

    @Test
    void fullAgreement_isOne_andOneGradeOffCountsLessThanThree() {
        assertThat(WeightedKappa.linear(new int[] {0, 1, 2, 3}, new int[] {0, 1, 2, 3}, 3)
                        .getAsDouble())
                .isEqualTo(1.0);
        double near = WeightedKappa.linear(new int[] {0, 1, 2, 3}, new int[] {1, 1, 2, 3}, 3)
                .getAsDouble();
        double far = WeightedKappa.linear(new int[] {0, 1, 2, 3}, new int[] {3, 1, 2, 3}, 3)
                .getAsDouble();
        assertThat(near).isGreaterThan(far);
    }

    @Test
    void bothRatersGivingOneGradeThroughout_isUndefined_notOne() {
        assertThat(WeightedKappa.linear(new int[] {2, 2, 2}, new int[] {2, 2, 2}, 3))
                .isEmpty();
        assertThat(WeightedKappa.linear(new int[0], new int[0], 3)).isEmpty();
    }

    @Test
    void interval_isGivenFromTheMinimumOfPairs_andHoldsTheKappa() {
        int[] a = {0, 1, 2, 3, 2, 1, 0, 3, 2};
        int[] b = {0, 2, 2, 3, 1, 1, 0, 2, 2};
        WeightedKappa.Result nine = WeightedKappa.withInterval(a, b, 3, 10, 42);
        assertThat(nine.kappa()).isPresent();
        assertThat(nine.lower()).isEmpty();
        int[] a10 = {0, 1, 2, 3, 2, 1, 0, 3, 2, 1};
        int[] b10 = {0, 2, 2, 3, 1, 1, 0, 2, 2, 1};
        WeightedKappa.Result ten = WeightedKappa.withInterval(a10, b10, 3, 10, 42);
        assertThat(ten.lower().getAsDouble()).isLessThanOrEqualTo(ten.kappa().getAsDouble());
        assertThat(ten.upper().getAsDouble()).isGreaterThanOrEqualTo(ten.kappa().getAsDouble());
        assertThat(WeightedKappa.withInterval(a10, b10, 3, 10, 42)).isEqualTo(ten);
    }

    @Test
    void aGradeOutOfTheScale_isRefusedNamingThePair() {
        assertThatThrownBy(() -> WeightedKappa.linear(new int[] {0, 4}, new int[] {0, 1}, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("grades must be 0 to 3, pair 2 was 4 and 1");
    }
}
