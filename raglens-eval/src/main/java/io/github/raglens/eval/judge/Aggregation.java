package io.github.raglens.eval.judge;

import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.HolmCorrection;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.result.ConfidenceInterval;
import io.github.raglens.result.PairedTestResult;
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

/**
 * Scores summarised per metric and retriever. Retrievers are compared on the questions that
 * <em>every</em> compared retriever scored for that metric (the common set), so a retriever whose
 * hard questions failed does not look better for it; beside each mean stands its coverage (scored /
 * attempted), and failures are counted per reason. Only the first judgement of a cell counts (repeat
 * 0); repeats are for {@link SelfConsistency}. Pairwise p-values are Holm-corrected ({@link
 * HolmCorrection}) across every pair of retrievers and every metric of the summary.
 *
 * @param metrics one summary per metric, in the order asked for
 */
public record Aggregation(List<MetricSummary> metrics) {

    /** Copies the list. */
    public Aggregation {
        metrics = List.copyOf(metrics);
    }

    /**
     * A metric's summary.
     *
     * @param metric the metric's name
     * @param version the metric's version the scores were made with
     * @param judgeModel the judge model ({@code none} for text metrics)
     * @param commonQuestions how many questions every retriever scored
     * @param retrievers one row per retriever
     * @param pairs a paired randomization test for every pair of retrievers, on the common set
     */
    public record MetricSummary(
            String metric,
            String version,
            String judgeModel,
            int commonQuestions,
            List<RetrieverSummary> retrievers,
            List<PairedComparison> pairs) {
        /** Copies the lists. */
        public MetricSummary {
            retrievers = List.copyOf(retrievers);
            pairs = List.copyOf(pairs);
        }
    }

    /**
     * One retriever's row of a metric.
     *
     * @param retriever the retriever
     * @param interval mean and bootstrap 95% interval over the common questions; empty when there is
     *     no common question
     * @param scored questions this retriever scored
     * @param attempted questions in the sample
     * @param failuresByReason failed questions per reason
     */
    public record RetrieverSummary(
            String retriever,
            Optional<ConfidenceInterval> interval,
            int scored,
            int attempted,
            Map<String, Integer> failuresByReason) {
        /** Copies the map. */
        public RetrieverSummary {
            failuresByReason = Map.copyOf(failuresByReason);
        }

        /** Scored / attempted; 0 when nothing was attempted. */
        public double coverage() {
            return attempted == 0 ? 0 : (double) scored / attempted;
        }
    }

    /**
     * Two retrievers compared on the common questions.
     *
     * @param a the first retriever
     * @param b the second retriever
     * @param test mean(a) − mean(b) and its two-sided p-value alone
     * @param adjustedPValue the p-value Holm-adjusted across every pair and metric of the summary
     */
    public record PairedComparison(String a, String b, PairedTestResult test, double adjustedPValue) {

        /**
         * Validates the adjusted p-value, so that a summary written before the correction existed is
         * refused rather than read with adjusted p-values of 0.
         *
         * @throws IllegalArgumentException if {@code adjustedPValue} is not in [{@code test.pValue()}, 1]
         */
        public PairedComparison {
            Objects.requireNonNull(test, "test");
            if (!(adjustedPValue >= test.pValue() && adjustedPValue <= 1)) {
                throw new IllegalArgumentException("adjustedPValue must be in [pValue, 1], was " + adjustedPValue
                        + " with pValue " + test.pValue()
                        + "; a summary from before the Holm correction must be made again");
            }
        }

        /** Whether the difference is significant with the Holm correction, at the family-wise level 0.05. */
        public boolean significant() {
            return adjustedPValue < 0.05;
        }
    }

    /**
     * Summarises scores.
     *
     * @param records the records of {@code scores.jsonl}
     * @param retrievers the retrievers to compare, in display order
     * @param questionIds the questions of the sample (records of other questions are ignored)
     * @param metrics the metrics, whose current version selects the records
     * @param judgeModel the judge model whose records count for judge metrics
     * @param bootstrap the bootstrap for the intervals
     * @param test the paired test; its p-values are Holm-corrected across every pair and metric
     * @return the summary
     */
    public static Aggregation of(
            List<ScoreRecord> records,
            List<String> retrievers,
            Set<String> questionIds,
            List<Judge> metrics,
            String judgeModel,
            Bootstrap bootstrap,
            PairedRandomizationTest test) {
        Objects.requireNonNull(judgeModel, "judgeModel");
        record Tested(MetricSummary summary, List<String[]> pairs, List<PairedTestResult> results) {}
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
                        v.length == 0 ? Optional.empty() : Optional.of(bootstrap.meanInterval(v)),
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
                        results.add(test.test(values.get(a), values.get(b)));
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
