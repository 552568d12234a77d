package io.github.raglens.studio;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.raglens.RunHistory;
import io.github.raglens.RunRecord;
import java.util.List;
import java.util.Map;

/** Each metric per system across runs, with its interval, and the breaks a line must not cross. */
final class TrendsPage {

    private static final ObjectMapper JSON = new ObjectMapper();

    private TrendsPage() {}

    static String body(RunHistory history, String source, String metric) {
        StringBuilder h = new StringBuilder();
        RunsPage.problems(h, history);
        Map<String, List<String>> metrics = Trend.metrics(history.runs());
        if (metrics.isEmpty()) {
            h.append("<p class=\"empty\">No runs yet; see <a href=\"/\">Runs</a> for what to run.</p>");
            return h.toString();
        }
        String src = metrics.containsKey(source)
                ? source
                : metrics.keySet().iterator().next();
        List<String> names = metrics.get(src);
        String m = names.contains(metric) ? metric : defaultMetric(names);
        h.append(
                "<form method=\"get\" action=\"/trends\" class=\"pick\"><label>metric <select name=\"metric\" id=\"metric\">");
        for (Map.Entry<String, List<String>> e : metrics.entrySet()) {
            h.append("<optgroup label=\"").append(Html.esc(e.getKey())).append("\">");
            for (String name : e.getValue()) {
                boolean selected = e.getKey().equals(src) && name.equals(m);
                h.append("<option value=\"")
                        .append(Html.esc(e.getKey() + ":" + name))
                        .append('"')
                        .append(selected ? " selected" : "")
                        .append('>')
                        .append(Html.esc(name))
                        .append("</option>");
            }
            h.append("</optgroup>");
        }
        h.append("</select></label> <button type=\"submit\">show</button></form>\n");
        Trend trend = Trend.of(history.runs(), src, m);
        h.append("<div class=\"chart\"><canvas id=\"trend-chart\" width=\"960\" height=\"420\"></canvas></div>\n")
                .append("<script type=\"application/json\" id=\"trend-data\">")
                .append(json(trend))
                .append("</script>\n");
        if (!trend.breaks().isEmpty()) {
            h.append("<ul class=\"breaks\" id=\"breaks\">");
            for (Trend.Break b : trend.breaks()) {
                h.append("<li>between run ")
                        .append(Html.esc(trend.runs().get(b.index() - 1)))
                        .append(" and run ")
                        .append(Html.esc(trend.runs().get(b.index())))
                        .append(": ")
                        .append(Html.esc(String.join("; ", b.reasons())))
                        .append(" — not joined by a line</li>");
            }
            h.append("</ul>\n");
        }
        h.append("<table id=\"trend-table\"><thead><tr><th>system</th>");
        trend.runs().forEach(r -> h.append("<th>run ").append(Html.esc(r)).append("</th>"));
        h.append("</tr></thead><tbody>");
        for (Trend.Series s : trend.series()) {
            h.append("<tr><td>").append(Html.esc(s.system())).append("</td>");
            for (Trend.Point p : s.points()) {
                h.append("<td>");
                if (p != null) {
                    h.append(Html.num(p.mean()))
                            .append(" <span class=\"ci\">[")
                            .append(Html.num(p.lower()))
                            .append(", ")
                            .append(Html.num(p.upper()))
                            .append("]</span>");
                }
                h.append("</td>");
            }
            h.append("</tr>");
        }
        h.append("</tbody></table>\n");
        return h.toString();
    }

    private static String defaultMetric(List<String> names) {
        return names.contains("hit@5") ? "hit@5" : names.get(0);
    }

    /** The trend as JSON that is safe inside a script element: no {@code <}, {@code >} or {@code &} left raw. */
    private static String json(Trend trend) {
        try {
            return JSON.writeValueAsString(trend)
                    .replace("<", "\\u003c")
                    .replace(">", "\\u003e")
                    .replace("&", "\\u0026");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a trend is always JSON", e);
        }
    }

    /** The source and metric of a {@code source:metric} choice. */
    static String[] parse(String choice) {
        if (choice == null || choice.indexOf(':') < 0) {
            return new String[] {RunRecord.Estimate.RETRIEVAL, choice == null ? "" : choice};
        }
        int i = choice.indexOf(':');
        return new String[] {choice.substring(0, i), choice.substring(i + 1)};
    }
}
