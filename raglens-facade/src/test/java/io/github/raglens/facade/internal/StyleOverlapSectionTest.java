package io.github.raglens.facade.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.result.BenchmarkResult.PairwiseComparison;
import io.github.raglens.result.IntervalMethod;
import io.github.raglens.result.MetricSummary;
import io.github.raglens.result.StyleAndOverlap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class StyleOverlapSectionTest {

    private static final String EVIL = ReportFixtures.SCRIPT;

    private static Map<String, MetricSummary> metrics(double hit1, double mrr) {
        Map<String, MetricSummary> m = new LinkedHashMap<>();
        m.put("hit@1", new MetricSummary(hit1, hit1 - 0.1, hit1 + 0.1, 10, IntervalMethod.EXACT_BINOMIAL));
        m.put("mrr@10", new MetricSummary(mrr, mrr - 0.1, mrr + 0.1, 10, IntervalMethod.BCA_BOOTSTRAP));
        return m;
    }

    /** bm25 leads on high-overlap questions, the user's retriever (named with a script) on low-overlap ones. */
    static StyleAndOverlap changing() {
        List<StyleAndOverlap.Group> groups = new ArrayList<>();
        groups.add(new StyleAndOverlap.Group("style", "natural", "bm25", 10, metrics(0.9, 0.9)));
        groups.add(new StyleAndOverlap.Group("style", "natural", EVIL, 10, metrics(0.5, 0.6)));
        groups.add(new StyleAndOverlap.Group("style", "paraphrase", "bm25", 10, metrics(0.2, 0.3)));
        groups.add(new StyleAndOverlap.Group("style", "paraphrase", EVIL, 10, metrics(0.5, 0.55)));
        groups.add(new StyleAndOverlap.Group("overlap", "high", "bm25", 10, metrics(0.9, 0.9)));
        groups.add(new StyleAndOverlap.Group("overlap", "high", EVIL, 10, metrics(0.5, 0.6)));
        groups.add(new StyleAndOverlap.Group("overlap", "low", "bm25", 10, metrics(0.2, 0.3)));
        groups.add(new StyleAndOverlap.Group("overlap", "low", EVIL, 10, metrics(0.5, 0.55)));
        return new StyleAndOverlap(
                0.5,
                "mrr@10",
                groups,
                List.of(new PairwiseComparison("bm25", EVIL, "mrr@10", -0.25, 0.2, 0.4, false, OptionalDouble.empty())),
                List.of(new PairwiseComparison(
                        "bm25", EVIL, "mrr@10", 0.3, 0.004, 0.008, true, OptionalDouble.empty())));
    }

    @Test
    void theHtmlSection_leadsWithTheOrderSentence_andTablesEveryMetricPerStyleAndBand_escaped() {
        StringBuilder h = new StringBuilder();
        StyleOverlapSection.html(h, changing());
        String html = h.toString();

        String sentence = "The order of the retrievers by MRR@10 changes between high-overlap questions (overlap above"
                + " 0.500, 10 questions: bm25 0.900 > " + EVIL + " 0.600) and low-overlap questions (10: " + EVIL
                + " 0.550 > bm25 0.300). Within each band (paired tests, Holm-adjusted within the band): high: bm25"
                + " above " + EVIL + " (p = 0.008); low: no significant difference.";
        assertThat(changing().headline()).isEqualTo(sentence);
        assertThat(html)
                .contains("<p class=\"headline\">" + HtmlReport.esc(sentence) + "</p>")
                .contains("high-overlap questions lie above the median, 0.500")
                .contains("<th>style</th><th>retriever</th><th>n</th><th>hit@1</th><th>mrr@10</th>")
                .contains("<th>overlap</th><th>retriever</th><th>n</th><th>hit@1</th><th>mrr@10</th>")
                .contains("<tr><td>paraphrase</td><td>bm25</td><td>10</td><td>0.200 [0.100, 0.300]</td>")
                .doesNotContain(EVIL);
    }

    @Test
    void theReportsHeadline_endsWithTheOrderSentence_andTheMarkdownHasTheSection() {
        ReportModel f = ReportFixtures.model();
        ReportModel m = new ReportModel(
                f.title(),
                f.generatedAt(),
                f.corpus(),
                f.relevance(),
                f.retrievers(),
                f.pairTests(),
                f.judge(),
                f.answers(),
                f.usage(),
                f.breakdowns(),
                f.questions(),
                f.latencyTiming(),
                f.judgeAgreement(),
                f.judgeDisagreements(),
                f.calibration(),
                f.warnings(),
                f.lengthFair(),
                f.judged(),
                changing());

        assertThat(HtmlReport.headline(m)).endsWith(changing().headline());
        assertThat(HtmlReport.headline(f)).doesNotContain("overlap");
        assertThat(MarkdownReport.render(m))
                .contains("## By question style and overlap\n\n" + changing().headline() + "\n\n")
                .contains("| overlap | retriever | n | hit@1 | mrr@10 |\n|---|---|---|---|---|\n"
                        + "| high | bm25 | 10 | 0.900 [0.800, 1.000] | 0.900 [0.800, 1.000] |\n");
        assertThat(MarkdownReport.render(f)).doesNotContain("By question style");
    }

    @Test
    void anOrderThatHolds_isSaidToBeTheSame() {
        List<StyleAndOverlap.Group> groups = List.of(
                new StyleAndOverlap.Group("overlap", "high", "bm25", 8, metrics(0.9, 0.9)),
                new StyleAndOverlap.Group("overlap", "high", "dense", 8, metrics(0.5, 0.6)),
                new StyleAndOverlap.Group("overlap", "low", "bm25", 7, metrics(0.6, 0.7)),
                new StyleAndOverlap.Group("overlap", "low", "dense", 7, metrics(0.5, 0.55)));
        StyleAndOverlap same = new StyleAndOverlap(0.42, "mrr@10", groups, List.of(), List.of());

        assertThat(same.orderChanges()).isFalse();
        assertThat(same.headline())
                .isEqualTo("The order of the retrievers by MRR@10 is the same for high-overlap questions (overlap"
                        + " above 0.420, 8 questions: bm25 0.900 > dense 0.600) and low-overlap questions (7: bm25"
                        + " 0.700 > dense 0.550). Within each band (paired tests, Holm-adjusted within the band):"
                        + " high: no significant difference; low: no significant difference.");
    }
}
