package io.github.raglens.facade.internal;

import io.github.raglens.result.MetricSummary;
import io.github.raglens.result.StyleAndOverlap;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The report's section of every retrieval metric per question style and per lexical-overlap band,
 * under the sentence saying whether the retrievers' order changes between the bands; in HTML and in
 * Markdown. Thread-safe.
 */
public final class StyleOverlapSection {

    private StyleOverlapSection() {}

    /** What the bands are, said under the section's heading. */
    static String explanation(StyleAndOverlap s) {
        return String.format(
                Locale.ROOT,
                "Overlap is the share of a question's content-word stems found in its source chunk (both chunks for"
                        + " a multi-hop question); high-overlap questions lie above the median, %.3f, low-overlap"
                        + " ones at or below it. Means with 95%% confidence intervals.",
                s.overlapThreshold());
    }

    /** Appends the HTML section; nothing when there are no groups. */
    static void html(StringBuilder h, StyleAndOverlap s) {
        if (s.groups().isEmpty()) {
            return;
        }
        h.append("<section id=\"style-overlap\"><h2>By question style and overlap</h2>\n<p class=\"headline\">")
                .append(HtmlReport.esc(s.headline()))
                .append("</p>\n<p class=\"meta\">")
                .append(HtmlReport.esc(explanation(s)))
                .append("</p>\n");
        for (String by : List.of(StyleAndOverlap.BY_STYLE, StyleAndOverlap.BY_OVERLAP)) {
            List<StyleAndOverlap.Group> rows = rows(s, by);
            if (rows.isEmpty()) {
                continue;
            }
            List<String> metrics = List.copyOf(rows.getFirst().metrics().keySet());
            h.append("<div class=\"scroll\"><table><thead><tr><th>")
                    .append(by)
                    .append("</th><th>retriever</th><th>n</th>");
            metrics.forEach(m -> h.append("<th>").append(HtmlReport.esc(m)).append("</th>"));
            h.append("</tr></thead><tbody>\n");
            for (StyleAndOverlap.Group g : rows) {
                h.append("<tr><td>")
                        .append(HtmlReport.esc(g.group()))
                        .append("</td><td>")
                        .append(HtmlReport.esc(g.retriever()))
                        .append("</td><td>")
                        .append(g.questions())
                        .append("</td>");
                metrics.forEach(
                        m -> h.append("<td>").append(cell(g.metrics().get(m))).append("</td>"));
                h.append("</tr>\n");
            }
            h.append("</tbody></table></div>\n");
        }
        h.append("</section>\n");
    }

    /** Appends the Markdown section; nothing when there are no groups. */
    static void markdown(StringBuilder md, StyleAndOverlap s) {
        if (s.groups().isEmpty()) {
            return;
        }
        md.append("## By question style and overlap\n\n")
                .append(s.headline())
                .append("\n\n")
                .append(explanation(s))
                .append("\n\n");
        for (String by : List.of(StyleAndOverlap.BY_STYLE, StyleAndOverlap.BY_OVERLAP)) {
            List<StyleAndOverlap.Group> rows = rows(s, by);
            if (rows.isEmpty()) {
                continue;
            }
            List<String> metrics = List.copyOf(rows.getFirst().metrics().keySet());
            md.append("| ")
                    .append(by)
                    .append(" | retriever | n | ")
                    .append(String.join(" | ", metrics))
                    .append(" |\n|");
            md.append("---|".repeat(3 + metrics.size())).append('\n');
            for (StyleAndOverlap.Group g : rows) {
                List<String> cells = new ArrayList<>();
                metrics.forEach(m -> cells.add(cell(g.metrics().get(m))));
                md.append("| ")
                        .append(g.group())
                        .append(" | ")
                        .append(g.retriever().replace("|", "\\|"))
                        .append(" | ")
                        .append(g.questions())
                        .append(" | ")
                        .append(String.join(" | ", cells))
                        .append(" |\n");
            }
            md.append('\n');
        }
    }

    /** The rows of one grouping, group by group in the order they first appear. */
    private static List<StyleAndOverlap.Group> rows(StyleAndOverlap s, String by) {
        Set<String> groups = new LinkedHashSet<>();
        s.groups().stream().filter(g -> g.by().equals(by)).forEach(g -> groups.add(g.group()));
        List<StyleAndOverlap.Group> out = new ArrayList<>();
        groups.forEach(g -> out.addAll(s.rows(by, g)));
        return out;
    }

    private static String cell(MetricSummary m) {
        return m == null ? "–" : String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", m.mean(), m.lower(), m.upper());
    }
}
