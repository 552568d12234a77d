package io.github.raglens.eval.scoring;

import static io.github.raglens.result.JudgeAgreement.PASS;

import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.stats.WeightedKappa;
import io.github.raglens.internal.Cell;
import io.github.raglens.result.JudgeAgreement;
import io.github.raglens.spi.Judge;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/** Measures how well two judge models, or a judge and human labels, agree on the same cells. */
final class AgreementMeasure {

    private AgreementMeasure() {}

    /**
     * Agreement of two judge models on a metric's cells, at the metric's current version. Score the
     * same cases once per judge model (one {@link Scorer} run per {@link JudgeSession}, same scores
     * file); the records keep the judges apart.
     *
     * @param records the records of {@code scores.jsonl}
     * @param metric the metric
     * @param judgeA the first judge model
     * @param judgeB the second judge model
     * @return the agreement
     */
    public static JudgeAgreement measure(List<ScoreRecord> records, Judge metric, String judgeA, String judgeB) {
        Objects.requireNonNull(metric, "metric");
        return measure(records, metric.metric(), metric.version(), judgeA, judgeB);
    }

    /** {@link #measure(List, Judge, String, String)} of a metric given by name and current version. */
    static JudgeAgreement measure(
            List<ScoreRecord> records, String metric, String version, String judgeA, String judgeB) {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(version, "version");
        Map<Cell, Double> a = new HashMap<>();
        Map<Cell, Double> b = new HashMap<>();
        for (ScoreRecord r : records) {
            if (!r.metric().equals(metric) || !r.promptVersion().equals(version) || !r.isScored() || r.repeat() != 0) {
                continue;
            }
            Cell cell = r.cell();
            if (r.judgeModel().equals(judgeA)) {
                a.put(cell, r.score());
            } else if (r.judgeModel().equals(judgeB)) {
                b.put(cell, r.score());
            }
        }
        List<Cell> both = new ArrayList<>(a.keySet());
        both.retainAll(b.keySet());
        both.sort(null);
        double[] x = both.stream().mapToDouble(a::get).toArray();
        double[] y = both.stream().mapToDouble(b::get).toArray();
        return new JudgeAgreement(
                metric, judgeA, judgeB, both.size(), spearman(x, y), cohenKappa(verdicts(x), verdicts(y)));
    }

    /**
     * Agreement of two judge models on each metric that calls a judge.
     *
     * @param records the records of {@code scores.jsonl}
     * @param metrics the metrics; text metrics are left out
     * @param judgeA the first judge model
     * @param judgeB the second judge model
     * @return one entry per judge metric, in order
     */
    public static List<JudgeAgreement> measure(
            List<ScoreRecord> records, List<Judge> metrics, String judgeA, String judgeB) {
        List<JudgeAgreement> out = new ArrayList<>();
        for (Judge m : metrics) {
            if (m.usesModel()) {
                out.add(measure(records, m, judgeA, judgeB));
            }
        }
        return List.copyOf(out);
    }

    /** Pass (1) or fail (0) of each score. */
    static int[] verdicts(double[] scores) {
        return Arrays.stream(scores).mapToInt(v -> v >= PASS ? 1 : 0).toArray();
    }

    /**
     * Cohen's kappa of two binary verdict lists: the weighted kappa of a scale of two grades, whose
     * weights are plain agreement; empty for empty lists and when both sides gave the same single
     * verdict throughout (expected agreement 1: kappa is 0 / 0).
     */
    static OptionalDouble cohenKappa(int[] a, int[] b) {
        return WeightedKappa.linear(a, b, 1);
    }

    /** Spearman's rho: Pearson correlation of the average ranks; empty when undefined. */
    static OptionalDouble spearman(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("score lists differ in length: " + x.length + " and " + y.length);
        }
        if (x.length < 2) {
            return OptionalDouble.empty();
        }
        return pearson(ranks(x), ranks(y));
    }

    private static double[] ranks(double[] v) {
        Integer[] idx = new Integer[v.length];
        for (int i = 0; i < v.length; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (p, q) -> Double.compare(v[p], v[q]));
        double[] r = new double[v.length];
        int i = 0;
        while (i < v.length) {
            int j = i;
            while (j + 1 < v.length && v[idx[j + 1]] == v[idx[i]]) {
                j++;
            }
            double avg = (i + j) / 2.0 + 1;
            for (int t = i; t <= j; t++) {
                r[idx[t]] = avg;
            }
            i = j + 1;
        }
        return r;
    }

    private static OptionalDouble pearson(double[] x, double[] y) {
        double mx = Arrays.stream(x).average().orElse(0);
        double my = Arrays.stream(y).average().orElse(0);
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < x.length; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
            syy += (y[i] - my) * (y[i] - my);
        }
        return sxx == 0 || syy == 0 ? OptionalDouble.empty() : OptionalDouble.of(sxy / Math.sqrt(sxx * syy));
    }
}
