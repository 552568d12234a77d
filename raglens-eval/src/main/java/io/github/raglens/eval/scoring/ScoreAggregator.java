package io.github.raglens.eval.scoring;

import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.HolmCorrection;
import io.github.raglens.eval.stats.MeanIntervals;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.result.Aggregation;
import io.github.raglens.result.Aggregation.MetricSummary;
import io.github.raglens.result.Aggregation.PairedComparison;
import io.github.raglens.result.Aggregation.PairedTestResult;
import io.github.raglens.result.Aggregation.RetrieverSummary;
import io.github.raglens.spi.Judge;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/** Summarises scores per metric and retriever, with intervals and Holm-corrected paired tests. */
final class ScoreAggregator {

    private ScoreAggregator() {}

    /**
     * Summarises scores.
     *
     * @param records the records of {@code scores.jsonl}
     * @param retrievers the retrievers to compare, in display order
     * @param questionIds the questions of the sample (records of other questions are ignored)
     * @param metrics the metrics, whose current version selects the records
     * @param judgeModel the judge model whose records count for judge metrics
     * @param bootstrap the bootstrap for the intervals of graded scores (0/1 scores get exact binomial ones)
     * @param test the paired test, given more permutations when the family needs them; its p-values are
     *     Holm-corrected across every pair and metric
     * @return the summary
     */
    public static Aggregation aggregate(
            List<ScoreRecord> records,
            List<String> retrievers,
            Set<String> questionIds,
            List<Judge> metrics,
            String judgeModel,
            Bootstrap bootstrap,
            PairedRandomizationTest test) {
        Objects.requireNonNull(judgeModel, "judgeModel");
        record Tested(MetricSummary summary, List<String[]> pairs, List<PairedTestResult> results) {}
        MeanIntervals intervals = MeanIntervals.of(bootstrap);
        // every pair of systems on every metric is one Holm family: enough sign flips for its threshold
        PairedRandomizationTest familyTest =
                test.forFamily(HolmCorrection.pairwiseFamily(retrievers.size(), metrics.size()), 0.05);
        List<Tested> tested = new ArrayList<>();
        for (Judge m : metrics) {
            String model = m.usesModel() ? judgeModel : ScoreRecord.NO_JUDGE;
            // retriever -> question -> score, and retriever -> reason -> count
            Map<String, Map<String, Double>> scores = new HashMap<>();
            Map<String, Map<String, Integer>> failures = new HashMap<>();
            for (String r : retrievers) {
                scores.put(r, new TreeMap<>());
                failures.put(r, new TreeMap<>());
            }
            for (ScoreRecord rec : records) {
                if (!rec.metric().equals(m.metric())
                        || rec.repeat() != 0
                        || !rec.judgeModel().equals(model)
                        || !rec.promptVersion().equals(m.version())
                        || !scores.containsKey(rec.retriever())
                        || !questionIds.contains(rec.questionId())) {
                    continue;
                }
                if (rec.isScored()) {
                    scores.get(rec.retriever()).put(rec.questionId(), rec.score());
                } else {
                    failures.get(rec.retriever()).merge(rec.reason(), 1, Integer::sum);
                }
            }
            Set<String> common = new LinkedHashSet<>(new java.util.TreeSet<>(questionIds));
            for (String r : retrievers) {
                common.retainAll(scores.get(r).keySet());
            }
            List<RetrieverSummary> rows = new ArrayList<>();
            Map<String, double[]> values = new HashMap<>();
            for (String r : retrievers) {
                double[] v =
                        common.stream().mapToDouble(q -> scores.get(r).get(q)).toArray();
                values.put(r, v);
                rows.add(new RetrieverSummary(
                        r,
                        v.length == 0 ? Optional.empty() : Optional.of(intervals.of(v)),
                        scores.get(r).size(),
                        questionIds.size(),
                        failures.get(r)));
            }
            List<String[]> pairs = new ArrayList<>();
            List<PairedTestResult> results = new ArrayList<>();
            if (!common.isEmpty()) {
                for (int i = 0; i < retrievers.size(); i++) {
                    for (int j = i + 1; j < retrievers.size(); j++) {
                        String a = retrievers.get(i);
                        String b = retrievers.get(j);
                        pairs.add(new String[] {a, b});
                        results.add(familyTest.test(values.get(a), values.get(b)));
                    }
                }
            }
            tested.add(new Tested(
                    new MetricSummary(m.metric(), m.version(), model, common.size(), rows, List.of()), pairs, results));
        }
        double[] adjusted = HolmCorrection.adjust(tested.stream()
                .flatMap(t -> t.results().stream())
                .mapToDouble(PairedTestResult::pValue)
                .toArray());
        List<MetricSummary> out = new ArrayList<>();
        int next = 0;
        for (Tested t : tested) {
            List<PairedComparison> pairs = new ArrayList<>();
            for (int i = 0; i < t.pairs().size(); i++) {
                pairs.add(new PairedComparison(
                        t.pairs().get(i)[0], t.pairs().get(i)[1], t.results().get(i), adjusted[next++]));
            }
            MetricSummary s = t.summary();
            out.add(new MetricSummary(
                    s.metric(), s.version(), s.judgeModel(), s.commonQuestions(), s.retrievers(), pairs));
        }
        return new Aggregation(out);
    }
}
