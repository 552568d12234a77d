package io.github.raglens.eval.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

/** The distribution functions behind intervals and power, against values computed with SciPy 1.17. */
class DistributionsTest {

    @Test
    void standardNormal_cdfAndQuantile() {
        assertThat(StandardNormal.cdf(-7.5)).isCloseTo(3.1908916729108844e-14, Percentage.withPercentage(1e-9));
        assertThat(StandardNormal.cdf(1.3)).isCloseTo(0.9031995154143897, within(1e-15));
        assertThat(StandardNormal.cdf(-2.1)).isCloseTo(0.017864420562816542, within(1e-15));
        assertThat(StandardNormal.cdf(0.2)).isCloseTo(0.579259709439103, within(1e-15));
        assertThat(StandardNormal.quantile(1e-10)).isCloseTo(-6.361340902404056, within(1e-12));
        assertThat(StandardNormal.quantile(0.975)).isCloseTo(1.959963984540054, within(1e-13));
    }

    @Test
    void studentT_cdfAndQuantile() {
        assertThat(StudentT.quantile(0.975, 9)).isCloseTo(2.262157162798205, within(1e-12));
        assertThat(StudentT.quantile(0.975, 2.5)).isCloseTo(3.5746548420036817, within(1e-12));
        assertThat(StudentT.quantile(0.999, 30)).isCloseTo(3.3851848668293045, within(1e-12));
        assertThat(StudentT.quantile(0.6, 1)).isCloseTo(0.32491969623290634, within(1e-12));
        assertThat(StudentT.quantile(0.025, 9)).isCloseTo(-2.262157162798205, within(1e-12));
        assertThat(StudentT.cdf(-2.3, 4.5)).isCloseTo(0.037803838237855394, within(1e-14));
    }

    @Test
    void beta_regularizedAndQuantile_andLogGamma() {
        assertThat(Beta.quantile(0.025, 19, 2)).isCloseTo(0.7512672372279722, within(1e-13));
        assertThat(Beta.regularized(0.3, 0.5, 7.5)).isCloseTo(0.977153386842316, within(1e-14));
        assertThat(Beta.regularized(0.41, 200, 300)).isCloseTo(0.677628164772179, within(1e-12));
        assertThat(Beta.logGamma(0.3)).isCloseTo(1.0957979948180756, within(1e-13));
        assertThat(Beta.logGamma(171.5)).isCloseTo(709.1431630309283, within(1e-10));
    }
}
