package io.github.raglens.studio;

import io.github.raglens.RagLens;
import io.github.raglens.RunHistory;
import io.github.raglens.RunRecord;
import io.github.raglens.gate.GateOptions;
import io.github.raglens.internal.Cell;
import io.github.raglens.result.Baseline;
import io.github.raglens.result.GateResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Two runs compared as the regression gate compares them: a paired randomization test per system and
 * metric on the questions both hold, Holm-corrected across the table, then the questions whose
 * scores changed most, each with what both runs returned.
 */
final class ComparePage {

    /** The family-wise level of the table. */
    static final double ALPHA = 0.05;

    /** The gate's minimum effect, as {@code raglens gate} has it by default; the power figures are for it. */
    static final double MIN_EFFECT = 0.02;

    /** Questions listed under the table. */
    static final int CHANGED_SHOWN = 15;

    private ComparePage() {}

    static String body(WorkspaceView view, String a, String b, String source) {
        RunHistory history = view.runs();
        StringBuilder h = new StringBuilder();
        RunsPage.problems(h, history);
        List<RunRecord> runs = history.runs();
        if (runs.size() < 2) {
            h.append("<p class=\"empty\">A comparison needs two runs; this workspace has ")
                    .append(runs.size())
                    .append(
                            ". Run <code>raglens benchmark</code> again after a change (see <a href=\"/\">Runs</a>).</p>");
            return h.toString();
        }
        RunRecord before = history.run(a).orElse(runs.get(runs.size() - 2));
        RunRecord after = history.run(b).orElse(runs.get(runs.size() - 1));
        String src = source == null || source.isBlank() ? RunRecord.Estimate.RETRIEVAL : source;
        form(h, runs, before, after, src);
        inputs(h, before, after);
        Optional<Baseline> old = view.baseline(before, src);
        Optional<Baseline> now = view.baseline(after, src);
        if (old.isEmpty() || now.isEmpty()) {
            h.append("<p class=\"empty\" id=\"compare-missing\">Run ")
                    .append(Html.esc((old.isEmpty() ? before : after).id()))
                    .append(" has no ")
                    .append(src.equals(RunRecord.Estimate.JUDGE) ? "evaluation" : "benchmark")
                    .append(" results; pick two runs that both have them.</p>");
            return h.toString();
        }
        TreeSet<String> common = new TreeSet<>(old.get().systems());
        common.retainAll(now.get().systems());
        if (common.isEmpty()) {
            h.append("<p class=\"empty\">The two runs share no system.</p>");
            return h.toString();
        }
        Baseline x = restrict(old.get(), common);
        Baseline y = restrict(now.get(), common);
        Outcome outcome = view.ofRuns("compare " + src, before, after, () -> {
            try {
                return new Outcome(
                        RagLens.gate(
                                x,
                                y,
                                GateOptions.builder()
                                        .minEffect(MIN_EFFECT)
                                        .alpha(ALPHA)
                                        .build()),
                        null);
            } catch (IllegalArgumentException e) {
                return new Outcome(null, e.getMessage());
            }
        });
        if (outcome.report() == null) {
            h.append("<p class=\"warning\" id=\"compare-refused\">")
                    .append(Html.esc(outcome.refusal()))
                    .append("</p>");
            return h.toString();
        }
        table(h, outcome.report(), before, after);
        changed(h, outcome.report(), x, y);
        return h.toString();
    }

    /** The gate's report on two runs, or why it refused to compare them. */
    private record Outcome(GateResult report, String refusal) {}

    private static void form(StringBuilder h, List<RunRecord> runs, RunRecord a, RunRecord b, String source) {
        h.append("<form method=\"get\" action=\"/compare\" class=\"pick\">");
        for (String[] side : new String[][] {{"a", a.id()}, {"b", b.id()}}) {
            h.append("<label>").append(side[0].equals("a") ? "run " : " against run ");
            h.append("<select name=\"")
                    .append(side[0])
                    .append("\" id=\"run-")
                    .append(side[0])
                    .append("\">");
            for (RunRecord r : runs) {
                h.append("<option value=\"")
                        .append(Html.esc(r.id()))
                        .append('"')
                        .append(r.id().equals(side[1]) ? " selected" : "")
                        .append('>')
                        .append(Html.esc(r.id() + " · " + r.kind()))
                        .append("</option>");
            }
            h.append("</select></label>");
        }
        h.append(" <label>on <select name=\"source\" id=\"source\">");
        for (String s : List.of(RunRecord.Estimate.RETRIEVAL, RunRecord.Estimate.JUDGE)) {
            h.append("<option")
                    .append(s.equals(source) ? " selected" : "")
                    .append('>')
                    .append(s)
                    .append("</option>");
        }
        h.append("</select></label> <button type=\"submit\">compare</button></form>\n");
    }

    private static void inputs(StringBuilder h, RunRecord a, RunRecord b) {
        TreeSet<String> names = new TreeSet<>(a.inputs().keySet());
        names.addAll(b.inputs().keySet());
        List<String> changed = names.stream()
                .filter(n -> !Objects.equals(a.inputs().get(n), b.inputs().get(n)))
                .toList();
        h.append("<p id=\"inputs-changed\">")
                .append(
                        changed.isEmpty()
                                ? "Both runs used the same inputs."
                                : "What differs between the runs: " + Html.esc(String.join(", ", changed)) + ".")
                .append("</p>\n");
    }

    private static void table(StringBuilder h, GateResult report, RunRecord a, RunRecord b) {
        h.append("<p>Paired randomization test per system and metric on the questions both runs hold; p-values")
                .append(" Holm-corrected across the ")
                .append(report.family())
                .append(" checks, family-wise level ")
                .append(Html.num(ALPHA))
                .append(".</p>\n<table id=\"comparison\"><thead><tr><th>system</th><th>metric</th><th>n</th><th>run ")
                .append(Html.esc(a.id()))
                .append("</th><th>run ")
                .append(Html.esc(b.id()))
                .append("</th><th>difference</th><th>p</th><th>Holm p</th><th></th></tr></thead><tbody>\n");
        for (GateResult.Check c : report.checks()) {
            boolean significant = c.adjustedPValue() < ALPHA;
            String verdict = !significant ? "" : c.difference().mean() < 0 ? "worse" : "better";
            h.append("<tr class=\"")
                    .append(verdict)
                    .append("\"><td>")
                    .append(Html.esc(c.system()))
                    .append("</td><td>")
                    .append(Html.esc(c.metric()))
                    .append("</td><td>")
                    .append(c.n())
                    .append("</td><td>")
                    .append(Html.num(c.baseline().mean()))
                    .append(" <span class=\"ci\">[")
                    .append(Html.num(c.baseline().lower()))
                    .append(", ")
                    .append(Html.num(c.baseline().upper()))
                    .append("]</span></td><td>")
                    .append(Html.num(c.current().mean()))
                    .append(" <span class=\"ci\">[")
                    .append(Html.num(c.current().lower()))
                    .append(", ")
                    .append(Html.num(c.current().upper()))
                    .append("]</span></td><td>")
                    .append(String.format(
                            java.util.Locale.ROOT, "%+.3f", c.difference().mean()))
                    .append("</td><td>")
                    .append(Html.p(c.pValue()))
                    .append("</td><td>")
                    .append(Html.p(c.adjustedPValue()))
                    .append("</td><td>")
                    .append(verdict.isEmpty() ? "" : "significantly " + verdict)
                    .append("</td></tr>\n");
        }
        h.append("</tbody></table>\n");
    }

    /** A question whose score moved between the runs. */
    private record Change(String questionId, String system, String metric, double before, double after) {
        double size() {
            return Math.abs(after - before);
        }
    }

    private static void changed(StringBuilder h, GateResult report, Baseline a, Baseline b) {
        List<Change> changes = new ArrayList<>();
        for (GateResult.Check c : report.checks()) {
            Map<String, Double> x = a.values(c.system(), c.metric());
            Map<String, Double> y = b.values(c.system(), c.metric());
            x.forEach((q, v) -> {
                Double w = y.get(q);
                if (w != null && w.doubleValue() != v.doubleValue()) {
                    changes.add(new Change(q, c.system(), c.metric(), v, w));
                }
            });
        }
        changes.sort(Comparator.comparingDouble(Change::size)
                .reversed()
                .thenComparing(Change::questionId)
                .thenComparing(Change::system)
                .thenComparing(Change::metric));
        // one row per question and system: its largest change
        java.util.Set<Cell> seen = new java.util.HashSet<>();
        changes.removeIf(c -> !seen.add(new Cell(c.system(), c.questionId())));
        h.append("<h2>Questions that changed most</h2>\n");
        if (changes.isEmpty()) {
            h.append("<p id=\"no-changes\">No question's score changed.</p>");
            return;
        }
        h.append("<table id=\"changed\"><thead><tr><th>question</th><th>system</th><th>metric</th><th>before</th>")
                .append("<th>after</th><th>returned before</th><th>returned after</th></tr></thead><tbody>\n");
        for (Change c : changes.subList(0, Math.min(CHANGED_SHOWN, changes.size()))) {
            String text =
                    b.questions().getOrDefault(c.questionId(), a.questions().getOrDefault(c.questionId(), ""));
            h.append("<tr><td><a href=\"/question?id=")
                    .append(Html.query(c.questionId()))
                    .append("\">")
                    .append(Html.esc(c.questionId()))
                    .append("</a> ")
                    .append(Html.esc(text))
                    .append("</td><td>")
                    .append(Html.esc(c.system()))
                    .append("</td><td>")
                    .append(Html.esc(c.metric()))
                    .append("</td><td>")
                    .append(Html.num(c.before()))
                    .append("</td><td>")
                    .append(Html.num(c.after()))
                    .append("</td><td class=\"returned\">")
                    .append(Html.esc(orNone(a.returned(c.system(), c.questionId()))))
                    .append("</td><td class=\"returned\">")
                    .append(Html.esc(orNone(b.returned(c.system(), c.questionId()))))
                    .append("</td></tr>\n");
        }
        h.append("</tbody></table>\n");
    }

    private static String orNone(String s) {
        return s.isEmpty() ? "(not recorded)" : s;
    }

    /** The baseline with only the given systems. */
    private static Baseline restrict(Baseline b, TreeSet<String> systems) {
        Map<String, Map<String, Map<String, Double>>> scores = new TreeMap<>(b.scores());
        scores.keySet().retainAll(systems);
        Map<String, Map<String, String>> returned = new TreeMap<>(b.returned());
        returned.keySet().retainAll(systems);
        Map<String, Map<String, Map<String, String>>> unscored = new TreeMap<>(b.unscored());
        unscored.keySet().retainAll(systems);
        return new Baseline(
                b.format(),
                b.source(),
                b.relevance(),
                b.questions(),
                scores,
                returned,
                b.versions(),
                b.judgeModel(),
                unscored);
    }
}
