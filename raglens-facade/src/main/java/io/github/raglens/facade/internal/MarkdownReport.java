package io.github.raglens.facade.internal;

import io.github.raglens.result.AnswerSummary;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Renders a {@link ReportModel} as Markdown tables, for pull requests and terminals. Thread-safe. */
public final class MarkdownReport {

    private MarkdownReport() {}

    /** Renders the report. */
    public static String render(ReportModel m) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(cell(m.title())).append("\n\n");
        md.append("Generated ").append(m.generatedAt()).append(" · relevance: ").append(m.relevance());
        md.append(" · documents: ").append(m.corpus().documents());
        md.append(" · questions: ").append(m.corpus().questions()).append("\n\n");
        md.append("Questions: ").append(cell(m.corpus().questionSelection())).append(".\n\n");
        m.warnings().forEach(w -> md.append("- ").append(cell(w)).append('\n'));
        if (!m.warnings().isEmpty()) {
            md.append('\n');
        }
        if (!m.retrievers().isEmpty()) {
            md.append("## Retrieval (mean [95% CI])\n\n");
            table(md, m.retrievers(), true);
            md.append("\nIntervals: ")
                    .append(HtmlReport.INTERVALS)
                    .append(HtmlReport.intervalWarning(m.retrievers().stream()
                            .flatMap(r -> r.metrics().values().stream())
                            .toList()))
                    .append(". Latency: ")
                    .append(cell(m.latencyTiming()))
                    .append(".\n\n");
        }
        StyleOverlapSection.markdown(md, m.styleAndOverlap());
        ReportModel.LengthFairTable fair = m.lengthFair();
        if (fair.made()) {
            md.append("## Length-fair comparison (")
                    .append(fair.chars())
                    .append(" characters a rank)\n\n")
                    .append(cell(fair.reason()))
                    .append(". Each retriever's contexts read in rank order as one text cut into ranks of ")
                    .append(fair.chars())
                    .append(" characters: hit@K counts the evidence within the first K × ")
                    .append(fair.chars())
                    .append(" characters.\n\n");
            table(md, fair.retrievers(), false);
            md.append('\n');
        }
        ReportModel.JudgedTable judged = m.judged();
        if (judged.made()) {
            md.append("## Judged relevance\n\n")
                    .append(cell(judged.pool()))
                    .append(". Every retriever's top passages graded 0-3 by the judge: hit@K and MRR at the first")
                    .append(" passage of grade 2 or more, nDCG with the grades as gains.\n\n");
            table(md, judged.retrievers(), false);
            md.append('\n');
            judged.summary().forEach(line -> md.append("- ").append(cell(line)).append('\n'));
            md.append('\n');
        }
        if (!m.judge().isEmpty()) {
            md.append("## Answer quality\n\n| retriever | metric | mean [95% CI] | coverage |\n|---|---|---|---|\n");
            for (ReportModel.JudgeRow j : m.judge()) {
                md.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %.3f [%.3f, %.3f]%s | %d / %d |%n",
                        cell(j.retriever()),
                        cell(j.metric()),
                        j.estimate().mean(),
                        j.estimate().low(),
                        j.estimate().high(),
                        j.estimate().holds() ? "" : "†",
                        j.scored(),
                        j.attempted()));
            }
            md.append('\n');
        }
        if (!m.answers().isEmpty()) {
            md.append("### Answers\n\n")
                    .append(ReportModels.ANSWERS_NOTE)
                    .append("\n\n| system | answered by | reused | answered anew | failed |\n|---|---|---|---|---|\n");
            for (AnswerSummary.SystemAnswers a : m.answers()) {
                md.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %d | %d | %d |%n",
                        cell(a.system()),
                        cell(a.answeredBy()),
                        a.reused(),
                        a.answered(),
                        a.failed()));
            }
            md.append('\n');
        }
        if (!m.judgeAgreement().isEmpty()) {
            ReportModel.AgreementRow first = m.judgeAgreement().getFirst();
            md.append("## Second judge\n\n")
                    .append(cell(first.judgeB()))
                    .append(" scored the same cells as ")
                    .append(cell(first.judgeA()))
                    .append(".\n\n| metric | cells | Spearman | kappa |\n|---|---|---|---|\n");
            for (ReportModel.AgreementRow a : m.judgeAgreement()) {
                md.append("| ")
                        .append(cell(a.metric()))
                        .append(" | ")
                        .append(a.cells())
                        .append(" | ")
                        .append(a.spearman() == null ? "–" : String.format(Locale.ROOT, "%.3f", a.spearman()))
                        .append(" | ")
                        .append(a.kappa() == null ? "–" : String.format(Locale.ROOT, "%.3f", a.kappa()))
                        .append(" |\n");
            }
            if (!m.judgeDisagreements().isEmpty()) {
                md.append("\nWhere they disagree most:\n\n| metric | retriever | question | ")
                        .append(cell(first.judgeA()))
                        .append(" | ")
                        .append(cell(first.judgeB()))
                        .append(" |\n|---|---|---|---|---|\n");
                for (ReportModel.DisagreementRow d : m.judgeDisagreements()) {
                    md.append(String.format(
                            Locale.ROOT,
                            "| %s | %s | %s | %.3f | %.3f |%n",
                            cell(d.metric()),
                            cell(d.retriever()),
                            cell(d.questionId()),
                            d.scoreA(),
                            d.scoreB()));
                }
            }
            md.append('\n');
        }
        if (!m.calibration().isEmpty()) {
            md.append("## Judge calibration\n\n")
                    .append(HtmlReport.CALIBRATION_MEANING)
                    .append("\n\n");
            for (List<String> metric : m.calibration()) {
                metric.forEach(line -> md.append("- ").append(line).append('\n'));
                md.append('\n');
            }
        }
        if (!m.usage().isEmpty()) {
            md.append("## Tokens and cost\n\n| stage | model | calls | prompt | completion | USD |\n")
                    .append("|---|---|---|---|---|---|\n");
            for (ReportModel.UsageRow u : m.usage()) {
                md.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %d | %d | %d | %.4f |%n",
                        cell(u.stage()),
                        cell(u.model()),
                        u.calls(),
                        u.promptTokens(),
                        u.completionTokens(),
                        u.costUsd()));
            }
            md.append('\n');
        }
        IngestSection.markdown(md, m.corpus().ingest());
        return md.toString();
    }

    /** One row per retriever: every metric's mean and interval, and the latency columns when asked. */
    private static void table(StringBuilder md, List<ReportModel.RetrieverRow> rows, boolean latency) {
        Set<String> metrics = new LinkedHashSet<>();
        rows.forEach(r -> metrics.addAll(r.metrics().keySet()));
        md.append("| retriever |");
        metrics.forEach(x -> md.append(' ').append(cell(x)).append(" |"));
        md.append(latency ? " p50 ms | p95 ms |" : "").append("\n|---|");
        metrics.forEach(x -> md.append("---|"));
        md.append(latency ? "---|---|\n" : "\n");
        for (ReportModel.RetrieverRow r : rows) {
            md.append("| ")
                    .append(cell(r.note().isEmpty() ? r.name() : r.name() + " (" + r.note() + ")"))
                    .append(" |");
            for (String x : metrics) {
                ReportModel.Estimate e = r.metrics().get(x);
                md.append(' ')
                        .append(
                                e == null
                                        ? "–"
                                        : String.format(
                                                Locale.ROOT,
                                                "%.3f [%.3f, %.3f]%s",
                                                e.mean(),
                                                e.low(),
                                                e.high(),
                                                e.holds() ? "" : "†"))
                        .append(" |");
            }
            md.append(
                    latency
                            ? String.format(
                                    Locale.ROOT,
                                    " %.2f | %.2f |%n",
                                    r.latencyMillis().getOrDefault("p50", Double.NaN),
                                    r.latencyMillis().getOrDefault("p95", Double.NaN))
                            : "\n");
        }
    }

    /** Keeps a value inside its table cell. */
    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
