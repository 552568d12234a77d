package io.github.raglens.eval.stats;

/**
 * The standard normal distribution: its distribution function, from the error function's series
 * near zero and its continued fraction in the tails (relative error near 1e-15), and its quantile
 * function, by Acklam's rational approximation polished by one Halley step on that distribution
 * function.
 */
final class StandardNormal {

    private static final double[] A = {
        -3.969683028665376e+01,
        2.209460984245205e+02,
        -2.759285104469687e+02,
        1.383577518672690e+02,
        -3.066479806614716e+01,
        2.506628277459239e+00
    };
    private static final double[] B = {
        -5.447609879822406e+01,
        1.615858368580409e+02,
        -1.556989798598866e+02,
        6.680131188771972e+01,
        -1.328068155288572e+01
    };
    private static final double[] C = {
        -7.784894002430293e-03,
        -3.223964580411365e-01,
        -2.400758277161838e+00,
        -2.549732539343734e+00,
        4.374664141464968e+00,
        2.938163982698783e+00
    };
    private static final double[] D = {
        7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00
    };
    private static final double LOW = 0.02425;

    private static final double SQRT_PI = Math.sqrt(Math.PI);

    private StandardNormal() {}

    /** {@code P(Z <= z)}. */
    static double cdf(double z) {
        if (Double.isNaN(z)) {
            return Double.NaN;
        }
        double x = Math.abs(z) / Math.sqrt(2);
        double upperTail; // P(Z > |z|)
        if (x < 2) {
            // erf(x) = 2/sqrt(pi) * exp(-x^2) * sum over n of (2x^2)^n x / (1 * 3 * ... * (2n + 1)): every term
            // positive
            double term = x;
            double sum = x;
            for (int n = 1; term > sum * 1e-17; n++) {
                term *= 2 * x * x / (2 * n + 1);
                sum += term;
            }
            upperTail = 0.5 * (1 - 2 / SQRT_PI * Math.exp(-x * x) * sum);
        } else {
            upperTail = 0.5 * erfcContinuedFraction(x);
        }
        return z < 0 ? upperTail : 1 - upperTail;
    }

    /** erfc(x) for x >= 2: exp(-x^2) / sqrt(pi) / (x + (1/2) / (x + 1 / (x + (3/2) / (x + ...)))). */
    private static double erfcContinuedFraction(double x) {
        double tiny = 1e-300;
        double f = x;
        double c = x;
        double d = 0;
        for (int n = 1; n < 500; n++) {
            double a = n / 2.0;
            d = x + a * d;
            d = d == 0 ? tiny : d;
            c = x + a / c;
            c = c == 0 ? tiny : c;
            d = 1 / d;
            double delta = c * d;
            f *= delta;
            if (Math.abs(delta - 1) < 1e-16) {
                break;
            }
        }
        return Math.exp(-x * x) / SQRT_PI / f;
    }

    /** The z with {@code P(Z <= z) = p}, for p in (0, 1). */
    static double quantile(double p) {
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("p must be in (0, 1), was " + p);
        }
        double z = acklam(p);
        // One Halley step on the accurate distribution function.
        double e = cdf(z) - p;
        double u = e * Math.sqrt(2 * Math.PI) * Math.exp(z * z / 2);
        return z - u / (1 + z * u / 2);
    }

    private static double acklam(double p) {
        if (p < LOW) {
            return tail(Math.sqrt(-2 * Math.log(p)));
        }
        if (p > 1 - LOW) {
            return -tail(Math.sqrt(-2 * Math.log(1 - p)));
        }
        double q = p - 0.5;
        double r = q * q;
        return (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5])
                * q
                / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1);
    }

    private static double tail(double q) {
        return (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
                / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1);
    }
}
