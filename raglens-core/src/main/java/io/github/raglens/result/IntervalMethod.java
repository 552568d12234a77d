package io.github.raglens.result;

import java.util.Locale;

/**
 * How a 95% interval of a mean was made, and from how many values it holds its level: a report
 * warns, and a threshold assertion refuses, below that number.
 */
public enum IntervalMethod {
    /**
     * For values that are all 0 or 1 (hit rates): the Clopper–Pearson interval, exact for a
     * proportion at any size: it covers the true rate at least as often as it says.
     */
    EXACT_BINOMIAL(1),
    /**
     * For graded values (MRR, nDCG, judge scores): the bias-corrected and accelerated (BCa) bootstrap
     * with the expanded-percentile small-sample correction. Simulated on MRR-like metrics it covers
     * the mean in about 93-95% of runs from {@value #BCA_MINIMUM} values (mostly-perfect and
     * mostly-missed metrics at the low end); below that it may cover far less (as low as 0.87 at 10).
     */
    BCA_BOOTSTRAP(IntervalMethod.BCA_MINIMUM),
    /** The percentile bootstrap of files written before raglens 0.1's intervals; too narrow at small sizes. */
    PERCENTILE_BOOTSTRAP(Integer.MAX_VALUE);

    /** Values from which the BCa bootstrap holds its level. */
    public static final int BCA_MINIMUM = 60;

    private final int minimumValues;

    IntervalMethod(int minimumValues) {
        this.minimumValues = minimumValues;
    }

    /** Values (questions) from which the interval covers the mean as often as it says. */
    public int minimumValues() {
        return minimumValues;
    }

    /** Whether an interval over {@code n} values holds its level. */
    public boolean holdsAt(int n) {
        return n >= minimumValues;
    }

    /** The method's name in a sentence, e.g. {@code "exact binomial (Clopper-Pearson)"}. */
    public String describe() {
        return switch (this) {
            case EXACT_BINOMIAL -> "exact binomial (Clopper-Pearson)";
            case BCA_BOOTSTRAP -> "BCa bootstrap";
            case PERCENTILE_BOOTSTRAP -> "percentile bootstrap";
        };
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
