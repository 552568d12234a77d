package io.github.raglens.studio;

import io.github.raglens.RunRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * One metric of one source across the runs that measured it: a series per system, and the places
 * where two neighbouring runs cannot be joined by a line because their question set, relevance mode,
 * metric version or judge model differ.
 *
 * @param source {@link RunRecord.Estimate#RETRIEVAL} or {@link RunRecord.Estimate#JUDGE}
 * @param metric the metric
 * @param runs the ids of the runs that measured it, in order (the chart's x axis)
 * @param series one per system
 * @param breaks before which run (index into {@code runs}) the lines break, and why
 */
record Trend(String source, String metric, List<String> runs, List<Series> series, List<Break> breaks) {

    /** A system's points; {@code null} where a run did not measure it. */
    record Series(String system, List<Point> points) {}

    /** A mean with its interval in one run. */
    record Point(String run, double mean, double lower, double upper, int n) {}

    /** A break before the run at {@code index}. */
    record Break(int index, List<String> reasons) {}

    static Trend of(List<RunRecord> all, String source, String metric) {
        List<RunRecord> runs = all.stream()
                .filter(r ->
                        r.estimates(source).stream().anyMatch(e -> e.metric().equals(metric)))
                .toList();
        TreeSet<String> systems = new TreeSet<>();
        runs.forEach(r -> r.estimates(source).stream()
                .filter(e -> e.metric().equals(metric))
                .forEach(e -> systems.add(e.system())));
        List<Series> series = new ArrayList<>();
        for (String system : systems) {
            List<Point> points = new ArrayList<>();
            for (RunRecord r : runs) {
                points.add(r.estimates(source).stream()
                        .filter(e -> e.metric().equals(metric) && e.system().equals(system))
                        .findFirst()
                        .map(e -> new Point(r.id(), e.mean(), e.lower(), e.upper(), e.n()))
                        .orElse(null));
            }
            series.add(new Series(system, points));
        }
        List<Break> breaks = new ArrayList<>();
        for (int i = 1; i < runs.size(); i++) {
            List<String> reasons = reasons(runs.get(i - 1), runs.get(i), source, metric);
            if (!reasons.isEmpty()) {
                breaks.add(new Break(i, reasons));
            }
        }
        return new Trend(source, metric, runs.stream().map(RunRecord::id).toList(), series, breaks);
    }

    private static List<String> reasons(RunRecord before, RunRecord after, String source, String metric) {
        List<String> reasons = new ArrayList<>();
        if (!Objects.equals(before.inputs().get("questions"), after.inputs().get("questions"))) {
            reasons.add("question set changed");
        }
        if (source.equals(RunRecord.Estimate.RETRIEVAL)) {
            differs(reasons, before, after, "relevance", "relevance mode changed");
        } else {
            differs(reasons, before, after, metric, "metric version changed");
            differs(reasons, before, after, "judge-model", "judge model changed");
        }
        return reasons;
    }

    private static void differs(List<String> reasons, RunRecord before, RunRecord after, String key, String reason) {
        String a = before.versions().get(key);
        String b = after.versions().get(key);
        if (!Objects.equals(a, b)) {
            reasons.add(reason + " (" + (a == null ? "none" : a) + " → " + (b == null ? "none" : b) + ")");
        }
    }

    /** Every metric each source measured in any run, sources and metrics in first-seen order. */
    static Map<String, List<String>> metrics(List<RunRecord> runs) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (RunRecord r : runs) {
            for (RunRecord.Estimate e : r.estimates()) {
                List<String> list = out.computeIfAbsent(e.source(), k -> new ArrayList<>());
                if (!list.contains(e.metric())) {
                    list.add(e.metric());
                }
            }
        }
        return out;
    }
}
