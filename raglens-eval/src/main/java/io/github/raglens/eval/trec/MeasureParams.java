package io.github.raglens.eval.trec;

import java.util.Arrays;

/** Reads the parameters of a {@code -m} argument ({@code P.5,10}, {@code ndcg.1=3,2=9}) as {@code trec_eval} does. */
final class MeasureParams {

    private MeasureParams() {}

    /**
     * The integer cutoffs of {@code P.5,10} and the like, sorted; {@code defaults} when none were
     * given.
     *
     * @throws IllegalArgumentException for a cutoff that is not a positive integer, or one given twice
     */
    static long[] cutoffs(String root, String params, long[] defaults) {
        if (params == null) {
            return defaults.clone();
        }
        String[] parts = params.split(",");
        long[] cutoffs = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            cutoffs[i] = leadingLong(root, parts[i]);
            if (cutoffs[i] <= 0) {
                throw new IllegalArgumentException("cutoffs of " + root + " must be positive, got '" + parts[i] + "'");
            }
        }
        Arrays.sort(cutoffs);
        for (int i = 1; i < cutoffs.length; i++) {
            if (cutoffs[i] == cutoffs[i - 1]) {
                throw new IllegalArgumentException("cutoffs of " + root + " repeat " + cutoffs[i]);
            }
        }
        return cutoffs;
    }

    static double[] doubleCutoffs(String root, String params, double[] defaults) {
        double[] values = doubleList(root, params, defaults);
        Arrays.sort(values);
        return values;
    }

    static double[] doubleList(String root, String params, double[] defaults) {
        if (params == null) {
            return defaults.clone();
        }
        String[] parts = params.split(",");
        double[] values = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                values[i] = Double.parseDouble(parts[i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("parameter '" + parts[i] + "' of " + root + " is not a number", e);
            }
        }
        return values;
    }

    /** Pairs {@code level=gain} (or {@code p=0.95} for rbp); the name is kept in column 0 as NaN for p. */
    static double[][] gainPairs(String root, String params) {
        if (params == null) {
            return new double[0][];
        }
        String[] parts = params.split(",");
        double[][] pairs = new double[parts.length][];
        for (int i = 0; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException(
                        "parameter '" + parts[i] + "' of " + root + " must be level=gain, e.g. " + root + ".1=3,2=9");
            }
            String name = parts[i].substring(0, eq);
            double value;
            try {
                value = Double.parseDouble(parts[i].substring(eq + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("gain in '" + parts[i] + "' of " + root + " is not a number", e);
            }
            double level = name.matches("[+-]?\\d+") ? Long.parseLong(name.replace("+", "")) : Double.NaN;
            if (Double.isNaN(level) && !(root.equals("rbp") && name.equals("p"))) {
                // trec_eval ignores pairs whose name is not an integer level.
                pairs[i] = null;
                continue;
            }
            pairs[i] = new double[] {level, value};
        }
        return Arrays.stream(pairs).filter(p -> p != null).toArray(double[][]::new);
    }

    private static long leadingLong(String root, String text) {
        int end = 0;
        String t = text.strip();
        if (end < t.length() && (t.charAt(end) == '-' || t.charAt(end) == '+')) {
            end++;
        }
        while (end < t.length() && Character.isDigit(t.charAt(end))) {
            end++;
        }
        try {
            return Long.parseLong(t.substring(0, end).replace("+", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("cutoff '" + text + "' of " + root + " is not an integer", e);
        }
    }
}
