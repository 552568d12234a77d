package io.github.raglens.cli;

import io.github.raglens.result.MetricSummary;
import io.github.raglens.result.StyleAndOverlap;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The benchmark's lines per question style and per overlap band: the sentence saying whether the
 * retrievers' order changes between high- and low-overlap questions, then the headline columns of
 * every group (every metric is in benchmark.json and the report).
 */
final class StyleOverlapLines {

    private StyleOverlapLines() {}

    static void print(PrintWriter out, StyleAndOverlap s, List<Integer> ks) {
        if (s.groups().isEmpty()) {
            return;
        }
        if (!s.headline().isEmpty()) {
            out.println(s.headline());
        }
        int maxK = ks.getLast();
        List<String> columns = new ArrayList<>();
        ks.forEach(k -> columns.add("hit@" + k));
        columns.add("mrr@" + maxK);
        for (String by : List.of(StyleAndOverlap.BY_STYLE, StyleAndOverlap.BY_OVERLAP)) {
            Set<String> groups = new LinkedHashSet<>();
            s.groups().stream().filter(g -> g.by().equals(by)).forEach(g -> groups.add(g.group()));
            for (String group : groups) {
                List<StyleAndOverlap.Group> rows = s.rows(by, group);
                out.printf(
                        Locale.ROOT,
                        "%s %s%s, %d questions:%n",
                        by,
                        group,
                        by.equals(StyleAndOverlap.BY_OVERLAP)
                                ? String.format(
                                        Locale.ROOT,
                                        group.equals(StyleAndOverlap.HIGH) ? " (above %.3f)" : " (%.3f or less)",
                                        s.overlapThreshold())
                                : "",
                        rows.getFirst().questions());
                for (StyleAndOverlap.Group g : rows) {
                    StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  %-14s", g.retriever()));
                    for (String c : columns) {
                        MetricSummary m = g.metrics().get(c);
                        row.append(
                                String.format(Locale.ROOT, " %s %.3f [%.3f,%.3f]", c, m.mean(), m.lower(), m.upper()));
                    }
                    out.println(row);
                }
            }
        }
    }
}
