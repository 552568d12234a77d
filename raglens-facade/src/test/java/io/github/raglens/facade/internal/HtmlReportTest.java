package io.github.raglens.facade.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.internal.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

class HtmlReportTest {

    @Test
    void corpusAndModelText_isEscapedEverywhere() {
        String html = HtmlReport.render(ReportFixtures.model());
        assertThat(html)
                .doesNotContain(ReportFixtures.SCRIPT)
                .doesNotContain(ReportFixtures.IMG)
                .doesNotContain("<img")
                .contains("&lt;script&gt;document.documentElement.setAttribute(&#39;data-pwned&#39;,&#39;script&#39;)"
                        + "&lt;/script&gt;")
                .contains("&lt;img src=x onerror=&quot;document.documentElement.setAttribute(&#39;data-pwned&#39;,"
                        + "&#39;img&#39;)&quot;&gt;");
    }

    @Test
    void page_isSelfContained_withAStrictContentSecurityPolicy() {
        String html = HtmlReport.render(ReportFixtures.model());
        assertThat(html)
                .contains(
                        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'sha256-")
                .doesNotContain("src=\"http")
                .doesNotContain("href=\"http")
                .containsPattern("Chart\\.js v4\\.\\d+\\.\\d+");
    }

    @Test
    void chartData_isValidJson_thatCannotCloseItsScriptElement() throws Exception {
        String json = HtmlReport.embeddable("{\"name\":\"</script><b>&\"}");
        assertThat(json).doesNotContain("<").doesNotContain(">").doesNotContain("&");
        JsonNode node = Json.reader().readTree(json);
        assertThat(node.get("name").asText()).isEqualTo("</script><b>&");
    }

    @Test
    void retrievalTable_marksTheBestAndSignificantlyWorse() {
        String html = HtmlReport.render(ReportFixtures.model());
        assertThat(html).contains("<b>0.800</b>").contains("0.600<span class=\"sig\">*</span>");
        assertThat(html)
                .contains("significantly worse than the best (paired randomization test, Holm-adjusted p &lt; 0.05"
                        + " across all 1 tests of retriever pairs and metrics in this table; the marks cover hit@K, mrr,"
                        + " ndcg and map, the columns tested: recall@K equals hit@K but for multi-hop questions, whose"
                        + " two quotes are two relevant targets)")
                .contains(" Latency: warm (50 untimed queries first), one query at a time.</p>")
                .contains("<th>p</th><th>Holm p</th>")
                .contains("<td>0.0100</td><td><b>0.0300</b></td>");
    }

    @Test
    void markdown_keepsCellsInTheirColumns() {
        String md = MarkdownReport.render(ReportFixtures.model());
        assertThat(md).contains("| bm25 | 0.800 [0.700, 0.900] | 0.600 [0.500, 0.700] | 0.20 | 0.50 |");
        assertThat(md)
                .contains(
                        "\nIntervals: exact binomial (Clopper-Pearson) for hit rates and other 0/1 metrics, BCa bootstrap"
                                + " for graded ones. Latency: warm (50 untimed queries first), one query at a time.\n");
    }

    @Test
    void answersTable_saysPerSystemWhatAnswered_andHowManyAnswersWereReusedOrHadAnew() {
        String html = HtmlReport.render(ReportFixtures.model());
        assertThat(html)
                .contains("<h3>Answers</h3>")
                .contains("<th>reused</th><th>answered anew</th><th>failed</th>")
                .contains("<tr><th>bm25</th><td>ollama/llama3.2</td><td>15</td><td>6</td><td>0</td></tr>")
                .contains("</th><td>no version declared: asked anew on every run</td><td>0</td><td>20</td><td>1</td>");
        assertThat(MarkdownReport.render(ReportFixtures.model()))
                .contains("| system | answered by | reused | answered anew | failed |")
                .contains("| bm25 | ollama/llama3.2 | 15 | 6 | 0 |");
    }

    @Test
    void headline_saysTheAnswerPerMetricFamily_withTheTestOfTheBestTwo() {
        assertThat(HtmlReport.headline(ReportFixtures.model()))
                .isEqualTo("bm25 finds a relevant chunk in the top 5 for 80% of questions, dense for 60%; the"
                        + " difference between bm25 and dense is significant (Holm-adjusted p = 0.0300; a true difference of"
                        + " 0.150 would be found significant here in 80% of runs)."
                        + " bm25 ranks"
                        + " the first"
                        + " relevant chunk highest (MRR@10 0.600), dense 0.500.");
        assertThat(HtmlReport.render(ReportFixtures.model()))
                .contains("<p class=\"headline\">bm25 finds a relevant chunk in the top 5 for 80% of questions");
    }

    @Test
    void significance_isTheDecisionTheStatisticsMade_notAThresholdOfTheReportsOwn() {
        // adjusted p 0.03 that the statistics did not call significant (a family tested at a stricter level)
        ReportModel m = ReportFixtures.withRetrieval(
                ReportFixtures.retrievers(),
                List.of(new ReportModel.PairTest("bm25", "dense", "hit@5", 0.2, 0.01, 0.03, false, 0.15)));
        assertThat(HtmlReport.headline(m)).contains("the difference between bm25 and dense is not significant");
        String html = HtmlReport.render(m);
        assertThat(html).contains("<td>0.0100</td><td>0.0300</td>").doesNotContain("0.600<span class=\"sig\">*</span>");
    }

    @Test
    void retrievalTable_boldsEveryTiedBest() {
        ReportModel m = ReportFixtures.model();
        ReportModel.RetrieverRow bm25 = m.retrievers().get(0);
        ReportModel.RetrieverRow tied =
                new ReportModel.RetrieverRow("dense", bm25.metrics(), bm25.hitAtK(), bm25.latencyMillis());
        ReportModel withTie = ReportFixtures.withRetrieval(List.of(bm25, tied), List.of());
        String html = HtmlReport.render(withTie);
        assertThat(html.split("<b>0.800</b>", -1)).as("hit@5 bold in both rows").hasSize(3);
        assertThat(HtmlReport.headline(withTie))
                .startsWith("bm25 finds a relevant chunk in the top 5 for 80% of questions, dense for 80%.");
    }

    @Test
    void calibration_isShownInBothReports_withWhatItMeans_andEscaped() {
        ReportModel m = ReportFixtures.model();
        ReportModel labelled = ReportFixtures.withCalibration(
                List.of(List.of("faithfulness: kappa 0.800", "<b>bm25</b>: people would give 0.700")));
        String html = HtmlReport.render(labelled);
        assertThat(html)
                .contains("<h2>Judge calibration</h2>")
                .contains(HtmlReport.esc(HtmlReport.CALIBRATION_MEANING))
                .contains("<li>&lt;b&gt;bm25&lt;/b&gt;: people would give 0.700</li>");
        assertThat(MarkdownReport.render(labelled))
                .contains("## Judge calibration\n\n" + HtmlReport.CALIBRATION_MEANING + "\n\n- faithfulness: kappa"
                        + " 0.800\n");
        assertThat(HtmlReport.render(m)).doesNotContain("Judge calibration");
    }

    @Test
    void aDifferenceThatCannotBeEstimated_isSaidSo_andIntervalsThatDoNotHoldAreMarked() {
        ReportModel m = ReportFixtures.model();
        ReportModel.RetrieverRow bm25 = m.retrievers().get(0);
        java.util.Map<String, ReportModel.Estimate> few = new java.util.LinkedHashMap<>(bm25.metrics());
        few.put("mrr@10", new ReportModel.Estimate(0.6, 0.5, 0.7, 28, false));
        ReportModel changed = ReportFixtures.withRetrieval(
                List.of(
                        new ReportModel.RetrieverRow("bm25", few, bm25.hitAtK(), bm25.latencyMillis()),
                        m.retrievers().get(1)),
                List.of(new ReportModel.PairTest("bm25", "dense", "hit@5", 0.2, 0.01, 0.03, true, null)));
        assertThat(HtmlReport.headline(changed))
                .contains("(Holm-adjusted p = 0.0300; what difference these questions could detect is not estimable:"
                        + " the two agree on every question, or too few questions differ for any difference to reach"
                        + " significance)");
        String html = HtmlReport.render(changed);
        assertThat(html).contains("0.500–0.700†").contains("<td>not estimable</td>");
        assertThat(html)
                .contains("; † below 60 questions no method keeps a graded metric&#39;s interval at 95%: these may"
                        + " cover the true mean less often, so add questions before trusting them");
        assertThat(MarkdownReport.render(changed)).contains("0.600 [0.500, 0.700]†");
    }
}
