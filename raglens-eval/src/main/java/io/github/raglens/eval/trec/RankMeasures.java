package io.github.raglens.eval.trec;

/**
 * The {@code trec_eval} measures of binary relevance, one query at a time: a retrieved document counts
 * as relevant when its judgement reaches the relevance level ({@code -l}). Each follows {@code
 * trec_eval}'s own computation, so that the figures agree to the last printed digit.
 */
final class RankMeasures {

    private static final double INFAP_EPSILON = 0.00001;

    private RankMeasures() {}

    static boolean isRel(int rel, int level) {
        return rel >= level;
    }

    static double averagePrecision(JudgedRanking q, int level, long cutoff) {
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

    static double rPrecision(JudgedRanking q, int level) {
        int[] rels = q.rels();
        long relSoFar = 0;
        for (int i = 0; i < rels.length && i < q.numRel(); i++) {
            if (isRel(rels[i], level)) {
                relSoFar++;
            }
        }
        return q.numRel() > 0 ? (double) relSoFar / q.numRel() : 0;
    }

    static double bpref(JudgedRanking q, int level) {
        long numNonrel = 0;
        for (int k = 0; k < q.levels().length && q.levels()[k] < level; k++) {
            numNonrel += q.levelCounts()[k];
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

    static double reciprocalRank(JudgedRanking q, int level) {
        int[] rels = q.rels();
        for (int i = 0; i < rels.length; i++) {
            if (isRel(rels[i], level)) {
                return 1.0 / (i + 1);
            }
        }
        return 0;
    }

    static double infAp(JudgedRanking q, int level) {
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
        return q.numRel() > 0 ? infAp / q.numRel() : infAp;
    }

    /** Interpolated precision at recall points (sorted ascending); a recall point is a rounded count. */
    static double[] iprec(JudgedRanking q, int level, double[] points) {
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

    static double[] rPrecisionMultiples(JudgedRanking q, int level, double[] multiples) {
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

    static double[] precision(JudgedRanking q, int level, long[] cutoffs) {
        long[] counts = relevantAtCutoffs(q, level, cutoffs);
        double[] out = new double[cutoffs.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (double) counts[i] / cutoffs[i];
        }
        return out;
    }

    static double[] recall(JudgedRanking q, int level, long[] cutoffs) {
        long[] counts = relevantAtCutoffs(q, level, cutoffs);
        double[] out = new double[cutoffs.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = q.numRel() > 0 ? (double) counts[i] / q.numRel() : 0;
        }
        return out;
    }

    static double[] relativePrecision(JudgedRanking q, int level, long[] cutoffs) {
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

    static double[] success(JudgedRanking q, int level, long[] cutoffs) {
        long[] counts = relevantAtCutoffs(q, level, cutoffs);
        double[] out = new double[cutoffs.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = counts[i] > 0 ? 1 : 0;
        }
        return out;
    }

    static double[] mapCut(JudgedRanking q, int level, long[] cutoffs) {
        double[] out = new double[cutoffs.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = averagePrecision(q, level, cutoffs[i]);
        }
        return out;
    }

    static double[] unjudged(JudgedRanking q, int level, long[] cutoffs) {
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
}
