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
            case "map" ->
                simple(root, Summary.MEAN, false, (q, l) -> one(RankMeasures.averagePrecision(q, l, q.numRet())));
            case "gm_map" ->
                simple(
                        root,
                        Summary.GEOMETRIC,
                        false,
                        (q, l) ->
                                one(Math.log(Math.max(RankMeasures.averagePrecision(q, l, q.numRet()), MIN_GEO_MEAN))));
            case "Rprec" -> simple(root, Summary.MEAN, false, (q, l) -> one(RankMeasures.rPrecision(q, l)));
            case "bpref" -> simple(root, Summary.MEAN, false, (q, l) -> one(RankMeasures.bpref(q, l)));
            case "gm_bpref" ->
                simple(
                        root,
                        Summary.GEOMETRIC,
                        false,
                        (q, l) -> one(Math.log(Math.max(RankMeasures.bpref(q, l), MIN_GEO_MEAN))));
            case "recip_rank" -> simple(root, Summary.MEAN, false, (q, l) -> one(RankMeasures.reciprocalRank(q, l)));
            case "infAP" -> simple(root, Summary.MEAN, false, (q, l) -> one(RankMeasures.infAp(q, l)));
            case "iprec_at_recall" -> {
                double[] points = MeasureParams.doubleCutoffs(root, params, RECALL_POINTS);
                yield new TrecMeasure(
                        root,
                        doubleNames(root, points),
                        Summary.MEAN,
                        false,
                        (q, l) -> RankMeasures.iprec(q, l, points),
                        0);
            }
            case "Rprec_mult" -> {
                double[] multiples = MeasureParams.doubleCutoffs(root, params, R_MULTIPLES);
                yield new TrecMeasure(
                        root,
                        doubleNames(root, multiples),
                        Summary.MEAN,
                        false,
                        (q, l) -> RankMeasures.rPrecisionMultiples(q, l, multiples),
                        0);
            }
            case "P" -> cutoffMeasure(root, params, DOC_CUTOFFS, RankMeasures::precision);
            case "recall" -> cutoffMeasure(root, params, DOC_CUTOFFS, RankMeasures::recall);
            case "ndcg_cut" -> cutoffMeasure(root, params, DOC_CUTOFFS, GainMeasures::ndcgCut);
            case "map_cut" -> cutoffMeasure(root, params, DOC_CUTOFFS, RankMeasures::mapCut);
            case "relative_P" -> cutoffMeasure(root, params, DOC_CUTOFFS, RankMeasures::relativePrecision);
            case "success" -> cutoffMeasure(root, params, new long[] {1, 5, 10}, RankMeasures::success);
            case "unj" -> cutoffMeasure(root, params, new long[] {5, 10, 20}, RankMeasures::unjudged);
            case "relstring" -> {
                double[] p = MeasureParams.doubleList(root, params, new double[] {10});
                yield new TrecMeasure(
                        root, List.of(paramName(root, params)), Summary.NONE, false, (q, l) -> new double[0], (int)
                                p[0]);
            }
            case "utility" -> {
                double[] p = MeasureParams.doubleList(root, params, new double[] {1, -1, 0, 0});
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
                double[] points = MeasureParams.doubleList(root, params, RECALL_POINTS);
                Arrays.sort(points);
                yield simpleNamed(root, params, (q, l) -> {
                    double sum = 0;
                    for (double v : RankMeasures.iprec(q, l, points)) {
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
                double beta = MeasureParams.doubleList(root, params, new double[] {1.0})[0];
                yield simpleNamed(root, params, (q, l) -> {
                    if (q.numRet() == 0 || q.numRel() == 0) {
                        return one(0);
                    }
                    double p = (double) q.numRelRet() / q.numRet();
                    double r = (double) q.numRelRet() / q.numRel();
                    return one(p + r == 0 ? 0 : (beta + 1) * p * r / (beta * p + r));
                });
            }
            case "binG" -> simple(root, Summary.MEAN, false, (q, l) -> one(GainMeasures.binG(q, l)));
            case "G" -> {
                double[][] pairs = MeasureParams.gainPairs(root, params);
                yield simpleNamed(root, params, (q, l) -> one(GainMeasures.g(q, GainMeasures.Gains.of(q, pairs))));
            }
            case "ndcg" -> {
                double[][] pairs = MeasureParams.gainPairs(root, params);
                yield simpleNamed(root, params, (q, l) -> one(GainMeasures.ndcg(q, GainMeasures.Gains.of(q, pairs))));
            }
            case "ndcg_rel" -> {
                double[][] pairs = MeasureParams.gainPairs(root, params);
                yield simpleNamed(
                        root, params, (q, l) -> one(GainMeasures.ndcgRel(q, GainMeasures.Gains.of(q, pairs))));
            }
            case "Rndcg" -> {
                double[][] pairs = MeasureParams.gainPairs(root, params);
                yield simpleNamed(root, params, (q, l) -> one(GainMeasures.rNdcg(q, GainMeasures.Gains.of(q, pairs))));
            }
            case "rbp" -> {
                double[][] pairs = MeasureParams.gainPairs(root, params);
                yield simpleNamed(root, params, (q, l) -> one(GainMeasures.rbp(q, pairs)));
            }
            case "rbp_resid" -> simple(root, Summary.MEAN, false, (q, l) -> one(GainMeasures.rbpResidual(q, l)));
            default ->
                throw new IllegalArgumentException("unknown measure '" + root + "'; supported: "
                        + String.join(", ", ORDER) + " and the nicknames official, all_trec");
        };
    }

    private static TrecMeasure simple(String root, Summary summary, boolean integral, Calc calc) {
        return new TrecMeasure(root, List.of(root), summary, integral, calc, 0);
    }

    private static TrecMeasure simpleNamed(String root, String params, Calc calc) {
        return new TrecMeasure(root, List.of(paramName(root, params)), Summary.MEAN, false, calc, 0);
    }

    private static String paramName(String root, String params) {
        return params == null ? root : root + "_" + params;
    }

    private static List<String> doubleNames(String root, double[] values) {
        List<String> names = new ArrayList<>();
        for (double v : values) {
            names.add(root + "_" + TrecEval.fixed(v, 2));
        }
        return names;
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
        long[] cutoffs = MeasureParams.cutoffs(root, params, defaults);
        List<String> names = new ArrayList<>();
        for (long c : cutoffs) {
            names.add(root + "_" + c);
        }
        return new TrecMeasure(root, names, Summary.MEAN, false, (q, l) -> calc.compute(q, l, cutoffs), 0);
    }

    @Override
    public String toString() {
        return root + names.stream().map(n -> n.toLowerCase(Locale.ROOT)).toList();
    }
}
