package io.github.raglens.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Judged relevance checked against people's grades of pooled passages: how well the judge's 0–3
 * grades and people's agree, and each retriever's judged precision corrected by the grades of
 * passages raglens drew.
 *
 * <p>Agreement is Cohen's weighted kappa with <em>linear</em> weights ({@code 1 − |a − b| / 3}): a
 * grade off by two counts twice as much as one off by one, as it moves the passage's gain in nDCG
 * twice as much (the grades are the gains). Quadratic weights would count it four times, and make
 * kappa close to a correlation that rewards being off by one everywhere. Its 95% interval is a
 * percentile bootstrap over the labelled passages, given from {@value Calibration#MIN_DRAWN_LABELS}
 * labels on; kappa is undefined when both sides gave one and the same grade throughout.
 *
 * <p>The corrected estimate is prediction-powered (see {@link Calibration.PredictionPoweredMean}),
 * and only for {@code precision@K}: with {@code Q} questions it is {@code 1 / (Q·K)} times the sum,
 * over the pooled passages, of "in the retriever's top K" times "grade 2 or more", a mean over
 * passages of a 0/1 value each label decides alone, so a uniform sample of labelled passages
 * corrects it without bias. hit@K, MRR, nDCG, recall and MAP are not linear in the passages' labels
 * (the first relevant rank, the ideal ranking, the count of every relevant passage), so they are not
 * corrected. Passages holding the evidence quote are grade 3 by rule, not by the judge: they are not
 * drawn, and count as relevant in both the judge's and the corrected figure.
 *
 * @param metric the corrected metric, {@code precision@K}
 * @param compared labelled passages the judge graded, compared for agreement, drawn or not
 * @param kappa the weighted kappa of those passages' grades; empty when undefined
 * @param kappaLower lower bound of its 95% interval; empty below {@value
 *     Calibration#MIN_DRAWN_LABELS} labels or when undefined
 * @param kappaUpper upper bound of its 95% interval, alike
 * @param byRetriever each retriever's corrected precision, when {@value Calibration#MIN_DRAWN_LABELS}
 *     drawn labels are there, in the judged table's order
 * @param drawnLabels labels of passages raglens drew for the judge and grading prompt of this
 *     benchmark: the ones that correct its precision
 * @param agreementOnlyLabels labels of passages raglens did not draw (or drew for another judge or
 *     prompt version): agreement only
 * @param staleLabels labels left out: the passage is not in this benchmark's pool, its text changed
 *     since it was drawn, or it holds the evidence and was not graded by the judge
 */
public record RelevanceCalibration(
        String metric,
        int compared,
        OptionalDouble kappa,
        OptionalDouble kappaLower,
        OptionalDouble kappaUpper,
        Map<String, Estimate> byRetriever,
        int drawnLabels,
        int agreementOnlyLabels,
        int staleLabels) {

    /** No labels of pooled passages. */
    public static final RelevanceCalibration NONE = new RelevanceCalibration(
            "", 0, OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(), Map.of(), 0, 0, 0);

    /** Copies the map, keeping its order; a value missing from an older file reads as none. */
    public RelevanceCalibration {
        metric = Objects.requireNonNullElse(metric, "");
        kappa = Objects.requireNonNullElse(kappa, OptionalDouble.empty());
        kappaLower = Objects.requireNonNullElse(kappaLower, OptionalDouble.empty());
        kappaUpper = Objects.requireNonNullElse(kappaUpper, OptionalDouble.empty());
        byRetriever = Collections.unmodifiableMap(new LinkedHashMap<>(byRetriever == null ? Map.of() : byRetriever));
    }

    /**
     * One retriever's precision, by the judge and corrected by people's grades.
     *
     * @param judged the judge's precision@K, the judged table's
     * @param estimate the prediction-powered precision@K
     * @param lower lower bound of its 95% interval
     * @param upper upper bound of its 95% interval
     * @param labelled drawn labels that corrected it
     * @param constantResiduals whether the judge matched every drawn label on this retriever's
     *     passages, so the interval assumes disagreements as rare as the labels allow rather than none
     */
    public record Estimate(
            double judged, double estimate, double lower, double upper, int labelled, boolean constantResiduals) {

        /** Whether {@code value} lies in the closed interval. */
        public boolean contains(double value) {
            return value >= lower && value <= upper;
        }
    }

    /** Whether any person's grade of a pooled passage was read. */
    public boolean made() {
        return drawnLabels + agreementOnlyLabels + staleLabels > 0;
    }

    /** What the figures say, one sentence a line, for the terminal and the report. */
    public List<String> describe() {
        if (!made()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        String interval = kappaLower.isPresent()
                ? String.format(
                        Locale.ROOT,
                        " [95%% bootstrap interval %.3f, %.3f]",
                        kappaLower.getAsDouble(),
                        kappaUpper.getAsDouble())
                : kappa.isPresent()
                        ? " (an interval needs " + Calibration.MIN_DRAWN_LABELS + " labelled passages)"
                        : "";
        out.add(String.format(
                Locale.ROOT,
                "Judged relevance: judge and people both graded %d pooled passages; weighted kappa of their 0-3"
                        + " grades is %s%s (linear weights: a grade off by two counts twice one off by one, as it"
                        + " moves the passage's gain in nDCG; 1 full agreement, 0 no better than chance; undefined"
                        + " when both gave one grade throughout).",
                compared,
                kappa.isPresent() ? String.format(Locale.ROOT, "%.3f", kappa.getAsDouble()) : "undefined",
                interval));
        byRetriever.forEach((retriever, e) -> out.add(String.format(
                Locale.ROOT,
                "%s: %s corrected by people's grades %.3f [95%% interval %.3f, %.3f] where the judge alone gives"
                        + " %.3f (%d drawn labels)%s.",
                retriever,
                metric,
                e.estimate(),
                e.lower(),
                e.upper(),
                e.judged(),
                e.labelled(),
                e.constantResiduals()
                        ? "; the judge matched every label on its passages, so the interval assumes disagreements"
                                + " as rare as the labels allow rather than none"
                        : "")));
        if (byRetriever.isEmpty() && drawnLabels < Calibration.MIN_DRAWN_LABELS) {
            out.add(String.format(
                    Locale.ROOT,
                    "%d drawn passages graded, %d needed for corrected estimates; draw and grade %d more (raglens"
                            + " label-sample --metric relevance, or the studio's labelling page).",
                    drawnLabels,
                    Calibration.MIN_DRAWN_LABELS,
                    Calibration.MIN_DRAWN_LABELS - drawnLabels));
        }
        out.add("Only " + (metric.isEmpty() ? "precision@K" : metric)
                + " is corrected: it is a mean over (question, rank) of a 0/1 label each passage's grade decides"
                + " alone, which a random sample of graded passages estimates without bias; hit@K, MRR, nDCG,"
                + " recall and MAP are not linear in the passages' grades, so the labels do not correct them.");
        if (agreementOnlyLabels > 0) {
            out.add(agreementOnlyLabels + " passage grades of pairs raglens did not draw count for agreement only:"
                    + " passages chosen by hand are not a random sample and would bias the correction.");
        }
        if (staleLabels > 0) {
            out.add(staleLabels + " passage grades were left out: the passage is not in this benchmark's pool, its"
                    + " text changed since it was drawn, or it holds the evidence and the judge did not grade it.");
        }
        return List.copyOf(out);
    }
}
