package io.github.raglens.facade.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.internal.Json;
import io.github.raglens.result.AnswerSummary;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Renders a {@link ReportModel} as one self-contained HTML page.
 *
 * <p>The page needs no network: Chart.js is inlined from its webjar, styles and scripts are inline
 * and allowed by hash in a Content-Security-Policy that forbids everything else. Every text that
 * comes from the corpus or a model is HTML-escaped, and the chart data travels as JSON with
 * {@code <}, {@code >} and {@code &} escaped, so document text can never become markup or script.
 *
 * <p>Stateless and thread-safe.
 */
public final class HtmlReport {

    /** The webjar's record of its own version: the version is written once, in the build's pom. */
    private static final String CHART_JS_POM = "/META-INF/maven/org.webjars.npm/chart.js/pom.properties";

    private static final int SNIPPET_CHARS = 220;

    private HtmlReport() {}

    /** Renders the report. */
    public static String render(ReportModel model) {
        String style = resource("report.css");
        String guard = resource("report-guard.js");
        String chartJs = resource(chartJsPath());
        String charts = resource("report-charts.js");
        StringBuilder h = new StringBuilder(chartJs.length() + 64 * 1024);
        h.append("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src ")
                .append(hash(guard))
                .append(' ')
                .append(hash(chartJs))
                .append(' ')
                .append(hash(charts))
                .append("; style-src ")
                .append(hash(style))
                .append("; img-src data:\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>")
                .append(esc(model.title()))
                .append("</title>\n<style>")
                .append(style)
                .append("</style>\n<script>")
                .append(guard)
                .append("</script>\n</head>\n<body>\n");
        header(h, model);
        retrieval(h, model);
        StyleOverlapSection.html(h, model.styleAndOverlap());
        judge(h, model);
        secondJudge(h, model);
        calibration(h, model);
        usage(h, model);
        IngestSection.html(h, model.corpus().ingest());
        breakdowns(h, model);
        drillDown(h, model);
        h.append("<script type=\"application/json\" id=\"report-data\">")
                .append(chartData(model))
                .append("</script>\n<script>")
                .append(chartJs)
                .append("</script>\n<script>")
                .append(charts)
                .append("</script>\n</body>\n</html>\n");
        return h.toString();
    }

    private static void header(StringBuilder h, ReportModel m) {
        ReportModel.Corpus c = m.corpus();
        h.append("<header><h1>")
                .append(esc(m.title()))
                .append("</h1><p class=\"meta\">Generated ")
                .append(esc(m.generatedAt()))
                .append(" · relevance: <b>")
                .append(esc(m.relevance()))
                .append("</b></p>\n<div class=\"cards\">");
        card(h, "documents", String.valueOf(c.documents()));
        if (c.failedDocuments() > 0) {
            card(h, "failed documents", String.valueOf(c.failedDocuments()));
        }
        int chunks =
                c.chunksByType().values().stream().mapToInt(Integer::intValue).sum();
        card(h, "chunks", String.valueOf(chunks));
        card(h, "questions", String.valueOf(c.questions()));
        card(h, "retrievers", String.valueOf(m.retrievers().size()));
        h.append("</div>\n<p class=\"meta\">Questions: ")
                .append(esc(c.questionSelection()))
                .append(".</p>\n");
        if (!m.warnings().isEmpty()) {
            h.append("<ul class=\"warnings\">");
            m.warnings().forEach(w -> h.append("<li>").append(esc(w)).append("</li>"));
            h.append("</ul>\n");
        }
        if (!c.chunksByType().isEmpty()) {
            h.append("<p class=\"meta\">Chunks by type: ");
            List<String> parts = new ArrayList<>();
            c.chunksByType().entrySet().stream()
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(e -> parts.add(esc(e.getKey()) + " " + e.getValue()));
            h.append(String.join(" · ", parts)).append("</p>\n");
        }
        h.append("</header>\n");
    }

    private static void card(StringBuilder h, String label, String value) {
        h.append("<div class=\"card\"><div class=\"value\">")
                .append(esc(value))
                .append("</div><div class=\"label\">")
                .append(esc(label))
                .append("</div></div>");
    }

    /**
     * The retrievers' metrics with their intervals, the best of each column bold and the
     * significantly worse marked by the model's paired tests, and the latency columns when asked.
     */
    private static void table(StringBuilder h, ReportModel m, boolean latency) {
        Set<String> metrics = new LinkedHashSet<>();
        m.retrievers().forEach(r -> metrics.addAll(r.metrics().keySet()));
        h.append("<div class=\"scroll\"><table><thead><tr><th>retriever</th>");
        for (String metric : metrics) {
            h.append("<th>").append(esc(metric)).append("</th>");
        }
        h.append(latency ? "<th>p50 ms</th><th>p95 ms</th><th>p99 ms</th>" : "").append("</tr></thead><tbody>\n");
        for (ReportModel.RetrieverRow r : m.retrievers()) {
            h.append("<tr><th>").append(esc(r.name()));
            if (!r.note().isEmpty()) {
                h.append("<br><small>").append(esc(r.note())).append("</small>");
            }
            h.append("</th>");
            for (String metric : metrics) {
                ReportModel.Estimate e = r.metrics().get(metric);
                if (e == null) {
                    h.append("<td>–</td>");
                    continue;
                }
                List<String> best = bestRetrievers(m, metric);
                boolean isBest = best.contains(r.name());
                boolean worse = !isBest && significantlyWorse(m, r.name(), best.getFirst(), metric);
                h.append("<td>")
                        .append(isBest ? "<b>" : "")
                        .append(fmt(e.mean()))
                        .append(isBest ? "</b>" : "")
                        .append(worse ? "<span class=\"sig\">*</span>" : "")
                        .append("<div class=\"ci\">")
                        .append(fmt(e.low()))
                        .append("–")
                        .append(fmt(e.high()))
                        .append(e.holds() ? "" : "†")
                        .append("</div></td>");
            }
            for (String p : latency ? List.of("p50", "p95", "p99") : List.<String>of()) {
                Double v = r.latencyMillis().get(p);
                h.append("<td>")
                        .append(v == null ? "–" : String.format(Locale.ROOT, "%.2f", v))
                        .append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table></div>\n");
    }

    private static void retrieval(StringBuilder h, ReportModel m) {
        if (m.retrievers().isEmpty()) {
            return;
        }
        h.append("<section id=\"retrieval\"><h2>Retrieval</h2>\n<p class=\"headline\">")
                .append(esc(headline(m)))
                .append("</p>\n<p class=\"meta\">Means over questions with 95% confidence intervals (")
                .append(esc(INTERVALS))
                .append(')')
                .append(esc(intervalWarning(m.retrievers().stream()
                        .flatMap(r -> r.metrics().values().stream())
                        .toList())))
                .append(". <b>Bold</b>: best in the column (every one when tied); ")
                .append("<span class=\"sig\">*</span>: significantly worse than the best (paired randomization")
                .append(" test, Holm-adjusted p &lt; 0.05 across all ")
                .append(m.pairTests().size())
                .append(" tests of retriever pairs and metrics in this table; the marks cover hit@K, mrr, ndcg and")
                .append(" map, the columns tested: recall@K equals hit@K but for multi-hop questions, whose two")
                .append(" quotes are two relevant targets).")
                .append(" Latency: ")
                .append(esc(m.latencyTiming()))
                .append(".</p>\n");
        table(h, m, true);
        h.append("<div class=\"charts\">")
                .append("<figure><canvas id=\"chart-hitk\" aria-label=\"Hit at K per retriever\"></canvas>")
                .append("<figcaption>Hit@K</figcaption></figure>")
                .append("<figure><canvas id=\"chart-latency\" aria-label=\"Latency per retriever\"></canvas>")
                .append("<figcaption>Latency (ms)</figcaption></figure></div>\n");
        if (!m.pairTests().isEmpty()) {
            h.append("<details><summary>Paired tests (")
                    .append(m.pairTests().size())
                    .append(")</summary><table><thead><tr><th>A</th><th>B</th><th>metric</th>")
                    .append("<th>mean A − B</th><th>p</th><th>Holm p</th>")
                    .append("<th title=\"the smallest true difference the Holm-corrected test finds in 80% of runs\">")
                    .append("detectable</th></tr></thead><tbody>");
            for (ReportModel.PairTest t : m.pairTests()) {
                h.append("<tr><td>")
                        .append(esc(t.a()))
                        .append("</td><td>")
                        .append(esc(t.b()))
                        .append("</td><td>")
                        .append(esc(t.metric()))
                        .append("</td><td>")
                        .append(String.format(Locale.ROOT, "%+.3f", t.meanDifference()))
                        .append("</td><td>")
                        .append(String.format(Locale.ROOT, "%.4f", t.pValue()))
                        .append("</td><td>")
                        .append(t.significant() ? "<b>" : "")
                        .append(String.format(Locale.ROOT, "%.4f", t.adjustedPValue()))
                        .append(t.significant() ? "</b>" : "")
                        .append("</td><td>")
                        .append(
                                t.minDetectableEffect() == null
                                        ? "not estimable"
                                        : String.format(Locale.ROOT, "%.3f", t.minDetectableEffect()))
                        .append("</td></tr>");
            }
            h.append("</tbody></table></details>\n");
        }
        lengthFair(h, m);
        judged(h, m);
        h.append("</section>\n");
    }

    /** Under judged relevance, the retrievers on the judge's grades, and what that changes. */
    private static void judged(StringBuilder h, ReportModel m) {
        ReportModel.JudgedTable judged = m.judged();
        if (!judged.made()) {
            return;
        }
        h.append("<h3>Judged relevance</h3>\n<p class=\"meta\">The table above counts a passage holding the")
                .append(" evidence quote; here every retriever's top passages were pooled and graded 0-3 by the")
                .append(" judge: hit@K and MRR at the first passage of grade 2 or more, nDCG with the grades as gains.")
                .append(" Marks as above, Holm-adjusted across these ")
                .append(judged.pairTests().size())
                .append(" tests. ")
                .append(esc(capitalised(judged.pool())))
                .append(".</p>\n");
        table(h, m.judgedView(), false);
        h.append("<ul class=\"judged\">\n");
        judged.summary().forEach(line -> h.append("<li>").append(esc(line)).append("</li>\n"));
        h.append("</ul>\n");
    }

    /** The length-fair comparison under the default one, when the benchmark made it. */
    private static void lengthFair(StringBuilder h, ReportModel m) {
        ReportModel.LengthFairTable fair = m.lengthFair();
        if (!fair.made()) {
            return;
        }
        h.append("<h3>Length-fair comparison</h3>\n<p class=\"meta\">")
                .append(esc(capitalised(fair.reason())))
                .append(". Each retriever's contexts read in rank order as one text cut into ranks of ")
                .append(fair.chars())
                .append(" characters, the evidence ranked where it ends: hit@K counts it within the first K × ")
                .append(fair.chars())
                .append(" characters, so every retriever is read as much text at each K and long contexts cannot")
                .append(" win by length alone. Marks as above, Holm-adjusted across these ")
                .append(fair.pairTests().size())
                .append(" tests.</p>\n");
        table(h, m.lengthFairView(), false);
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** The retrievers whose mean, as printed, is the column's best: ties are all best. */
    private static List<String> bestRetrievers(ReportModel m, String metric) {
        List<ReportModel.RetrieverRow> ranked = ranked(m, metric);
        String top = fmt(ranked.getFirst().metrics().get(metric).mean());
        return ranked.stream()
                .filter(r -> fmt(r.metrics().get(metric).mean()).equals(top))
                .map(ReportModel.RetrieverRow::name)
                .toList();
    }

    /** The retrievers that have the metric, best mean first (ties in table order). */
    private static List<ReportModel.RetrieverRow> ranked(ReportModel m, String metric) {
        return m.retrievers().stream()
                .filter(r -> r.metrics().containsKey(metric))
                .sorted(Comparator.comparingDouble((ReportModel.RetrieverRow r) ->
                                r.metrics().get(metric).mean())
                        .reversed())
                .toList();
    }

    /**
     * The answer before the table: per metric family, one sentence ranking the retrievers and saying
     * whether the best two differ significantly. Hit@K is read at K = 5 when measured, else at the
     * largest K; the rank family is MRR at its cut-off.
     */
    static String headline(ReportModel m) {
        Set<String> metrics = new LinkedHashSet<>();
        m.retrievers().forEach(r -> metrics.addAll(r.metrics().keySet()));
        List<String> sentences = new ArrayList<>();
        String hit = metrics.contains("hit@5")
                ? "hit@5"
                : metrics.stream()
                        .filter(x -> x.startsWith("hit@"))
                        .reduce((a, b) -> b)
                        .orElse(null);
        if (hit != null) {
            sentences.add(sentence(
                    m,
                    hit,
                    r -> r.name() + " finds a relevant chunk in the top " + hit.substring(4) + " for "
                            + percent(r.metrics().get(hit).mean()) + " of questions",
                    r -> r.name() + " for " + percent(r.metrics().get(hit).mean())));
        }
        metrics.stream()
                .filter(x -> x.startsWith("mrr@"))
                .findFirst()
                .ifPresent(mrr -> sentences.add(sentence(
                        m,
                        mrr,
                        r -> r.name() + " ranks the first relevant chunk highest (" + mrr.toUpperCase(Locale.ROOT) + " "
                                + fmt(r.metrics().get(mrr).mean()) + ")",
                        r -> r.name() + " " + fmt(r.metrics().get(mrr).mean()))));
        if (!m.styleAndOverlap().headline().isEmpty()) {
            sentences.add(m.styleAndOverlap().headline());
        }
        return String.join(" ", sentences);
    }

    private static String sentence(
            ReportModel m,
            String metric,
            java.util.function.Function<ReportModel.RetrieverRow, String> first,
            java.util.function.Function<ReportModel.RetrieverRow, String> rest) {
        List<ReportModel.RetrieverRow> ranked = ranked(m, metric);
        StringBuilder b = new StringBuilder(first.apply(ranked.getFirst()));
        for (int i = 1; i < ranked.size(); i++) {
            b.append(", ").append(rest.apply(ranked.get(i)));
        }
        if (ranked.size() > 1) {
            String a = ranked.get(0).name();
            String c = ranked.get(1).name();
            m.pairTests().stream()
                    .filter(t -> t.metric().equals(metric)
                            && ((t.a().equals(a) && t.b().equals(c)) || (t.a().equals(c) && t.b().equals(a))))
                    .findFirst()
                    .ifPresent(t -> b.append("; the difference between ")
                            .append(a)
                            .append(" and ")
                            .append(c)
                            .append(t.significant() ? " is significant" : " is not significant")
                            .append(String.format(Locale.ROOT, " (Holm-adjusted p = %.4f; ", t.adjustedPValue()))
                            .append(detectable(t, m.pairTests().size()))
                            .append(')'));
        }
        return b.append('.').toString();
    }

    /** What the comparison could detect, for the test as applied (Holm over the table's tests). */
    static String detectable(ReportModel.PairTest t, int family) {
        if (t.minDetectableEffect() == null) {
            return "what difference these questions could detect is not estimable: the two agree on every"
                    + " question, or too few questions differ for any difference to reach significance";
        }
        return String.format(
                Locale.ROOT,
                "a true difference of %.3f would be found significant here in 80%% of runs%s",
                t.minDetectableEffect(),
                family == 1 ? "" : ", with Holm's correction over " + family + " tests");
    }

    private static String percent(double fraction) {
        return Math.round(fraction * 100) + "%";
    }

    private static boolean significantlyWorse(ReportModel m, String retriever, String best, String metric) {
        for (ReportModel.PairTest t : m.pairTests()) {
            boolean pair =
                    (t.a().equals(retriever) && t.b().equals(best)) || (t.a().equals(best) && t.b().equals(retriever));
            if (pair && t.metric().equals(metric)) {
                return t.significant();
            }
        }
        return false;
    }

    private static void judge(StringBuilder h, ReportModel m) {
        if (m.judge().isEmpty()) {
            return;
        }
        h.append("<section id=\"judge\"><h2>Answer quality</h2>\n<p class=\"meta\">Judge metrics over the")
                .append(" questions every retriever was scored on, with 95% CIs (")
                .append(esc(INTERVALS))
                .append(')')
                .append(esc(intervalWarning(
                        m.judge().stream().map(ReportModel.JudgeRow::estimate).toList())))
                .append("; coverage = scored / attempted.</p>")
                .append("<div class=\"scroll\"><table><thead><tr><th>retriever</th><th>metric</th><th>mean</th>")
                .append("<th>95% CI</th><th>n</th><th>coverage</th></tr></thead><tbody>\n");
        for (ReportModel.JudgeRow j : m.judge()) {
            h.append("<tr><th>")
                    .append(esc(j.retriever()))
                    .append("</th><td>")
                    .append(esc(j.metric()))
                    .append("</td><td>")
                    .append(fmt(j.estimate().mean()))
                    .append("</td><td>")
                    .append(fmt(j.estimate().low()))
                    .append("–")
                    .append(fmt(j.estimate().high()))
                    .append(j.estimate().holds() ? "" : "†")
                    .append("</td><td>")
                    .append(j.estimate().n())
                    .append("</td><td>")
                    .append(j.scored())
                    .append(" / ")
                    .append(j.attempted())
                    .append("</td></tr>\n");
        }
        h.append("</tbody></table></div>\n");
        answers(h, m);
        h.append("<div class=\"charts\"><figure><canvas id=\"chart-judge\"")
                .append(" aria-label=\"Judge metrics per retriever\"></canvas><figcaption>Judge metrics")
                .append("</figcaption></figure></div></section>\n");
    }

    /** Per system, what answered and how many answers were reused or had anew. */
    private static void answers(StringBuilder h, ReportModel m) {
        if (m.answers().isEmpty()) {
            return;
        }
        h.append("<h3>Answers</h3>\n<p class=\"meta\">")
                .append(esc(ReportModels.ANSWERS_NOTE))
                .append("</p>")
                .append("<div class=\"scroll\"><table><thead><tr><th>system</th><th>answered by</th>")
                .append("<th>reused</th><th>answered anew</th><th>failed</th></tr></thead><tbody>\n");
        for (AnswerSummary.SystemAnswers a : m.answers()) {
            h.append("<tr><th>")
                    .append(esc(a.system()))
                    .append("</th><td>")
                    .append(esc(a.answeredBy()))
                    .append("</td><td>")
                    .append(a.reused())
                    .append("</td><td>")
                    .append(a.answered())
                    .append("</td><td>")
                    .append(a.failed())
                    .append("</td></tr>\n");
        }
        h.append("</tbody></table></div>\n");
    }

    private static void calibration(StringBuilder h, ReportModel m) {
        if (m.calibration().isEmpty()) {
            return;
        }
        h.append("<section id=\"calibration\"><h2>Judge calibration</h2>\n<p class=\"meta\">")
                .append(esc(CALIBRATION_MEANING))
                .append("</p>\n");
        for (List<String> metric : m.calibration()) {
            h.append("<ul>");
            metric.forEach(line -> h.append("<li>").append(esc(line)).append("</li>"));
            h.append("</ul>\n");
        }
        h.append("</section>\n");
    }

    /** How the intervals are made, beside every table of them. */
    static final String INTERVALS =
            "exact binomial (Clopper-Pearson) for hit rates and other 0/1 metrics, BCa" + " bootstrap for graded ones";

    /**
     * The warning for intervals that do not hold their level at their size, marked †; empty when
     * every one holds.
     */
    static String intervalWarning(List<ReportModel.Estimate> estimates) {
        return estimates.stream().allMatch(ReportModel.Estimate::holds)
                ? ""
                : "; † below " + io.github.raglens.result.IntervalMethod.BCA_MINIMUM + " questions no method keeps"
                        + " a graded metric's interval at 95%: these may cover the true mean less often, so add"
                        + " questions before trusting them";
    }

    /** What the calibration figures mean, above them in both reports. */
    static final String CALIBRATION_MEANING = "People labelled some of the cells the judge scored. Agreement says how"
            + " far the judge's verdicts match theirs. A corrected mean is what people would give a system on all"
            + " its cells, estimated from the judge's scores and a random sample of labels raglens drew"
            + " (prediction-powered inference): with 95% confidence it lies in its interval.";

    private static void secondJudge(StringBuilder h, ReportModel m) {
        if (m.judgeAgreement().isEmpty()) {
            return;
        }
        ReportModel.AgreementRow first = m.judgeAgreement().getFirst();
        h.append("<section id=\"second-judge\"><h2>Second judge</h2>\n<p class=\"meta\">")
                .append(esc(first.judgeB()))
                .append(" scored the same cells as ")
                .append(esc(first.judgeA()))
                .append(": Spearman's rho of the scores and Cohen's kappa of the verdicts (a score of 0.5 or more")
                .append(" passes), per metric.</p>")
                .append("<table><thead><tr><th>metric</th><th>cells</th><th>Spearman</th><th>kappa</th></tr>")
                .append("</thead><tbody>\n");
        for (ReportModel.AgreementRow a : m.judgeAgreement()) {
            h.append("<tr><th>")
                    .append(esc(a.metric()))
                    .append("</th><td>")
                    .append(a.cells())
                    .append("</td><td>")
                    .append(fmt(a.spearman() == null ? Double.NaN : a.spearman()))
                    .append("</td><td>")
                    .append(fmt(a.kappa() == null ? Double.NaN : a.kappa()))
                    .append("</td></tr>\n");
        }
        h.append("</tbody></table>\n");
        if (!m.judgeDisagreements().isEmpty()) {
            h.append("<h3>Where the judges disagree most</h3><p class=\"meta\">Not a sample to calibrate with:")
                    .append(" labels of these cells count for agreement only (raglens label-sample draws the cells")
                    .append(" whose labels correct the judge's mean).</p><div class=\"scroll\"><table><thead><tr>")
                    .append("<th>metric</th><th>retriever</th><th>question</th><th>")
                    .append(esc(first.judgeA()))
                    .append("</th><th>")
                    .append(esc(first.judgeB()))
                    .append("</th><th>gap</th></tr></thead><tbody>\n");
            for (ReportModel.DisagreementRow d : m.judgeDisagreements()) {
                h.append("<tr><td>")
                        .append(esc(d.metric()))
                        .append("</td><td>")
                        .append(esc(d.retriever()))
                        .append("</td><td>")
                        .append(esc(d.questionId()))
                        .append("</td><td>")
                        .append(fmt(d.scoreA()))
                        .append("</td><td>")
                        .append(fmt(d.scoreB()))
                        .append("</td><td>")
                        .append(fmt(Math.abs(d.scoreA() - d.scoreB())))
                        .append("</td></tr>\n");
            }
            h.append("</tbody></table></div>\n");
        }
        h.append("</section>\n");
    }

    private static void usage(StringBuilder h, ReportModel m) {
        if (m.usage().isEmpty()) {
            return;
        }
        h.append("<section id=\"usage\"><h2>Tokens and cost</h2><table><thead><tr><th>stage</th><th>model</th>")
                .append("<th>calls</th><th>prompt tokens</th><th>completion tokens</th><th>cost (USD)</th>")
                .append("</tr></thead><tbody>\n");
        for (ReportModel.UsageRow u : m.usage()) {
            h.append("<tr><td>")
                    .append(esc(u.stage()))
                    .append("</td><td>")
                    .append(esc(u.model()))
                    .append("</td><td>")
                    .append(u.calls())
                    .append("</td><td>")
                    .append(u.promptTokens())
                    .append("</td><td>")
                    .append(u.completionTokens())
                    .append("</td><td>")
                    .append(String.format(Locale.ROOT, "%.4f", u.costUsd()))
                    .append("</td></tr>\n");
        }
        h.append("</tbody></table></section>\n");
    }

    /** Groups as rows, retrievers as columns: the table stays small however many groups there are. */
    private static void breakdowns(StringBuilder h, ReportModel m) {
        if (m.breakdowns().isEmpty()) {
            return;
        }
        Set<String> retrievers = new LinkedHashSet<>();
        Map<String, Map<String, ReportModel.BreakdownRow>> groups = new LinkedHashMap<>();
        for (ReportModel.BreakdownRow b : m.breakdowns()) {
            retrievers.add(b.retriever());
            groups.computeIfAbsent(b.dimension() + "\u0000" + b.group(), k -> new LinkedHashMap<>())
                    .put(b.retriever(), b);
        }
        h.append("<section id=\"breakdowns\"><h2>Breakdowns</h2><p class=\"meta\">")
                .append(esc(m.breakdowns().get(0).metric()))
                .append(" by group.</p><div class=\"scroll\"><table><thead><tr><th>by</th><th>group</th><th>n</th>");
        retrievers.forEach(r -> h.append("<th>").append(esc(r)).append("</th>"));
        h.append("</tr></thead><tbody>\n");
        for (Map<String, ReportModel.BreakdownRow> row : groups.values()) {
            ReportModel.BreakdownRow any = row.values().iterator().next();
            h.append("<tr><td>")
                    .append(esc(any.dimension()))
                    .append("</td><td>")
                    .append(esc(any.group()))
                    .append("</td><td>")
                    .append(any.n())
                    .append("</td>");
            for (String r : retrievers) {
                ReportModel.BreakdownRow b = row.get(r);
                h.append("<td>").append(b == null ? "–" : fmt(b.value())).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table></div></section>\n");
    }

    private static void drillDown(StringBuilder h, ReportModel m) {
        if (m.questions().isEmpty()) {
            return;
        }
        h.append("<section id=\"questions\"><h2>Questions</h2>\n<p class=\"meta\">Each question with its")
                .append(" evidence and what every retriever returned; ✓ marks a relevant hit.</p>\n");
        for (ReportModel.QuestionRow q : m.questions()) {
            h.append("<details class=\"question\"><summary><code>")
                    .append(esc(q.id()))
                    .append("</code> ")
                    .append(esc(q.question()))
                    .append("</summary>\n<dl><dt>evidence</dt><dd><q>")
                    .append(esc(q.evidence()))
                    .append("</q></dd><dt>relevant targets</dt><dd><code>")
                    .append(esc(q.expectedChunkId()))
                    .append("</code> in ")
                    .append(esc(q.document()))
                    .append("</dd></dl>\n");
            for (Map.Entry<String, List<ReportModel.Hit>> e : q.results().entrySet()) {
                h.append("<h4>").append(esc(e.getKey())).append("</h4><ol class=\"hits\">");
                for (ReportModel.Hit hit : e.getValue()) {
                    h.append("<li")
                            .append(hit.relevant() ? " class=\"relevant\"" : "")
                            .append(">")
                            .append(hit.relevant() ? "✓ " : "")
                            .append("<code>")
                            .append(esc(hit.chunkId()))
                            .append("</code> <span class=\"path\">")
                            .append(esc(hit.sectionPath()))
                            .append("</span><div class=\"snippet\">")
                            .append(esc(snippet(hit.snippet())))
                            .append("</div></li>");
                }
                h.append("</ol>\n");
            }
            if (!q.verdicts().isEmpty()) {
                h.append("<table class=\"verdicts\"><thead><tr><th>retriever</th><th>metric</th><th>result</th>")
                        .append("<th>reasons</th></tr></thead><tbody>");
                for (ReportModel.Verdict v : q.verdicts()) {
                    h.append("<tr><td>")
                            .append(esc(v.retriever()))
                            .append("</td><td>")
                            .append(esc(v.metric()))
                            .append("</td><td>")
                            .append("scored".equals(v.status()) ? fmt(v.score()) : esc(v.status()))
                            .append("</td><td>")
                            .append(esc(v.reason()))
                            .append("</td></tr>");
                }
                h.append("</tbody></table>\n");
            }
            h.append("</details>\n");
        }
        h.append("</section>\n");
    }

    /** The data the charts need, as JSON safe to embed in a script element. */
    static String chartData(ReportModel m) {
        ObjectNode root = Json.objectNode();
        ArrayNode retrievers = root.putArray("retrievers");
        for (ReportModel.RetrieverRow r : m.retrievers()) {
            ObjectNode node = retrievers.addObject();
            node.put("name", r.name());
            ObjectNode hit = node.putObject("hitAtK");
            r.hitAtK().forEach((k, v) -> hit.put(String.valueOf(k), v));
            ObjectNode lat = node.putObject("latency");
            r.latencyMillis().forEach(lat::put);
        }
        ArrayNode judge = root.putArray("judge");
        for (ReportModel.JudgeRow j : m.judge()) {
            judge.addObject()
                    .put("retriever", j.retriever())
                    .put("metric", j.metric())
                    .put("mean", j.estimate().mean());
        }
        try {
            return embeddable(Json.writer().writeValueAsString(root));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("report data is not serialisable", e);
        }
    }

    /** Escapes the characters that could end a script element or start markup; valid JSON still. */
    static String embeddable(String json) {
        return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
    }

    /** Escapes text for HTML element content and attribute values. */
    public static String esc(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    private static String snippet(String text) {
        String flat = text.replaceAll("\\s+", " ").strip();
        return flat.length() <= SNIPPET_CHARS ? flat : flat.substring(0, SNIPPET_CHARS) + "…";
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String hash(String inline) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(inline.getBytes(StandardCharsets.UTF_8));
            return "'sha256-" + Base64.getEncoder().encodeToString(digest) + "'";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** Where the webjar on the classpath keeps {@code chart.umd.js}. */
    static String chartJsPath() {
        Properties pom = new Properties();
        try {
            pom.load(new StringReader(resource(CHART_JS_POM)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + CHART_JS_POM, e);
        }
        return "/META-INF/resources/webjars/chart.js/" + pom.getProperty("version") + "/dist/chart.umd.js";
    }

    private static String resource(String name) {
        // An absolute name is in another jar (the Chart.js webjar). In a named module
        // Class.getResourceAsStream looks in this module only, so those go through the class loader.
        try (InputStream in = name.startsWith("/")
                ? HtmlReport.class.getClassLoader().getResourceAsStream(name.substring(1))
                : HtmlReport.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " missing from the raglens jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name, e);
        }
    }
}
