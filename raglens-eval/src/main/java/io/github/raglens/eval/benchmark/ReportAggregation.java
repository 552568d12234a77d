package io.github.raglens.eval.benchmark;

import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.HolmCorrection;
import io.github.raglens.eval.stats.MeanIntervals;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.eval.stats.Power;
import io.github.raglens.model.QuestionStyle;
import io.github.raglens.result.Aggregation.PairedTestResult;
import io.github.raglens.result.BenchmarkResult.Breakdown;
import io.github.raglens.result.BenchmarkResult.LatencyPercentiles;
import io.github.raglens.result.BenchmarkResult.PairwiseComparison;
import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import io.github.raglens.result.ConfidenceInterval;
import io.github.raglens.result.MetricSummary;
import io.github.raglens.result.StyleAndOverlap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * Aggregates per-question metric values into the report's tables: intervals per retriever and
 * metric, pairwise tests between retrievers, and breakdowns by chunk type, document and lexical
 * overlap. Thread-safe.
 */
final class ReportAggregation {
    /** The family-wise level below which an adjusted p-value is significant. */
    static final double SIGNIFICANCE = 0.05;

    /** The power behind each comparison's smallest detectable difference. */
    static final double POWER = 0.8;

    private final MetricTable metrics;
    private final MeanIntervals intervals;
    private final PairedRandomizationTest test;

    ReportAggregation(MetricTable metrics, Bootstrap bootstrap, PairedRandomizationTest test) {
        this.metrics = metrics;
        this.intervals = MeanIntervals.of(bootstrap);
        this.test = test;
    }

    /**
     * Each retriever's metric intervals and latency percentiles.
     *
     * @param values retriever, then metric, then per-question value
     * @param latencies retriever, then per-question nanoseconds
     * @param contextChars retriever, then the mean length of one returned context
     * @param origins where each external retriever lives; built-ins are absent
     * @param failures retriever, then failed queries per reason
     */
    List<RetrieverSummary> summarise(
            Map<String, double[][]> values,
            Map<String, long[]> latencies,
            Map<String, Double> contextChars,
            Map<String, String> origins,
            Map<String, Map<String, Integer>> failures) {
        List<String> retrieverNames = new ArrayList<>(values.keySet());
        int count = metrics.size();
        MetricSummary[][] cis = new MetricSummary[retrieverNames.size()][count];
        // Every metric of a retriever in one bootstrap: questions with the same values in every metric
        // are resampled together, and the retrievers spread over the cores.
        IntStream.range(0, retrieverNames.size())
                .parallel()
                .forEach(r -> cis[r] = intervals(values.get(retrieverNames.get(r))));
        List<RetrieverSummary> out = new ArrayList<>();
        for (int r = 0; r < retrieverNames.size(); r++) {
            Map<String, MetricSummary> metricsMap = new LinkedHashMap<>();
            for (int m = 0; m < count; m++) {
                metricsMap.put(metrics.name(m), cis[r][m]);
            }
            String name = retrieverNames.get(r);
            out.add(new RetrieverSummary(
                    name,
                    metricsMap,
                    LatencyPercentiles.ofNanos(latencies.get(name)),
                    contextChars.getOrDefault(name, 0.0),
                    origins.getOrDefault(name, ""),
                    failures.getOrDefault(name, Map.of())));
        }
        return out;
    }

    /** Every metric's mean and interval, from per-question values ({@code values[metric][question]}). */
    private MetricSummary[] intervals(double[][] values) {
        ConfidenceInterval[] of = intervals.of(values);
        MetricSummary[] out = new MetricSummary[of.length];
        for (int m = 0; m < of.length; m++) {
            out[m] = MetricSummary.from(of[m]);
        }
        return out;
    }

    /**
     * A paired test for every pair of retrievers on every headline metric, Holm-corrected across all
     * of them, each with the difference it would detect at 80% power under that correction.
     */
    List<PairwiseComparison> compare(Map<String, double[][]> values) {
        List<String> retrieverNames = new ArrayList<>(values.keySet());
        List<int[]> jobs = jobs(retrieverNames.size());
        int family = HolmCorrection.pairwiseFamily(
                retrieverNames.size(), metrics.headline().size());
        PairedRandomizationTest familyTest = test.forFamily(family, SIGNIFICANCE);
        PairedTestResult[] results = new PairedTestResult[jobs.size()];
        IntStream.range(0, jobs.size()).parallel().forEach(i -> {
            int[] j = jobs.get(i);
            results[i] = familyTest.test(
                    values.get(retrieverNames.get(j[0]))[j[2]], values.get(retrieverNames.get(j[1]))[j[2]]);
        });
        double[] adjusted = HolmCorrection.adjust(
                Arrays.stream(results).mapToDouble(PairedTestResult::pValue).toArray());
        Power.Rule rule = Power.Rule.pairwise(SIGNIFICANCE, family);
        List<PairwiseComparison> out = new ArrayList<>(jobs.size());
        for (int i = 0; i < jobs.size(); i++) {
            int[] j = jobs.get(i);
            double[] a = values.get(retrieverNames.get(j[0]))[j[2]];
            double[] b = values.get(retrieverNames.get(j[1]))[j[2]];
            out.add(new PairwiseComparison(
                    retrieverNames.get(j[0]),
                    retrieverNames.get(j[1]),
                    metrics.name(j[2]),
                    results[i].meanDifference(),
                    results[i].pValue(),
                    adjusted[i],
                    adjusted[i] < SIGNIFICANCE,
                    Power.Spread.of(a, b)
                            .map(s -> Power.detectable(s, rule, a.length, POWER))
                            .orElse(OptionalDouble.empty())));
        }
        return List.copyOf(out);
    }

    /** The paired test with enough permutations for the family of tests between this many retrievers. */
    PairedRandomizationTest familyTest(int retrievers) {
        return test.forFamily(
                HolmCorrection.pairwiseFamily(retrievers, metrics.headline().size()), SIGNIFICANCE);
    }

    /** Every (retriever a, retriever b, headline metric) to test, a before b. */
    private List<int[]> jobs(int retrievers) {
        List<int[]> jobs = new ArrayList<>();
        for (int a = 0; a < retrievers; a++) {
            for (int b = a + 1; b < retrievers; b++) {
                for (int m : metrics.headline()) {
                    jobs.add(new int[] {a, b, m});
                }
            }
        }
        return jobs;
    }

    /**
     * Every metric per question style (when there are two styles or more) and per overlap band (above
     * the median overlap, and at or below it), with each band's paired tests between the retrievers,
     * Holm-corrected within the band, and the order read on MRR at the largest K.
     */
    StyleAndOverlap styleAndOverlap(Map<String, double[][]> values, List<BenchmarkQuestion> questions) {
        if (values.isEmpty() || questions.isEmpty()) {
            return StyleAndOverlap.none();
        }
        double threshold = median(
                questions.stream().mapToDouble(BenchmarkQuestion::overlap).toArray());
        Map<String, List<Integer>> byStyle = new LinkedHashMap<>();
        for (QuestionStyle style : QuestionStyle.values()) {
            List<Integer> idx = new ArrayList<>();
            for (int i = 0; i < questions.size(); i++) {
                if (questions.get(i).sample().style() == style) {
                    idx.add(i);
                }
            }
            if (!idx.isEmpty()) {
                byStyle.put(style.label(), idx);
            }
        }
        Map<String, List<Integer>> byBand = new LinkedHashMap<>();
        byBand.put(StyleAndOverlap.HIGH, new ArrayList<>());
        byBand.put(StyleAndOverlap.LOW, new ArrayList<>());
        for (int i = 0; i < questions.size(); i++) {
            byBand.get(questions.get(i).overlap() > threshold ? StyleAndOverlap.HIGH : StyleAndOverlap.LOW)
                    .add(i);
        }
        List<StyleAndOverlap.Group> groups = new ArrayList<>();
        if (byStyle.size() > 1) {
            byStyle.forEach((style, idx) -> groups.addAll(groups(StyleAndOverlap.BY_STYLE, style, values, idx)));
        }
        Map<String, List<PairwiseComparison>> tests = new LinkedHashMap<>();
        byBand.forEach((band, idx) -> {
            if (!idx.isEmpty()) {
                groups.addAll(groups(StyleAndOverlap.BY_OVERLAP, band, values, idx));
            }
            tests.put(band, idx.size() < 2 || values.size() < 2 ? List.of() : compare(subset(values, idx)));
        });
        return new StyleAndOverlap(
                threshold, orderMetric(), groups, tests.get(StyleAndOverlap.LOW), tests.get(StyleAndOverlap.HIGH));
    }

    /** MRR at the largest K, the metric the bands' orders are read on; else the first headline metric. */
    private String orderMetric() {
        String metric = metrics.name(metrics.headline().getFirst());
        for (int m : metrics.headline()) {
            if (metrics.name(m).startsWith("mrr@")) {
                metric = metrics.name(m);
            }
        }
        return metric;
    }

    private List<StyleAndOverlap.Group> groups(
            String by, String group, Map<String, double[][]> values, List<Integer> idx) {
        Map<String, double[][]> within = subset(values, idx);
        List<String> names = new ArrayList<>(within.keySet());
        MetricSummary[][] cis = new MetricSummary[names.size()][];
        IntStream.range(0, names.size()).parallel().forEach(r -> cis[r] = intervals(within.get(names.get(r))));
        List<StyleAndOverlap.Group> out = new ArrayList<>();
        for (int r = 0; r < names.size(); r++) {
            Map<String, MetricSummary> byMetric = new LinkedHashMap<>();
            for (int m = 0; m < metrics.size(); m++) {
                byMetric.put(metrics.name(m), cis[r][m]);
            }
            out.add(new StyleAndOverlap.Group(by, group, names.get(r), idx.size(), byMetric));
        }
        return out;
    }

    /** Each retriever's values on the questions at {@code idx} only, in that order. */
    private static Map<String, double[][]> subset(Map<String, double[][]> values, List<Integer> idx) {
        Map<String, double[][]> out = new LinkedHashMap<>();
        values.forEach((name, v) -> {
            double[][] s = new double[v.length][idx.size()];
            for (int m = 0; m < v.length; m++) {
                for (int i = 0; i < idx.size(); i++) {
                    s[m][i] = v[m][idx.get(i)];
                }
            }
            out.put(name, s);
        });
        return out;
    }

    private static double median(double[] xs) {
        double[] sorted = xs.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Headline means per retriever within groups of questions: chunk type, document, lexical overlap. */
    List<Breakdown> breakdowns(Map<String, double[][]> values, List<BenchmarkQuestion> questions) {
        List<Breakdown> out = new ArrayList<>();
        Map<String, Map<String, List<Integer>>> groupings = new LinkedHashMap<>();
        Map<String, List<Integer>> byType = new TreeMap<>();
        Map<String, List<Integer>> byDocument = new TreeMap<>();
        Map<String, List<Integer>> byOverlap = new TreeMap<>();
        for (int i = 0; i < questions.size(); i++) {
            BenchmarkQuestion p = questions.get(i);
            byType.computeIfAbsent(p.chunkType(), t -> new ArrayList<>()).add(i);
            byDocument
                    .computeIfAbsent(p.sample().documentId(), t -> new ArrayList<>())
                    .add(i);
            String bucket =
                    p.overlap() < 1.0 / 3 ? "low (<0.33)" : p.overlap() < 2.0 / 3 ? "mid (0.33-0.67)" : "high (>=0.67)";
            byOverlap.computeIfAbsent(bucket, t -> new ArrayList<>()).add(i);
        }
        groupings.put("chunk_type", byType);
        groupings.put("document", byDocument);
        groupings.put("lexical_overlap", byOverlap);
        for (var grouping : groupings.entrySet()) {
            for (var group : grouping.getValue().entrySet()) {
                List<Integer> idx = group.getValue();
                for (var retriever : values.entrySet()) {
                    Map<String, Double> means = new LinkedHashMap<>();
                    for (int m : metrics.headline()) {
                        double sum = 0;
                        for (int i : idx) {
                            sum += retriever.getValue()[m][i];
                        }
                        means.put(metrics.name(m), sum / idx.size());
                    }
                    out.add(new Breakdown(grouping.getKey(), group.getKey(), retriever.getKey(), idx.size(), means));
                }
            }
        }
        return out;
    }
}
