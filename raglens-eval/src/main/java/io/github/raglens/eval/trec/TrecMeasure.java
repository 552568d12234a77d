package io.github.raglens.eval.trec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * One {@code trec_eval} measure (or family of measures at several cutoffs) with its parameters:
 * how it is computed per query, named in the output, and summarised over queries.
 */
final class TrecMeasure {

    /** How per-query values become the summary line. */
    enum Summary {
        /** Arithmetic mean over the evaluated queries. */
        MEAN,
        /** Sum over the evaluated queries, printed as an integer. */
        SUM,
        /** Geometric mean of the values floored at 0.00001 (values are stored as logs). */
        GEOMETRIC,
        /** Printed per query only. */
        NONE,
        /** The run id, printed in the summary only. */
        RUN_ID,
        /** The number of evaluated queries, printed in the summary only. */
        NUM_Q
    }

    /** Computes the values of a measure for one query. */
    @FunctionalInterface
    interface Calc {
        double[] compute(JudgedRanking q, int level);
    }

    /** The measures in {@code trec_eval}'s output order. */
    static final List<String> ORDER = List.of(
            "runid",
            "num_q",
            "num_ret",
            "num_rel",
            "num_rel_ret",
            "map",
            "gm_map",
            "Rprec",
            "bpref",
            "recip_rank",
            "iprec_at_recall",
            "P",
            "relstring",
            "recall",
            "infAP",
            "gm_bpref",
            "Rprec_mult",
            "utility",
            "11pt_avg",
            "binG",
            "G",
            "ndcg",
            "ndcg_rel",
            "Rndcg",
            "ndcg_cut",
            "map_cut",
            "relative_P",
            "success",
            "set_P",
            "set_relative_P",
            "set_recall",
            "set_map",
            "set_F",
            "num_nonrel_judged_ret",
            "rbp",
            "rbp_resid",
            "unj");

    /** {@code trec_eval}'s default set. */
    static final List<String> OFFICIAL = ORDER.subList(0, ORDER.indexOf("P") + 1);

    private static final long[] DOC_CUTOFFS = {5, 10, 15, 20, 30, 100, 200, 500, 1000};
    private static final double[] RECALL_POINTS = {0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
    private static final double[] R_MULTIPLES = {0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0};
    static final double MIN_GEO_MEAN = 0.00001;
    private static final double INFAP_EPSILON = 0.00001;

    final String root;
    final List<String> names;
    final Summary summary;
    final boolean integral;
    private final Calc calc;
    private final int relstringLength;

    private TrecMeasure(
            String root, List<String> names, Summary summary, boolean integral, Calc calc, int relstringLength) {
        this.root = root;
        this.names = List.copyOf(names);
        this.summary = summary;
        this.integral = integral;
        this.calc = calc;
        this.relstringLength = relstringLength;
    }

    double[] compute(JudgedRanking q, int level) {
        return calc.compute(q, level);
    }

    boolean printedPerQuery() {
        return summary != Summary.RUN_ID && summary != Summary.NUM_Q && summary != Summary.GEOMETRIC;
    }

    /** The {@code relstring} text of a query: one character per top document's judgement. */
    String relstring(JudgedRanking q) {
        int len = Math.max(0, Math.min(relstringLength, q.numRet()));
        StringBuilder sb = new StringBuilder(len);
        for (int i = 0; i < len; i++) {
            int rel = q.rels()[i];
            char c;
            if (rel > 9) {
                c = '>';
            } else if (rel >= 0) {
                c = (char) ('0' + rel);
            } else if (rel == JudgedRanking.NOT_IN_POOL) {
                c = '-';
            } else if (rel == JudgedRanking.UNJUDGED) {
                c = '.';
            } else {
                c = '<';
            }
            sb.append(c);
        }
        return sb.toString();
    }

    /**
     * Creates a measure from a {@code -m} argument's name and parameter text.
     *
     * @param root the measure name, e.g. {@code P}
     * @param params the text after the first dot, e.g. {@code 5,10}; null when none was given
     * @throws IllegalArgumentException for an unknown measure or bad parameters
     */
    static TrecMeasure of(String root, String params) {
        return switch (root) {
            case "runid" -> simple(root, Summary.RUN_ID, true, (q, l) -> new double[0]);
            case "num_q" -> simple(root, Summary.NUM_Q, true, (q, l) -> new double[0]);
            case "num_ret" -> simple(root, Summary.SUM, true, (q, l) -> one(q.numRet()));
            case "num_rel" -> simple(root, Summary.SUM, true, (q, l) -> one(q.numRel()));
            case "num_rel_ret" -> simple(root, Summary.SUM, true, (q, l) -> one(q.numRelRet()));
            case "num_nonrel_judged_ret" ->
                simple(
                        root,
                        Summary.SUM,
                        true,
                        (q, l) -> one(q.numRet() - q.numNonpool() - q.numUnjudged() - q.numRelRet()));
            case "map" -> simple(root, Summary.MEAN, false, (q, l) -> one(averagePrecision(q, l, q.numRet())));
            case "gm_map" ->
                simple(
                        root,
                        Summary.GEOMETRIC,
                        false,
                        (q, l) -> one(Math.log(Math.max(averagePrecision(q, l, q.numRet()), MIN_GEO_MEAN))));
            case "Rprec" -> simple(root, Summary.MEAN, false, TrecMeasure::rPrecision);
            case "bpref" -> simple(root, Summary.MEAN, false, (q, l) -> one(bpref(q, l)));
            case "gm_bpref" ->
                simple(root, Summary.GEOMETRIC, false, (q, l) -> one(Math.log(Math.max(bpref(q, l), MIN_GEO_MEAN))));
            case "recip_rank" -> simple(root, Summary.MEAN, false, TrecMeasure::reciprocalRank);
            case "infAP" -> simple(root, Summary.MEAN, false, TrecMeasure::infAp);
            case "iprec_at_recall" -> {
                double[] points = doubleCutoffs(root, params, RECALL_POINTS);
                yield new TrecMeasure(
                        root, doubleNames(root, points), Summary.MEAN, false, (q, l) -> iprec(q, l, points), 0);
            }
            case "Rprec_mult" -> {
                double[] multiples = doubleCutoffs(root, params, R_MULTIPLES);
                yield new TrecMeasure(
                        root,
                        doubleNames(root, multiples),
                        Summary.MEAN,
                        false,
                        (q, l) -> rPrecisionMultiples(q, l, multiples),
                        0);
            }
            case "P" -> cutoffMeasure(root, params, DOC_CUTOFFS, TrecMeasure::precision);
            case "recall" -> cutoffMeasure(root, params, DOC_CUTOFFS, TrecMeasure::recall);
            case "ndcg_cut" -> cutoffMeasure(root, params, DOC_CUTOFFS, TrecMeasure::ndcgCut);
            case "map_cut" -> cutoffMeasure(root, params, DOC_CUTOFFS, TrecMeasure::mapCut);
            case "relative_P" -> cutoffMeasure(root, params, DOC_CUTOFFS, TrecMeasure::relativePrecision);
            case "success" -> cutoffMeasure(root, params, new long[] {1, 5, 10}, TrecMeasure::success);
            case "unj" -> cutoffMeasure(root, params, new long[] {5, 10, 20}, TrecMeasure::unjudged);
            case "relstring" -> {
                double[] p = doubleList(root, params, new double[] {10});
                yield new TrecMeasure(
                        root, List.of(paramName(root, params)), Summary.NONE, false, (q, l) -> new double[0], (int)
                                p[0]);
            }
            case "utility" -> {
                double[] p = doubleList(root, params, new double[] {1, -1, 0, 0});
                if (p.length != 4) {
                    throw new IllegalArgumentException("utility needs 4 coefficients, got '" + params + "'");
                }
                yield simpleNamed(
                        root,
                        params,
                        (q, l) -> one(p[0] * q.numRelRet()
                                + p[1] * (q.numRet() - q.numRelRet())
                                + p[2] * (q.numRel() - q.numRelRet())
                                + p[3] * (q.numRelRet() - q.numRet() - q.numRel())));
            }
            case "11pt_avg" -> {
                double[] points = doubleList(root, params, RECALL_POINTS);
                Arrays.sort(points);
                yield simpleNamed(root, params, (q, l) -> {
                    double sum = 0;
                    for (double v : iprec(q, l, points)) {
                        sum += v;
                    }
                    return one(sum / points.length);
                });
            }
            case "set_P" ->
                simple(
                        root,
                        Summary.MEAN,
                        false,
                        (q, l) -> one(q.numRet() > 0 ? (double) q.numRelRet() / q.numRet() : 0));
            case "set_relative_P" ->
                simple(
                        root,
                        Summary.MEAN,
                        false,
                        (q, l) -> one(q.numRet() > 0 ? (double) q.numRelRet() / Math.min(q.numRet(), q.numRel()) : 0));
            case "set_recall" ->
                simple(
                        root,
                        Summary.MEAN,
                        false,
                        (q, l) -> one(q.numRel() > 0 ? (double) q.numRelRet() / q.numRel() : 0));
            case "set_map" ->
                simple(
                        root,
                        Summary.MEAN,
                        false,
                        (q, l) -> one(
                                q.numRet() > 0 && q.numRel() > 0
                                        ? ((double) q.numRelRet() * q.numRelRet()) / ((double) q.numRet() * q.numRel())
                                        : 0));
            case "set_F" -> {
                double beta = doubleList(root, params, new double[] {1.0})[0];
                yield simpleNamed(root, params, (q, l) -> {
                    if (q.numRet() == 0 || q.numRel() == 0) {
                        return one(0);
                    }
                    double p = (double) q.numRelRet() / q.numRet();
                    double r = (double) q.numRelRet() / q.numRel();
                    return one(p + r == 0 ? 0 : (beta + 1) * p * r / (beta * p + r));
                });
            }
            case "binG" -> simple(root, Summary.MEAN, false, TrecMeasure::binG);
            case "G" -> {
                double[][] pairs = gainPairs(root, params);
                yield simpleNamed(root, params, (q, l) -> one(g(q, Gains.of(q, pairs))));
            }
            case "ndcg" -> {
                double[][] pairs = gainPairs(root, params);
                yield simpleNamed(root, params, (q, l) -> one(ndcg(q, Gains.of(q, pairs))));
            }
            case "ndcg_rel" -> {
                double[][] pairs = gainPairs(root, params);
                yield simpleNamed(root, params, (q, l) -> one(ndcgRel(q, Gains.of(q, pairs))));
            }
            case "Rndcg" -> {
                double[][] pairs = gainPairs(root, params);
                yield simpleNamed(root, params, (q, l) -> one(rNdcg(q, Gains.of(q, pairs))));
            }
            case "rbp" -> {
                double[][] pairs = gainPairs(root, params);
                yield simpleNamed(root, params, (q, l) -> one(rbp(q, pairs)));
            }
            case "rbp_resid" -> simple(root, Summary.MEAN, false, TrecMeasure::rbpResidual);
            default ->
                throw new IllegalArgumentException("unknown measure '" + root + "'; supported: "
                        + String.join(", ", ORDER) + " and the nicknames official, all_trec");
        };
    }

    // ---- construction helpers

    private static TrecMeasure simple(String root, Summary summary, boolean integral, Calc calc) {
        return new TrecMeasure(root, List.of(root), summary, integral, calc, 0);
    }

    private static TrecMeasure simpleNamed(String root, String params, Calc calc) {
        return new TrecMeasure(root, List.of(paramName(root, params)), Summary.MEAN, false, calc, 0);
    }

    private static String paramName(String root, String params) {
        return params == null ? root : root + "_" + params;
    }

    private static double[] one(double v) {
        return new double[] {v};
    }

    /** Computes values at integer cutoffs. */
    @FunctionalInterface
    private interface CutoffCalc {
        double[] compute(JudgedRanking q, int level, long[] cutoffs);
    }

    private static TrecMeasure cutoffMeasure(String root, String params, long[] defaults, CutoffCalc calc) {
        long[] cutoffs;
        if (params == null) {
            cutoffs = defaults.clone();
        } else {
            String[] parts = params.split(",");
            cutoffs = new long[parts.length];
            for (int i = 0; i < parts.length; i++) {
                cutoffs[i] = leadingLong(root, parts[i]);
                if (cutoffs[i] <= 0) {
                    throw new IllegalArgumentException(
                            "cutoffs of " + root + " must be positive, got '" + parts[i] + "'");
                }
            }
            Arrays.sort(cutoffs);
            for (int i = 1; i < cutoffs.length; i++) {
                if (cutoffs[i] == cutoffs[i - 1]) {
                    throw new IllegalArgumentException("cutoffs of " + root + " repeat " + cutoffs[i]);
                }
            }
        }
        List<String> names = new ArrayList<>();
        for (long c : cutoffs) {
            names.add(root + "_" + c);
        }
        long[] fixed = cutoffs;
        return new TrecMeasure(root, names, Summary.MEAN, false, (q, l) -> calc.compute(q, l, fixed), 0);
    }

    private static double[] doubleCutoffs(String root, String params, double[] defaults) {
        double[] values = doubleList(root, params, defaults);
        Arrays.sort(values);
        return values;
    }

    private static List<String> doubleNames(String root, double[] values) {
        List<String> names = new ArrayList<>();
        for (double v : values) {
            names.add(root + "_" + TrecEval.fixed(v, 2));
        }
        return names;
    }

    private static double[] doubleList(String root, String params, double[] defaults) {
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
    private static double[][] gainPairs(String root, String params) {
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

    // ---- the measures

    private static boolean isRel(int rel, int level) {
        return rel >= level;
    }

    private static double averagePrecision(JudgedRanking q, int level, long cutoff) {
        long relSoFar = 0;
        double sum = 0;
        int[] rels = q.rels();
        long limit = Math.min(cutoff, rels.length);
        for (int i = 0; i < limit; i++) {
            if (isRel(rels[i], level)) {
                relSoFar++;
                sum += (double) relSoFar / (i + 1);
            }
        }
        return relSoFar > 0 ? sum / q.numRel() : 0;
    }

    private static double[] rPrecision(JudgedRanking q, int level) {
        int[] rels = q.rels();
        long relSoFar = 0;
        for (int i = 0; i < rels.length && i < q.numRel(); i++) {
            if (isRel(rels[i], level)) {
                relSoFar++;
            }
        }
        return one(q.numRel() > 0 ? (double) relSoFar / q.numRel() : 0);
    }

    private static double bpref(JudgedRanking q, int level) {
        long numNonrel = 0;
        for (int j = 0; j < level; j++) {
            numNonrel += q.relLevel(j);
        }
        long nonrelSoFar = 0;
        double bpref = 0;
        for (int rel : q.rels()) {
            if (rel < 0) {
                continue;
            }
            if (rel < level) {
                nonrelSoFar++;
            } else if (nonrelSoFar > 0) {
                bpref += 1.0 - (double) Math.min(nonrelSoFar, q.numRel()) / (double) Math.min(numNonrel, q.numRel());
            } else {
                bpref += 1.0;
            }
        }
        return q.numRel() > 0 ? bpref / q.numRel() : bpref;
    }

    private static double[] reciprocalRank(JudgedRanking q, int level) {
        int[] rels = q.rels();
        for (int i = 0; i < rels.length; i++) {
            if (isRel(rels[i], level)) {
                return one(1.0 / (i + 1));
            }
        }
        return one(0);
    }

    private static double[] infAp(JudgedRanking q, int level) {
        int[] rels = q.rels();
        long nonrelSoFar = 0;
        long relSoFar = 0;
        long poolUnjudgedSoFar = 0;
        double infAp = 0;
        for (int j = 0; j < rels.length; j++) {
            int rel = rels[j];
            if (rel == JudgedRanking.NOT_IN_POOL) {
                continue;
            }
            if (rel == JudgedRanking.UNJUDGED) {
                poolUnjudgedSoFar++;
                continue;
            }
            if (rel >= 0 && rel < level) {
                nonrelSoFar++;
            } else {
                relSoFar++;
                if (j == 0) {
                    infAp += 1.0;
                } else {
                    double fj = j;
                    infAp += 1.0 / (fj + 1.0)
                            + (fj / (fj + 1.0))
                                    * ((relSoFar - 1 + nonrelSoFar + poolUnjudgedSoFar) / fj)
                                    * ((relSoFar - 1 + INFAP_EPSILON)
                                            / (relSoFar - 1 + nonrelSoFar + 2 * INFAP_EPSILON));
                }
            }
        }
        return one(q.numRel() > 0 ? infAp / q.numRel() : infAp);
    }

    /** Interpolated precision at recall points (sorted ascending); a recall point is a rounded count. */
    private static double[] iprec(JudgedRanking q, int level, double[] points) {
        int[] rels = q.rels();
        double[] out = new double[points.length];
        long[] cutoffs = new long[points.length];
        for (int i = 0; i < points.length; i++) {
            cutoffs[i] = Math.round(points[i] * q.numRel());
        }
        int current = points.length - 1;
        while (current >= 0 && cutoffs[current] > q.numRelRet()) {
            current--;
        }
        double intPrecis = rels.length == 0 ? 0 : (double) q.numRelRet() / rels.length;
        long relSoFar = q.numRelRet();
        for (int i = rels.length; i > 0 && relSoFar > 0; i--) {
            double precis = (double) relSoFar / i;
            if (intPrecis < precis) {
                intPrecis = precis;
            }
            if (isRel(rels[i - 1], level)) {
                while (current >= 0 && relSoFar == cutoffs[current]) {
                    out[current] = intPrecis;
                    current--;
                }
                relSoFar--;
            }
        }
        while (current >= 0) {
            out[current] = intPrecis;
            current--;
        }
        return out;
    }

    private static double[] rPrecisionMultiples(JudgedRanking q, int level, double[] multiples) {
        int[] rels = q.rels();
        double[] out = new double[multiples.length];
        long[] cutoffs = new long[multiples.length];
        for (int i = 0; i < multiples.length; i++) {
            cutoffs[i] = (long) (multiples[i] * q.numRel() + 0.9);
        }
        int current = multiples.length - 1;
        while (current >= 0 && cutoffs[current] > rels.length) {
            out[current] = (double) q.numRelRet() / cutoffs[current];
            current--;
        }
        long relSoFar = q.numRelRet();
        for (int i = rels.length; i > 0 && relSoFar > 0; i--) {
            double precis = (double) relSoFar / i;
            while (current >= 0 && i == cutoffs[current]) {
                out[current] = precis;
                current--;
            }
            if (isRel(rels[i - 1], level)) {
                relSoFar--;
            }
        }
        return out;
    }

    private static long[] relevantAtCutoffs(JudgedRanking q, int level, long[] cutoffs) {
        int[] rels = q.rels();
        long[] counts = new long[cutoffs.length];
        long relSoFar = 0;
        int c = 0;
        for (int i = 0; i < rels.length && c < cutoffs.length; i++) {
            while (c < cutoffs.length && i == cutoffs[c]) {
                counts[c++] = relSoFar;
            }
            if (c == cutoffs.length) {
                break;
            }
            if (isRel(rels[i], level)) {
                relSoFar++;
            }
        }
        while (c < cutoffs.length) {
            counts[c++] = relSoFar;
        }
        return counts;
    }

    private static double[] precision(JudgedRanking q, int level, long[] cutoffs) {
        long[] counts = relevantAtCutoffs(q, level, cutoffs);
        double[] out = new double[cutoffs.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (double) counts[i] / cutoffs[i];
        }
        return out;
    }

    private static double[] recall(JudgedRanking q, int level, long[] cutoffs) {
        long[] counts = relevantAtCutoffs(q, level, cutoffs);
        double[] out = new double[cutoffs.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = q.numRel() > 0 ? (double) counts[i] / q.numRel() : 0;
        }
        return out;
    }

    private static double[] relativePrecision(JudgedRanking q, int level, long[] cutoffs) {
        long[] counts = relevantAtCutoffs(q, level, cutoffs);
        double[] out = new double[cutoffs.length];
        for (int i = 0; i < out.length; i++) {
            long denominator = Math.min(cutoffs[i], q.numRel());
            out[i] = (double) counts[i] / denominator;
            if (denominator == 0) {
                out[i] = Double.NaN;
            }
        }
        return out;
    }

    private static double[] success(JudgedRanking q, int level, long[] cutoffs) {
        long[] counts = relevantAtCutoffs(q, level, cutoffs);
        double[] out = new double[cutoffs.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = counts[i] > 0 ? 1 : 0;
        }
        return out;
    }

    private static double[] mapCut(JudgedRanking q, int level, long[] cutoffs) {
        double[] out = new double[cutoffs.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = averagePrecision(q, level, cutoffs[i]);
        }
        return out;
    }

    private static double[] unjudged(JudgedRanking q, int level, long[] cutoffs) {
        int[] rels = q.rels();
        double[] out = new double[cutoffs.length];
        long unjSoFar = 0;
        int c = 0;
        for (int i = 0; i < rels.length; i++) {
            if (i == cutoffs[c]) {
                out[c] = (double) unjSoFar / i;
                if (++c == cutoffs.length) {
                    break;
                }
            }
            if (rels[i] == JudgedRanking.NOT_IN_POOL || rels[i] == JudgedRanking.UNJUDGED) {
                unjSoFar++;
            }
        }
        while (c < cutoffs.length) {
            out[c] = (double) unjSoFar / cutoffs[c];
            c++;
        }
        return out;
    }

    /** nDCG at cutoffs with the judgement values as gains and discount log2(rank + 1). */
    private static double[] ndcgCut(JudgedRanking q, int level, long[] cutoffs) {
        int[] rels = q.rels();
        double[] out = new double[cutoffs.length];
        double sum = 0;
        int c = 0;
        for (int i = 0; i < rels.length; i++) {
            if (i == cutoffs[c]) {
                out[c] = sum;
                if (++c == cutoffs.length) {
                    break;
                }
            }
            if (rels[i] > 0) {
                sum += rels[i] / log2(i + 2);
            }
        }
        while (c < cutoffs.length) {
            out[c++] = sum;
        }
        // The ideal ranking: judged documents by descending judgement.
        c = 0;
        int curLevel = q.numRelLevels() - 1;
        long levelCount = 0;
        double ideal = 0;
        for (int i = 0; true; i++) {
            levelCount++;
            while (curLevel > 0 && levelCount > q.relLevel(curLevel)) {
                curLevel--;
                levelCount = 1;
            }
            if (curLevel <= 0) {
                break;
            }
            if (i == cutoffs[c]) {
                if (ideal > 0) {
                    out[c] /= ideal;
                }
                if (++c == cutoffs.length) {
                    break;
                }
            }
            ideal += curLevel / log2(i + 2);
        }
        while (c < cutoffs.length) {
            if (ideal > 0) {
                out[c] /= ideal;
            }
            c++;
        }
        return out;
    }

    private static double[] binG(JudgedRanking q, int level) {
        int[] rels = q.rels();
        long relSoFar = 0;
        double sum = 0;
        for (int i = 0; i < rels.length; i++) {
            if (isRel(rels[i], level)) {
                relSoFar++;
                sum += 1.0 / log2(3 + i - relSoFar);
            }
        }
        return one(relSoFar > 0 ? sum / q.numRel() : 0);
    }

    /** Gain per judgement level, sorted by increasing gain, with how many qrels documents have each. */
    record Gains(long[] levels, double[] gains, long[] counts) {

        static Gains of(JudgedRanking q, double[][] pairs) {
            List<double[]> rows = new ArrayList<>(); // level, gain, count
            for (double[] p : pairs) {
                rows.add(new double[] {p[0], p[1], 0});
            }
            for (int i = 0; i < q.numRelLevels(); i++) {
                double[] found = null;
                for (double[] r : rows) {
                    if (r[0] == i) {
                        found = r;
                        break;
                    }
                }
                if (found != null) {
                    found[2] = q.relLevel(i);
                } else {
                    rows.add(new double[] {i, i, q.relLevel(i)});
                }
            }
            rows.sort((a, b) -> Double.compare(a[1], b[1]));
            long[] levels = new long[rows.size()];
            double[] gains = new double[rows.size()];
            long[] counts = new long[rows.size()];
            for (int i = 0; i < rows.size(); i++) {
                levels[i] = (long) rows.get(i)[0];
                gains[i] = rows.get(i)[1];
                counts[i] = (long) rows.get(i)[2];
            }
            return new Gains(levels, gains, counts);
        }

        double gain(int rel) {
            for (int i = 0; i < levels.length; i++) {
                if (levels[i] == rel) {
                    return gains[i];
                }
            }
            return 0;
        }

        int size() {
            return levels.length;
        }
    }

    /** Walks the ideal ranking: the gains of the judged documents in descending order. */
    private static final class IdealWalk {
        private final Gains gains;
        private int curLevel;
        private long numAtLevel;
        double gain;

        IdealWalk(Gains gains) {
            this.gains = gains;
            this.curLevel = gains.size() - 1;
            this.gain = curLevel >= 0 ? gains.gains()[curLevel] : 0;
        }

        /** Moves to the next ideal document and returns its gain. */
        double next() {
            numAtLevel++;
            while (curLevel >= 0 && numAtLevel > gains.counts()[curLevel]) {
                numAtLevel = 1;
                curLevel--;
                gain = curLevel >= 0 ? gains.gains()[curLevel] : 0;
            }
            return gain;
        }
    }

    private static double ndcg(JudgedRanking q, Gains gains) {
        int[] rels = q.rels();
        double dcg = 0;
        double idealDcg = 0;
        IdealWalk ideal = new IdealWalk(gains);
        int i = 0;
        for (; i < rels.length && ideal.gain > 0; i++) {
            double g = gains.gain(rels[i]);
            if (g != 0) {
                dcg += g / log2(i + 2);
            }
            ideal.next();
            if (ideal.gain > 0) {
                idealDcg += ideal.gain / log2(i + 2);
            }
        }
        for (; i < rels.length; i++) {
            double g = gains.gain(rels[i]);
            if (g != 0) {
                dcg += g / log2(i + 2);
            }
        }
        while (ideal.gain > 0) {
            ideal.next();
            if (ideal.gain > 0) {
                idealDcg += ideal.gain / log2(i + 2);
            }
            i++;
        }
        return idealDcg > 0 ? dcg / idealDcg : 0;
    }

    private static double ndcgRel(JudgedRanking q, Gains gains) {
        int[] rels = q.rels();
        double dcg = 0;
        double idealDcg = 0;
        double sum = 0;
        long numRelRet = 0;
        long numRel = 0;
        IdealWalk ideal = new IdealWalk(gains);
        int i = 0;
        for (; i < rels.length && ideal.gain > 0; i++) {
            double g = gains.gain(rels[i]);
            if (g != 0) {
                dcg += g / log2(i + 2);
            }
            ideal.next();
            if (ideal.gain > 0) {
                numRel++;
                idealDcg += ideal.gain / log2(i + 2);
            }
            if (g > 0) {
                sum += dcg / idealDcg;
                numRelRet++;
            }
        }
        for (; i < rels.length; i++) {
            double g = gains.gain(rels[i]);
            if (g != 0) {
                dcg += g / log2(i + 2);
            }
            if (g > 0) {
                sum += dcg / idealDcg;
                numRelRet++;
            }
        }
        while (ideal.gain > 0) {
            ideal.next();
            if (ideal.gain > 0) {
                numRel++;
                idealDcg += ideal.gain / log2(i + 2);
            }
            i++;
        }
        sum += ((double) (numRel - numRelRet)) * dcg / idealDcg;
        return sum > 0 ? sum / numRel : 0;
    }

    private static double rNdcg(JudgedRanking q, Gains gains) {
        if (q.numRel() == 0) {
            return 0;
        }
        int[] rels = q.rels();
        double dcg = 0;
        double idealDcg = 0;
        double sum = 0;
        long changes = 0;
        IdealWalk ideal = new IdealWalk(gains);
        double oldIdealGain = ideal.gain;
        int i = 0;
        for (; i < rels.length && ideal.gain > 0; i++) {
            double g = gains.gain(rels[i]);
            ideal.next();
            if (oldIdealGain != ideal.gain) {
                if (idealDcg > 0) {
                    sum += dcg / idealDcg;
                    changes++;
                }
                oldIdealGain = ideal.gain;
            }
            if (g != 0) {
                dcg += g / log2(i + 2);
            }
            if (ideal.gain > 0) {
                idealDcg += ideal.gain / log2(i + 2);
            }
        }
        if (i < rels.length) {
            for (; i < rels.length; i++) {
                double g = gains.gain(rels[i]);
                if (g != 0) {
                    dcg += g / log2(i + 2);
                }
            }
            if (idealDcg > 0) {
                sum += dcg / idealDcg;
                changes++;
            }
        }
        while (ideal.gain > 0) {
            ideal.next();
            if (oldIdealGain != ideal.gain) {
                if (idealDcg > 0) {
                    sum += dcg / idealDcg;
                    changes++;
                }
                oldIdealGain = ideal.gain;
            }
            if (ideal.gain > 0) {
                idealDcg += ideal.gain / log2(i + 2);
            }
            i++;
        }
        return changes > 0 ? sum / changes : 0;
    }

    private static double g(JudgedRanking q, Gains gains) {
        int[] rels = q.rels();
        double resultsG = 0;
        double sumResults = 0;
        double sumIdeal = 0;
        double sumCost = 0;
        double minCost = 1.0;
        IdealWalk ideal = new IdealWalk(gains);
        int i = 0;
        for (; i < rels.length && ideal.gain > 0; i++) {
            double g = gains.gain(rels[i]);
            sumResults += g;
            ideal.next();
            if (ideal.gain > 0) {
                sumIdeal += ideal.gain;
            }
            sumCost += ideal.gain >= minCost ? ideal.gain : minCost;
            if (g != 0) {
                resultsG += g / log2(2 + sumCost - sumResults);
            }
        }
        for (; i < rels.length; i++) {
            double g = gains.gain(rels[i]);
            sumResults += g;
            sumCost += minCost;
            if (g != 0) {
                resultsG += g / log2(2 + sumCost - sumResults);
            }
        }
        while (ideal.gain > 0) {
            ideal.next();
            if (ideal.gain > 0) {
                sumIdeal += ideal.gain;
            }
        }
        return sumIdeal > 0 ? resultsG / sumIdeal : 0;
    }

    private static double rbp(JudgedRanking q, double[][] pairs) {
        double p = 0.9;
        List<double[]> levelPairs = new ArrayList<>();
        for (double[] pair : pairs) {
            if (Double.isNaN(pair[0])) {
                p = pair[1];
            } else {
                levelPairs.add(pair);
            }
        }
        Gains gains = Gains.of(q, levelPairs.toArray(double[][]::new));
        double[] g = gains.gains().clone();
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : g) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        if (min < 0 || max > 1) {
            for (int i = 0; i < g.length; i++) {
                g[i] = (g[i] - min) / (max - min);
            }
        }
        Gains normalised = new Gains(gains.levels(), g, gains.counts());
        double sum = 0;
        double curP = 1.0;
        for (int rel : q.rels()) {
            double gain = normalised.gain(rel);
            if (gain != 0) {
                sum += gain * curP;
            }
            curP *= p;
        }
        return (1.0 - p) * sum;
    }

    private static double[] rbpResidual(JudgedRanking q, int level) {
        double p = 0.9;
        double sum = 0;
        double curP = 1.0;
        long unjSoFar = 0;
        for (int rel : q.rels()) {
            if (rel < 0) {
                unjSoFar++;
                sum += curP;
            }
            curP *= p;
        }
        return one(unjSoFar > 0 ? curP + (1 - p) * sum : 0);
    }

    static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }

    @Override
    public String toString() {
        return root + names.stream().map(n -> n.toLowerCase(Locale.ROOT)).toList();
    }
}
