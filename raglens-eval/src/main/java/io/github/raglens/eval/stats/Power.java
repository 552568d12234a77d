package io.github.raglens.eval.stats;

/**
 * Sample-size arithmetic of a paired two-sided test under the normal approximation: what difference
 * a question set can detect, and how many questions a target difference needs.
 */
public final class Power {

    private Power() {}

    /**
     * The smallest mean difference detected with the given power: {@code (z(1 - alpha/2) + z(power))
     * * sd / sqrt(n)}.
     *
     * @param sdOfDifferences standard deviation of the per-question differences
     * @param n number of questions
     * @param alpha the two-sided significance level, in (0, 1)
     * @param power the wanted power, in (0, 1)
     * @return the minimum detectable effect, in the metric's units
     * @throws IllegalArgumentException if an argument is out of range
     */
    public static double minDetectableEffect(double sdOfDifferences, int n, double alpha, double power) {
        checkLevels(alpha, power);
        if (!(sdOfDifferences >= 0) || n < 1) {
            throw new IllegalArgumentException("need sd >= 0 and n >= 1, were " + sdOfDifferences + " and " + n);
        }
        return zSum(alpha, power) * sdOfDifferences / Math.sqrt(n);
    }

    /**
     * How many questions detect a mean difference of {@code effect} with the given power.
     *
     * @param sdOfDifferences standard deviation of the per-question differences
     * @param effect the difference to detect, greater than 0
     * @param alpha the two-sided significance level, in (0, 1)
     * @param power the wanted power, in (0, 1)
     * @return the number of questions, at least 1
     * @throws IllegalArgumentException if an argument is out of range
     */
    public static int questionsNeeded(double sdOfDifferences, double effect, double alpha, double power) {
        checkLevels(alpha, power);
        if (!(sdOfDifferences >= 0) || !(effect > 0)) {
            throw new IllegalArgumentException(
                    "need sd >= 0 and effect > 0, were " + sdOfDifferences + " and " + effect);
        }
        double n = Math.pow(zSum(alpha, power) * sdOfDifferences / effect, 2);
        return (int) Math.max(1, Math.ceil(n - 1e-9));
    }

    private static double zSum(double alpha, double power) {
        return StandardNormal.quantile(1 - alpha / 2) + StandardNormal.quantile(power);
    }

    private static void checkLevels(double alpha, double power) {
        if (!(alpha > 0 && alpha < 1) || !(power > 0 && power < 1)) {
            throw new IllegalArgumentException("alpha and power must be in (0, 1), were " + alpha + " and " + power);
        }
    }

    /**
     * The sample standard deviation of paired differences {@code a[i] - b[i]}, the spread the power
     * arithmetic needs.
     *
     * @param a the first system's value per question
     * @param b the second system's value per question, in the same order
     * @return the standard deviation; 0 for fewer than two pairs
     * @throws IllegalArgumentException if the arrays differ in length
     */
    public static double sdOfDifferences(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException(
                    "paired values must have the same length, were " + a.length + " and " + b.length);
        }
        double[] d = new double[a.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = a[i] - b[i];
        }
        return standardDeviation(d);
    }

    /**
     * The sample standard deviation of values, e.g. one system's per-question scores, for planning
     * when no paired differences were observed.
     *
     * @return the standard deviation; 0 for fewer than two values
     */
    public static double standardDeviation(double[] values) {
        int n = values.length;
        if (n < 2) {
            return 0;
        }
        double mean = 0;
        for (double v : values) {
            mean += v;
        }
        mean /= n;
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        return Math.sqrt(ss / (n - 1));
    }
}
