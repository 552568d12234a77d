package io.github.raglens.eval.judge;

import io.github.raglens.spi.Judge;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * How consistent one judge model is with itself on one metric, from the repeats a {@link Scorer}
 * with {@link Scorer.Builder#repeats} stored: over the cells whose every repeat is scored, the mean
 * spread of a cell's scores, the share of cells whose repeats all gave the same score, and, averaged
 * over every pair of repeats, Cohen's kappa of the pass/fail verdicts and Spearman's rho of the
 * scores (as {@link JudgeAgreement} computes them for two judges).
 *
 * @param metric the metric
 * @param judgeModel the judge model
 * @param repeats how many judgements per cell the records hold (1 + the highest repeat index)
 * @param cells cells whose every repeat is scored
 * @param meanStdDev the mean over those cells of the (population) standard deviation of their
 *     repeats' scores; 0 is perfectly consistent; empty without such cells
 * @param identicalShare the share of those cells whose repeats all gave the same score; empty
 *     without such cells
 * @param kappa Cohen's kappa of the verdicts averaged over the pairs of repeats where it is defined;
 *     empty when it is defined for none (fewer than two repeats, no cells)
 * @param spearman Spearman's rho averaged over the pairs of repeats where it is defined; empty when
 *     it is defined for none
 */
public record SelfConsistency(
        String metric,
        String judgeModel,
        int repeats,
        int cells,
        OptionalDouble meanStdDev,
        OptionalDouble identicalShare,
        OptionalDouble kappa,
        OptionalDouble spearman) {

    /** Validates that no field is null. */
    public SelfConsistency {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(judgeModel, "judgeModel");
        Objects.requireNonNull(meanStdDev, "meanStdDev");
        Objects.requireNonNull(identicalShare, "identicalShare");
        Objects.requireNonNull(kappa, "kappa");
        Objects.requireNonNull(spearman, "spearman");
    }

    /**
     * The self-consistency of a judge model on a metric, at the metric's current version.
     *
     * @param records the records of {@code scores.jsonl}
     * @param metric the metric
     * @param judgeModel the judge model
     * @return the self-consistency
     */
    public static SelfConsistency of(List<ScoreRecord> records, Judge metric, String judgeModel) {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(judgeModel, "judgeModel");
        // cell -> repeat -> score, for the scored records of this metric, version and judge
        Map<String, Map<Integer, Double>> byCell = new TreeMap<>();
        int repeats = 0;
        for (ScoreRecord r : records) {
            if (!r.metric().equals(metric.metric())
                    || !r.promptVersion().equals(metric.version())
                    || !r.judgeModel().equals(judgeModel)) {
                continue;
            }
            repeats = Math.max(repeats, r.repeat() + 1);
            if (r.isScored()) {
                byCell.computeIfAbsent(r.retriever() + '\u001f' + r.questionId(), k -> new HashMap<>())
                        .put(r.repeat(), r.score());
            }
        }
        List<double[]> complete = new ArrayList<>(); // per cell, its scores by repeat
        for (Map<Integer, Double> scores : byCell.values()) {
            if (scores.size() == repeats) {
                double[] v = new double[repeats];
                for (int i = 0; i < repeats; i++) {
                    v[i] = scores.get(i);
                }
                complete.add(v);
            }
        }
        if (complete.isEmpty()) {
            return new SelfConsistency(
                    metric.metric(),
                    judgeModel,
                    repeats,
                    0,
                    OptionalDouble.empty(),
                    OptionalDouble.empty(),
                    OptionalDouble.empty(),
                    OptionalDouble.empty());
        }
        double spread = 0;
        int identical = 0;
        for (double[] v : complete) {
            spread += stdDev(v);
            boolean same = true;
            for (double x : v) {
                same &= x == v[0];
            }
            identical += same ? 1 : 0;
        }
        double kappaSum = 0;
        int kappaPairs = 0;
        double rhoSum = 0;
        int rhoPairs = 0;
        for (int i = 0; i < repeats; i++) {
            for (int j = i + 1; j < repeats; j++) {
                double[] x = column(complete, i);
                double[] y = column(complete, j);
                OptionalDouble k = JudgeAgreement.cohenKappa(JudgeAgreement.verdicts(x), JudgeAgreement.verdicts(y));
                if (k.isPresent()) {
                    kappaSum += k.getAsDouble();
                    kappaPairs++;
                }
                OptionalDouble rho = JudgeAgreement.spearman(x, y);
                if (rho.isPresent()) {
                    rhoSum += rho.getAsDouble();
                    rhoPairs++;
                }
            }
        }
        int n = complete.size();
        return new SelfConsistency(
                metric.metric(),
                judgeModel,
                repeats,
                n,
                OptionalDouble.of(spread / n),
                OptionalDouble.of((double) identical / n),
                kappaPairs == 0 ? OptionalDouble.empty() : OptionalDouble.of(kappaSum / kappaPairs),
                rhoPairs == 0 ? OptionalDouble.empty() : OptionalDouble.of(rhoSum / rhoPairs));
    }

    /**
     * The self-consistency of a judge model on each metric that calls it.
     *
     * @param records the records of {@code scores.jsonl}
     * @param metrics the metrics; text metrics are left out
     * @param judgeModel the judge model
     * @return one entry per judge metric, in order
     */
    public static List<SelfConsistency> of(List<ScoreRecord> records, List<Judge> metrics, String judgeModel) {
        List<SelfConsistency> out = new ArrayList<>();
        for (Judge m : metrics) {
            if (m.usesModel()) {
                out.add(of(records, m, judgeModel));
            }
        }
        return List.copyOf(out);
    }

    private static double[] column(List<double[]> rows, int i) {
        double[] out = new double[rows.size()];
        for (int r = 0; r < out.length; r++) {
            out[r] = rows.get(r)[i];
        }
        return out;
    }

    private static double stdDev(double[] v) {
        double mean = 0;
        for (double x : v) {
            mean += x;
        }
        mean /= v.length;
        double ss = 0;
        for (double x : v) {
            ss += (x - mean) * (x - mean);
        }
        return Math.sqrt(ss / v.length);
    }
}
