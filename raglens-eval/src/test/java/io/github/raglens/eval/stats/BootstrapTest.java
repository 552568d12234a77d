package io.github.raglens.eval.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.result.ConfidenceInterval;
import io.github.raglens.result.IntervalMethod;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

class BootstrapTest {

    private static final long BASE_SEED = 7_000L;

    @RepeatedTest(100)
    void interval_containsTheMean_forRandomSeries(RepetitionInfo info) {
        long seed = BASE_SEED + info.getCurrentRepetition();
        Random random = new Random(seed);
        int n = 1 + random.nextInt(300);
        double[] values = new double[n];
        int kind = random.nextInt(3);
        for (int i = 0; i < n; i++) {
            values[i] = switch (kind) {
                case 0 -> random.nextBoolean() ? 1 : 0; // a hit rate
                case 1 -> random.nextInt(10) == 0 ? 1.0 / (1 + random.nextInt(10)) : 0; // a sparse MRR
                default -> Math.exp(random.nextGaussian() * 2); // heavily skewed
            };
        }
        ConfidenceInterval ci = Bootstrap.of(1_000, seed, 0.95).meanInterval(values);
        double mean = 0;
        for (double v : values) {
            mean += v;
        }
        mean /= n;
        assertThat(ci.mean()).as("seed " + seed).isCloseTo(mean, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(ci.contains(ci.mean())).as("seed " + seed + " " + ci).isTrue();
        assertThat(ci.n()).isEqualTo(n);
    }

    @Test
    void defaults_areTenThousandResamplesSeed42Level95() {
        Bootstrap b = Bootstrap.defaults();
        assertThat(b.resamples()).isEqualTo(10_000);
        assertThat(b.seed()).isEqualTo(42);
        assertThat(b.level()).isEqualTo(0.95);
    }

    @Test
    void sameSeed_sameInterval_andCachingDoesNotChangeIt() {
        double[] values = new double[50];
        Random random = new Random(3);
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextDouble();
        }
        ConfidenceInterval first = Bootstrap.of(2_000, 9, 0.95).meanInterval(values);
        Bootstrap shared = Bootstrap.of(2_000, 9, 0.95);
        shared.meanInterval(new double[] {1, 2, 3}); // caches another length first
        assertThat(shared.meanInterval(values)).isEqualTo(first);
        assertThat(Bootstrap.of(2_000, 10, 0.95).meanInterval(values)).isNotEqualTo(first);
    }

    @Test
    void coverage_ofTrueMean_isNearNinetyFivePercent() {
        // 200 samples of 60 uniform values: the true mean 0.5 should be inside ~95% of the intervals.
        Random random = new Random(11);
        Bootstrap bootstrap = Bootstrap.of(1_000, 5, 0.95);
        int covered = 0;
        for (int t = 0; t < 200; t++) {
            double[] values = new double[60];
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextDouble();
            }
            if (bootstrap.meanInterval(values).contains(0.5)) {
                covered++;
            }
        }
        assertThat(covered).isBetween(176, 200);
    }

    @RepeatedTest(30)
    void meanIntervals_equalEachSeriesAlone_andTheTextbookResampling(RepetitionInfo info) {
        long seed = BASE_SEED + 500 + info.getCurrentRepetition();
        System.out.println("meanIntervals seed " + seed);
        Random random = new Random(seed);
        int n = 1 + random.nextInt(400);
        double[][] series = metricLikeSeries(random, n, 1 + random.nextInt(12));
        Bootstrap bootstrap = Bootstrap.of(500 + random.nextInt(1_000), seed, 0.9);
        ConfidenceInterval[] together = bootstrap.meanIntervals(series);
        for (int s = 0; s < series.length; s++) {
            assertThat(together[s]).as("seed %d series %d", seed, s).isEqualTo(bootstrap.meanInterval(series[s]));
            ConfidenceInterval textbook = textbook(series[s], bootstrap);
            assertThat(together[s].lower()).as("seed %d series %d", seed, s).isCloseTo(textbook.lower(), within(1e-12));
            assertThat(together[s].upper()).as("seed %d series %d", seed, s).isCloseTo(textbook.upper(), within(1e-12));
        }
    }

    @Test
    void seriesTooLongToCache_areResampledFromTheSameStream() {
        long seed = 77;
        Random random = new Random(seed);
        int n = 340_000; // 100 resamples x 340,000 > the cached table's limit
        double[][] series = metricLikeSeries(random, n, 2);
        Bootstrap bootstrap = Bootstrap.of(100, seed, 0.95);
        ConfidenceInterval[] together = bootstrap.meanIntervals(series);
        for (int s = 0; s < series.length; s++) {
            assertThat(together[s]).isEqualTo(bootstrap.meanInterval(series[s]));
            ConfidenceInterval textbook = textbook(series[s], bootstrap);
            assertThat(together[s].lower()).isCloseTo(textbook.lower(), within(1e-12));
            assertThat(together[s].upper()).isCloseTo(textbook.upper(), within(1e-12));
        }
    }

    @Test
    void meanIntervals_rejectSeriesOfDifferentLengths() {
        assertThatThrownBy(() -> Bootstrap.defaults().meanIntervals(new double[][] {{1, 0}, {1}}))
                .hasMessage("series must have the same length, were 2 and 1");
        assertThatThrownBy(() -> Bootstrap.defaults().meanIntervals(new double[0][]))
                .hasMessage("no series to bootstrap");
    }

    /** Hit-, MRR- and nDCG-like series of one system, plus now and then a continuous one. */
    private static double[][] metricLikeSeries(Random random, int n, int count) {
        int[] first = new int[n];
        for (int i = 0; i < n; i++) {
            first[i] = random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(12);
        }
        double[][] series = new double[count][n];
        for (int s = 0; s < count; s++) {
            int k = 1 + random.nextInt(10);
            int kind = random.nextInt(5);
            for (int i = 0; i < n; i++) {
                boolean hit = first[i] > 0 && first[i] <= k;
                series[s][i] = switch (kind) {
                    case 0 -> hit ? 1 : 0;
                    case 1 -> hit ? 1.0 / first[i] : 0;
                    case 2 -> hit ? 1 / (Math.log(first[i] + 1) / Math.log(2)) : 0;
                    case 3 -> (hit ? 1.0 : 0.0) / k;
                    default -> random.nextDouble() < 0.3 ? 0 : random.nextGaussian();
                };
            }
        }
        return series;
    }

    /**
     * Resample r draws n indexes from the seeded stream; the interval is BCa's type-7 percentiles at
     * the expanded tail level, computed the slow, textbook way.
     */
    private static ConfidenceInterval textbook(double[] values, Bootstrap bootstrap) {
        int n = values.length;
        double mean = 0;
        for (double v : values) {
            mean += v;
        }
        mean /= n;
        java.util.SplittableRandom random = new java.util.SplittableRandom(bootstrap.seed());
        double[] means = new double[bootstrap.resamples()];
        for (int r = 0; r < means.length; r++) {
            double s = 0;
            for (int j = 0; j < n; j++) {
                s += values[random.nextInt(n)];
            }
            means[r] = s / n;
        }
        java.util.Arrays.sort(means);
        boolean constant = java.util.Arrays.stream(values).allMatch(v -> v == values[0]);
        if (constant) {
            return new ConfidenceInterval(mean, mean, mean, n, bootstrap.level(), IntervalMethod.BCA_BOOTSTRAP);
        }
        double below = 0;
        for (double m : means) {
            double eps = 1e-12 * Math.max(1, Math.abs(mean));
            below += m < mean - eps ? 1 : m <= mean + eps ? 0.5 : 0;
        }
        double share = Math.min(Math.max(below / means.length, 0.5 / means.length), 1 - 0.5 / means.length);
        double z0 = StandardNormal.quantile(share);
        double cubes = 0;
        double squares = 0;
        for (double v : values) {
            cubes += Math.pow(mean - v, 3);
            squares += Math.pow(mean - v, 2);
        }
        double a = cubes / (6 * Math.pow(squares, 1.5));
        double alpha = 1 - bootstrap.level();
        double tail =
                n < 2 ? alpha / 2 : StandardNormal.cdf(Math.sqrt(n / (n - 1.0)) * StudentT.quantile(alpha / 2, n - 1));
        double[] levels = new double[2];
        double[] z = {StandardNormal.quantile(tail), StandardNormal.quantile(1 - tail)};
        for (int i = 0; i < 2; i++) {
            double shifted = z0 + z[i];
            levels[i] =
                    1 - a * shifted <= 0 ? (shifted > 0 ? 1 : 0) : StandardNormal.cdf(z0 + shifted / (1 - a * shifted));
        }
        double lower = Bootstrap.quantile(means, levels[0]);
        double upper = Bootstrap.quantile(means, levels[1]);
        return new ConfidenceInterval(
                mean,
                Math.min(lower, upper),
                Math.max(lower, upper),
                n,
                bootstrap.level(),
                IntervalMethod.BCA_BOOTSTRAP);
    }

    @Test
    void twoOrThreeValues_getAnIntervalOverTheirRange_notAnError() {
        // the expanded tail at 2 values is about 2e-72, so 1 - tail was 1 and its normal quantile threw
        ConfidenceInterval two = Bootstrap.defaults().meanInterval(new double[] {0.25, 1});
        assertThat(two.lower()).isEqualTo(0.25);
        assertThat(two.upper()).isEqualTo(1.0);
        ConfidenceInterval three = Bootstrap.defaults().meanInterval(new double[] {0.5, 1, 0.25});
        assertThat(three.lower()).isBetween(0.25, three.mean());
        assertThat(three.upper()).isBetween(three.mean(), 1.0);
    }

    @Test
    void constantSeries_hasZeroWidth() {
        ConfidenceInterval ci = Bootstrap.defaults().meanInterval(new double[] {1, 1, 1});
        assertThat(ci.lower()).isEqualTo(1.0);
        assertThat(ci.upper()).isEqualTo(1.0);
    }

    @Test
    void badInput_isRejectedWithAClearMessage() {
        assertThatThrownBy(() -> Bootstrap.defaults().meanInterval(new double[0]))
                .hasMessage("no values to bootstrap");
        assertThatThrownBy(() -> Bootstrap.defaults().meanInterval(new double[] {1, Double.NaN}))
                .hasMessage("values hold NaN; record failures apart instead");
        assertThatThrownBy(() -> Bootstrap.of(10, 1, 0.95)).hasMessage("resamples must be >= 100, was 10");
        assertThatThrownBy(() -> Bootstrap.of(1000, 1, 1.0)).hasMessage("level must be in (0, 1), was 1.0");
    }
}
