package io.github.raglens.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.github.raglens.result.BenchmarkResult.PairwiseComparison;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The benchmark's metrics per question style and per lexical-overlap band, and whether the order of
 * the retrievers changes between questions that reuse their source's words and questions that do
 * not. Questions written from a chunk tend to reuse its words, which flatters lexical retrievers; a
 * retriever that leads only on high-overlap questions leads because of how the questions were
 * written. The bands split the questions at the median overlap: {@code high} above it, {@code low} at
 * or below it. Each band's paired tests are Holm-corrected within the band, as the report's main
 * comparisons are across the whole run.
 *
 * @param overlapThreshold the median overlap that splits the bands
 * @param orderMetric the metric the retrievers are ordered by in each band (MRR at the largest K)
 * @param groups every retriever's metrics within each style (when the questions have two styles or
 *     more) and each band
 * @param lowComparisons the paired tests between retrievers on the low-overlap questions
 * @param highComparisons the paired tests between retrievers on the high-overlap questions
 */
public record StyleAndOverlap(
        double overlapThreshold,
        String orderMetric,
        List<Group> groups,
        List<PairwiseComparison> lowComparisons,
        List<PairwiseComparison> highComparisons) {

    /** The grouping of the style groups. */
    public static final String BY_STYLE = "style";

    /** The grouping of the overlap bands. */
    public static final String BY_OVERLAP = "overlap";

    /** The band of questions above the threshold. */
    public static final String HIGH = "high";

    /** The band of questions at or below the threshold. */
    public static final String LOW = "low";

    /** Copies the lists; a report written before styles existed reads as {@link #none()}. */
    public StyleAndOverlap {
        orderMetric = Objects.requireNonNullElse(orderMetric, "");
        groups = List.copyOf(Objects.requireNonNullElse(groups, List.of()));
        lowComparisons = List.copyOf(Objects.requireNonNullElse(lowComparisons, List.of()));
        highComparisons = List.copyOf(Objects.requireNonNullElse(highComparisons, List.of()));
    }

    /** No groups: a benchmark without retrievers or questions to split. */
    public static StyleAndOverlap none() {
        return new StyleAndOverlap(0, "", List.of(), List.of(), List.of());
    }

    /**
     * One retriever's metrics within one group of questions.
     *
     * @param by {@link #BY_STYLE} or {@link #BY_OVERLAP}
     * @param group the style's label, or {@link #HIGH} or {@link #LOW}
     * @param retriever the retriever
     * @param questions questions in the group
     * @param metrics every metric's mean with its interval over the group's questions
     */
    public record Group(String by, String group, String retriever, int questions, Map<String, MetricSummary> metrics) {

        /** Copies the map. */
        public Group {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(retriever, "retriever");
            metrics = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metrics));
        }
    }

    /** The rows of one group, in retriever order. */
    public List<Group> rows(String by, String group) {
        return groups.stream()
                .filter(g -> g.by().equals(by) && g.group().equals(group))
                .toList();
    }

    /**
     * The retrievers of a band, best first by {@link #orderMetric()} (by name on a tie); empty when
     * the band has no questions.
     */
    public List<String> order(String band) {
        return rows(BY_OVERLAP, band).stream()
                .filter(g -> g.metrics().containsKey(orderMetric))
                .sorted(Comparator.comparingDouble(
                                (Group g) -> -g.metrics().get(orderMetric).mean())
                        .thenComparing(Group::retriever))
                .map(Group::retriever)
                .toList();
    }

    /** Whether both bands hold questions and at least two retrievers, so their orders can be compared. */
    @JsonProperty
    public boolean comparable() {
        return order(LOW).size() >= 2 && order(LOW).size() == order(HIGH).size();
    }

    /** Whether the retrievers' order by {@link #orderMetric()} differs between the two bands. */
    @JsonProperty
    public boolean orderChanges() {
        return comparable() && !order(LOW).equals(order(HIGH));
    }

    /**
     * The headline sentence: whether the retrievers' order changes between high- and low-overlap
     * questions, each band's order with its means, and what each band's paired tests find on the
     * order metric; empty when there is nothing to compare.
     */
    @JsonProperty
    public String headline() {
        if (orderMetric.isEmpty() || order(LOW).size() < 2 && order(HIGH).size() < 2) {
            return "";
        }
        if (!comparable()) {
            return "The retrievers' order cannot be compared between high- and low-overlap questions: "
                    + (rows(BY_OVERLAP, HIGH).isEmpty()
                            ? "every question has an overlap of " + fmt(overlapThreshold) + " or less"
                            : "one band has no questions")
                    + ".";
        }
        String m = orderMetric.toUpperCase(Locale.ROOT);
        StringBuilder b = new StringBuilder("The order of the retrievers by ").append(m);
        b.append(orderChanges() ? " changes between " : " is the same for ");
        b.append("high-overlap questions (overlap above ")
                .append(fmt(overlapThreshold))
                .append(", ")
                .append(size(HIGH))
                .append(" questions: ")
                .append(ranked(HIGH))
                .append(") and low-overlap questions (")
                .append(size(LOW))
                .append(": ")
                .append(ranked(LOW))
                .append("). Within each band (paired tests, Holm-adjusted within the band): ")
                .append(tests(HIGH, highComparisons))
                .append("; ")
                .append(tests(LOW, lowComparisons))
                .append('.');
        return b.toString();
    }

    private int size(String band) {
        return rows(BY_OVERLAP, band).getFirst().questions();
    }

    private String ranked(String band) {
        List<String> parts = new ArrayList<>();
        for (String r : order(band)) {
            MetricSummary s = rows(BY_OVERLAP, band).stream()
                    .filter(g -> g.retriever().equals(r))
                    .findFirst()
                    .orElseThrow()
                    .metrics()
                    .get(orderMetric);
            parts.add(r + " " + fmt(s.mean()));
        }
        return String.join(" > ", parts);
    }

    private String tests(String band, List<PairwiseComparison> comparisons) {
        List<String> found = new ArrayList<>();
        for (PairwiseComparison c : comparisons) {
            if (c.metric().equals(orderMetric) && c.significant()) {
                String better = c.meanDifference() >= 0 ? c.a() : c.b();
                String worse = better.equals(c.a()) ? c.b() : c.a();
                found.add(better + " above " + worse + " (p = " + String.format(Locale.ROOT, "%.3f", c.adjustedPValue())
                        + ")");
            }
        }
        return band + ": " + (found.isEmpty() ? "no significant difference" : String.join(", ", found));
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
