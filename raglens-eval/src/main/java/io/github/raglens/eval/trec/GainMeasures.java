package io.github.raglens.eval.trec;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code trec_eval} measures that weigh documents by gain, one query at a time: nDCG and its
 * variants, the G measures and rank-biased precision. Gains are the judgement values unless the
 * measure's parameters map levels to other gains ({@code ndcg.1=3,2=9}).
 */
final class GainMeasures {

    private GainMeasures() {}

    /** nDCG at cutoffs with the judgement values as gains and discount log2(rank + 1). */
    static double[] ndcgCut(JudgedRanking q, int level, long[] cutoffs) {
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
        int[] levels = q.levels();
        int at = levels.length - 1;
        long levelCount = 0;
        double ideal = 0;
        for (int i = 0; true; i++) {
            levelCount++;
            while (at >= 0 && levels[at] > 0 && levelCount > q.levelCounts()[at]) {
                at--;
                levelCount = 1;
            }
            int curLevel = at >= 0 ? levels[at] : 0;
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

    static double binG(JudgedRanking q, int level) {
        int[] rels = q.rels();
        long relSoFar = 0;
        double sum = 0;
        for (int i = 0; i < rels.length; i++) {
            if (RankMeasures.isRel(rels[i], level)) {
                relSoFar++;
                sum += 1.0 / log2(3 + i - relSoFar);
            }
        }
        return relSoFar > 0 ? sum / q.numRel() : 0;
    }

    /** Gain per judgement level, sorted by increasing gain, with how many qrels documents have each. */
    record Gains(long[] levels, double[] gains, long[] counts) {

        static Gains of(JudgedRanking q, double[][] pairs) {
            List<double[]> rows = new ArrayList<>(); // level, gain, count
            for (double[] p : pairs) {
                rows.add(new double[] {p[0], p[1], 0});
            }
            for (int k = 0; k < q.levels().length; k++) {
                int level = q.levels()[k];
                double[] found = null;
                for (int r = 0; r < pairs.length; r++) {
                    if (rows.get(r)[0] == level) {
                        found = rows.get(r);
                        break;
                    }
                }
                if (found != null) {
                    found[2] = q.levelCounts()[k];
                } else {
                    rows.add(new double[] {level, level, q.levelCounts()[k]});
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

    static double ndcg(JudgedRanking q, Gains gains) {
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

    static double ndcgRel(JudgedRanking q, Gains gains) {
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

    static double rNdcg(JudgedRanking q, Gains gains) {
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

    static double g(JudgedRanking q, Gains gains) {
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

    static double rbp(JudgedRanking q, double[][] pairs) {
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

    static double rbpResidual(JudgedRanking q, int level) {
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
        return unjSoFar > 0 ? curP + (1 - p) * sum : 0;
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }
}
