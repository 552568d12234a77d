package io.github.raglens.eval.scoring;

import io.github.raglens.internal.Cell;
import io.github.raglens.result.Aggregation.SelfConsistency;
import io.github.raglens.spi.Judge;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeMap;

/** Measures how consistent a judge model is with itself over the repeats of the same cells. */
final class ConsistencyMeasure {

    private ConsistencyMeasure() {}

    /**
     * The self-consistency of a judge model on a metric, at the metric's current version.
     *
     * @param records the records of {@code scores.jsonl}
     * @param metric the metric
     * @param judgeModel the judge model
     * @return the self-consistency
     */
    public static SelfConsistency measure(List<ScoreRecord> records, Judge metric, String judgeModel) {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(judgeModel, "judgeModel");
        // cell -> repeat -> score, for the scored records of this metric, version and judge
        Map<Cell, Map<Integer, Double>> byCell = new TreeMap<>();
        int repeats = 0;
        for (ScoreRecord r : records) {
            if (!r.metric().equals(metric.metric())
                    || !r.promptVersion().equals(metric.version())
                    || !r.judgeModel().equals(judgeModel)) {
                continue;
            }
            repeats = Math.max(repeats, r.repeat() + 1);
            if (r.isScored()) {
                byCell.computeIfAbsent(r.cell(), k -> new HashMap<>()).put(r.repeat(), r.score());
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
                OptionalDouble k =
                        AgreementMeasure.cohenKappa(AgreementMeasure.verdicts(x), AgreementMeasure.verdicts(y));
                if (k.isPresent()) {
                    kappaSum += k.getAsDouble();
                    kappaPairs++;
                }
                OptionalDouble rho = AgreementMeasure.spearman(x, y);
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
    public static List<SelfConsistency> measure(List<ScoreRecord> records, List<Judge> metrics, String judgeModel) {
        List<SelfConsistency> out = new ArrayList<>();
        for (Judge m : metrics) {
            if (m.usesModel()) {
                out.add(measure(records, m, judgeModel));
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
