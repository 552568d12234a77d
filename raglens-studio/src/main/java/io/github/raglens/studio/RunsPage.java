package io.github.raglens.studio;

import io.github.raglens.RunHistory;
import io.github.raglens.RunRecord;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** The first page: every run with what it ran on, what changed since the run before, and what to run when there is none. */
final class RunsPage {

    private RunsPage() {}

    static String body(RunHistory history, String workspace) {
        StringBuilder h = new StringBuilder();
        problems(h, history);
        List<RunRecord> runs = history.runs();
        if (runs.isEmpty()) {
            h.append("<section class=\"empty\" id=\"no-runs\"><p>No runs in <code>")
                    .append(Html.esc(workspace))
                    .append("</code> yet.</p><p>Run a benchmark to make the first one:</p><pre>")
                    .append("raglens --workspace ")
                    .append(Html.esc(workspace))
                    .append(" ingest --docs DIR\nraglens --workspace ")
                    .append(Html.esc(workspace))
                    .append(" index --docs DIR\nraglens --workspace ")
                    .append(Html.esc(workspace))
                    .append(" questions --docs DIR\nraglens --workspace ")
                    .append(Html.esc(workspace))
                    .append(" benchmark --docs DIR</pre><p>or <code>raglens demo</code> for the bundled sample.")
                    .append(" Every <code>benchmark</code> and <code>evaluate</code> adds a run here.</p></section>\n");
            return h.toString();
        }
        Set<String> inputNames = new LinkedHashSet<>();
        runs.forEach(r -> inputNames.addAll(r.inputs().keySet()));
        h.append("<p>")
                .append(runs.size())
                .append(runs.size() == 1 ? " run" : " runs")
                .append(" in <code>")
                .append(Html.esc(workspace))
                .append("</code>. A hash marked <span class=\"changed\">like this</span> differs from the run before.")
                .append(
                        "</p>\n<table id=\"runs\"><thead><tr><th>run</th><th>kind</th><th>finished</th><th>systems</th>");
        for (String name : inputNames) {
            h.append("<th>").append(Html.esc(name)).append("</th>");
        }
        h.append("<th></th></tr></thead><tbody>\n");
        RunRecord previous = null;
        for (RunRecord r : runs) {
            h.append("<tr data-run=\"")
                    .append(Html.esc(r.id()))
                    .append("\"><td>")
                    .append(Html.esc(r.id()))
                    .append("</td><td>")
                    .append(Html.esc(r.kind()))
                    .append("</td><td>")
                    .append(Html.esc(r.finishedAt().replace('T', ' ').replaceAll("\\.\\d+Z$", "Z")))
                    .append("</td><td>")
                    .append(Html.esc(String.join(
                            ", ",
                            r.estimates().stream()
                                    .map(RunRecord.Estimate::system)
                                    .distinct()
                                    .toList())))
                    .append("</td>");
            for (String name : inputNames) {
                String value = r.inputs().get(name);
                boolean changed = previous != null
                        && value != null
                        && previous.inputs().containsKey(name)
                        && !Objects.equals(previous.inputs().get(name), value);
                h.append("<td class=\"hash")
                        .append(changed ? " changed" : "")
                        .append("\">")
                        .append(value == null ? "" : Html.esc(value.substring(0, Math.min(8, value.length()))))
                        .append("</td>");
            }
            h.append("<td>");
            if (previous != null) {
                h.append("<a href=\"/compare?a=")
                        .append(Html.query(previous.id()))
                        .append("&amp;b=")
                        .append(Html.query(r.id()))
                        .append("\">compare with ")
                        .append(Html.esc(previous.id()))
                        .append("</a>");
            }
            h.append("</td></tr>\n");
            previous = r;
        }
        h.append("</tbody></table>\n<h2>Options</h2>\n");
        for (RunRecord r : runs) {
            h.append("<details><summary>run ").append(Html.esc(r.id())).append("</summary><dl>");
            for (Map.Entry<String, String> e : r.options().entrySet()) {
                h.append("<dt>")
                        .append(Html.esc(e.getKey()))
                        .append("</dt><dd>")
                        .append(Html.esc(e.getValue()))
                        .append("</dd>");
            }
            h.append("</dl></details>\n");
        }
        return h.toString();
    }

    /** The run index's skipped lines, each named, above every page that reads runs. */
    static void problems(StringBuilder h, RunHistory history) {
        for (String problem : history.problems()) {
            h.append("<p class=\"warning problem\">").append(Html.esc(problem)).append("</p>\n");
        }
    }
}
