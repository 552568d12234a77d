package io.github.raglens.studio;

import io.github.raglens.JudgedCell;
import io.github.raglens.internal.Cell;
import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.LabelRequest;
import io.github.raglens.model.PassageLabel;
import io.github.raglens.model.PassageLabelRequest;
import io.github.raglens.result.Calibration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Labelling for judge calibration: the cells raglens draws for a metric (the facade's seeded draw), one
 * at a time with exactly what the judge saw, asked in the metric's own unit ({@link LabelKind}),
 * answered with the keyboard; each label saved as it is given, with the labeller's name and time, in
 * the workspace's {@code human-labels.jsonl}. Beside the cell, judge–human agreement and each system's
 * prediction-powered mean with its interval next to the judge's own, and how many more labels a system
 * needs.
 */
final class LabelPage {

    /** Cells drawn beyond those already labelled, so there is always a next one while the evaluation has more. */
    static final int AHEAD = 20;

    private LabelPage() {}

    /**
     * The page for a metric and draw design (defaults: the evaluation's first judge metric, the same
     * number per system); with {@code system} and {@code question} it reopens that drawn cell, to label
     * it again, else it shows the first drawn cell without a label.
     */
    static String body(
            WorkspaceView view,
            String metricParam,
            String designParam,
            String system,
            String question,
            String passage) {
        StringBuilder h = new StringBuilder();
        List<String> metrics = new ArrayList<>(view.judgeMetrics());
        if (view.hasGradedPool()) {
            metrics.add(PassageLabel.METRIC);
        }
        if (metrics.isEmpty()) {
            h.append(
                            "<p class=\"empty\" id=\"no-evaluation\">Nothing to label yet: labels calibrate the judge, and this")
                    .append(
                            " workspace has no judged evaluation. Run <code>raglens evaluate --docs DIR</code> first.</p>");
            return h.toString();
        }
        String metric = metrics.contains(metricParam) ? metricParam : metrics.get(0);
        LabelDesign design = LabelDesign.PER_SYSTEM;
        if (designParam != null && !designParam.isBlank()) {
            try {
                design = LabelDesign.fromFileName(designParam);
            } catch (IllegalArgumentException e) {
                h.append("<p class=\"warning\">")
                        .append(Html.esc(e.getMessage()))
                        .append("</p>\n");
            }
        }
        LabelKind kind = LabelKind.of(metric);
        form(h, metrics, metric, design);
        if (kind == LabelKind.RELEVANCE) {
            passages(h, view, question, passage);
            return h.toString();
        }
        Labels labels = view.labels();
        Set<Cell> done = labels.labelled(metric);
        List<LabelRequest> drawn = view.draw(metric, done.size() + AHEAD, design);
        Optional<LabelRequest> reopened = drawn.stream()
                .filter(r -> r.retriever().equals(system) && r.questionId().equals(question))
                .findFirst();
        Optional<LabelRequest> next = reopened.isPresent()
                ? reopened
                : drawn.stream()
                        .filter(r -> !done.contains(new Cell(r.retriever(), r.questionId())))
                        .findFirst();
        progress(h, labels, done.size(), "cells of " + metric + " labelled");
        if (next.isEmpty()) {
            h.append("<p class=\"empty\" id=\"all-labelled\">Every cell of ")
                    .append(Html.esc(metric))
                    .append(" the evaluation scored is labelled.</p>");
        } else {
            cell(h, view, next.get(), kind);
        }
        agreement(h, view, metric);
        return h.toString();
    }

    private static void form(StringBuilder h, List<String> metrics, String metric, LabelDesign design) {
        h.append(
                "<form method=\"get\" action=\"/label\" class=\"pick\"><label>metric <select name=\"metric\" id=\"metric\">");
        for (String m : metrics) {
            h.append("<option")
                    .append(m.equals(metric) ? " selected" : "")
                    .append('>')
                    .append(Html.esc(m))
                    .append("</option>");
        }
        h.append("</select></label> <label>draw <select name=\"design\" id=\"design\">");
        for (LabelDesign d : LabelDesign.values()) {
            h.append("<option value=\"")
                    .append(d.fileName())
                    .append('"')
                    .append(d == design ? " selected" : "")
                    .append('>')
                    .append(d == LabelDesign.PER_SYSTEM ? "the same number per system" : "uniform over every cell")
                    .append("</option>");
        }
        h.append("</select></label> <label>labeller <input id=\"labeller\" name=\"labeller\" autocomplete=\"name\"")
                .append(" placeholder=\"your name\"></label></form>\n");
    }

    private static void cell(StringBuilder h, WorkspaceView view, LabelRequest r, LabelKind kind) {
        String detail = view.cellsByQuestion().getOrDefault(r.questionId(), List.of()).stream()
                .filter(c -> c.system().equals(r.retriever()))
                .flatMap(c -> c.verdicts().stream())
                .filter(v -> v.metric().equals(r.metric()))
                .map(JudgedCell.Verdict::detail)
                .findFirst()
                .orElse("");
        List<String> items = kind.items(detail, r.contexts(), r.answer());
        opening(
                h,
                r.metric(),
                r.retriever(),
                r.questionId(),
                "",
                kind,
                String.format(
                        Locale.ROOT,
                        "Drawn %s: place %d of %d in the %s order (seed %d), system %s, question %s.",
                        r.draw().design().fileName(),
                        r.draw().position(),
                        r.draw().population(),
                        r.draw().stratum().isEmpty() ? "metric's" : r.draw().stratum() + "'s",
                        r.draw().seed(),
                        r.retriever(),
                        r.questionId()));
        h.append("<dl><dt>question</dt><dd>")
                .append(Html.esc(r.question()))
                .append("</dd><dt>answer</dt><dd id=\"answer\">")
                .append(Html.esc(r.answer()))
                .append("</dd>");
        if (!r.reference().isEmpty()) {
            h.append("<dt>reference answer</dt><dd>")
                    .append(Html.esc(r.reference()))
                    .append("</dd>");
        }
        h.append("<dt>contexts</dt><dd><ol>");
        r.contexts().forEach(c -> h.append("<li>").append(Html.esc(c)).append("</li>"));
        h.append("</ol></dd></dl>\n");
        items(h, kind, items);
    }

    /** The opening of a cell's section: what the page's script sends with the label, and how it was drawn. */
    private static void opening(
            StringBuilder h,
            String metric,
            String retriever,
            String question,
            String passage,
            LabelKind kind,
            String meta) {
        h.append("<section class=\"cell\" id=\"cell\" data-metric=\"")
                .append(Html.esc(metric))
                .append("\" data-retriever=\"")
                .append(Html.esc(retriever))
                .append("\" data-question=\"")
                .append(Html.esc(question))
                .append("\" data-passage=\"")
                .append(Html.esc(passage))
                .append("\" data-top=\"")
                .append(kind.scale().top())
                .append("\">\n<p class=\"meta\">")
                .append(Html.esc(meta))
                .append("</p>\n");
    }

    /** The question asked of the items, the items, the keys, and the end of the cell's section. */
    private static void items(StringBuilder h, LabelKind kind, List<String> items) {
        h.append("<h2>").append(Html.esc(kind.ask())).append("</h2>\n<ol class=\"items\" id=\"items\">");
        for (String item : items) {
            h.append("<li>").append(Html.esc(item)).append("</li>");
        }
        h.append("</ol>\n<p class=\"keys\">")
                .append(
                        kind.scale() == LabelKind.Scale.YES_NO
                                ? "<kbd>y</kbd> yes, <kbd>n</kbd> no"
                                : "<kbd>0</kbd>–<kbd>" + kind.scale().top() + "</kbd> grade")
                .append(" for the marked item; <kbd>u</kbd> undoes the last answer (or reopens the last cell);")
                .append(" the label is saved when every item has its answer.</p>\n<p id=\"status\"></p></section>\n");
    }

    /**
     * Pooled passages to grade for judged relevance: the facade's uniform draw of the passages the
     * judge graded, one at a time with the question, graded 0–3 as the judge graded it.
     */
    private static void passages(StringBuilder h, WorkspaceView view, String question, String passage) {
        Labels labels = view.labels();
        Set<String> done = labels.gradedPassages();
        List<PassageLabelRequest> drawn = view.drawPassages(done.size() + AHEAD);
        Optional<PassageLabelRequest> next = drawn.stream()
                .filter(r -> r.queryId().equals(question) && r.passage().equals(passage))
                .findFirst()
                .or(() -> drawn.stream()
                        .filter(r -> !done.contains(r.queryId() + "\t" + r.passage()))
                        .findFirst());
        progress(h, labels, done.size(), "pooled passages graded");
        if (next.isEmpty()) {
            h.append("<p class=\"empty\" id=\"all-labelled\">Every pooled passage the judge graded is graded.</p>");
        } else {
            PassageLabelRequest r = next.get();
            opening(
                    h,
                    PassageLabel.METRIC,
                    "",
                    r.queryId(),
                    r.passage(),
                    LabelKind.RELEVANCE,
                    String.format(
                            Locale.ROOT,
                            "Drawn uniformly: place %d of the %d passages the judge graded (seed %d), question %s,"
                                    + " passage %s.",
                            r.draw().position(),
                            r.draw().population(),
                            r.draw().seed(),
                            r.queryId(),
                            r.passage()));
            h.append("<dl><dt>question</dt><dd>").append(Html.esc(r.question())).append("</dd></dl>\n");
            items(h, LabelKind.RELEVANCE, List.of(r.text()));
        }
        h.append("<section class=\"agreement\" id=\"agreement\"><h2>Judge and people</h2><p>")
                .append(done.size())
                .append(" grades given. The next <code>raglens benchmark --relevance judged</code> compares them")
                .append(" with the judge's: weighted kappa, and each retriever's precision corrected by the drawn")
                .append(" grades once ")
                .append(Calibration.MIN_DRAWN_LABELS)
                .append(" are given.</p></section>\n");
    }

    /** Why the labels file could not be read, if it could not, and how many labels are given. */
    private static void progress(StringBuilder h, Labels labels, int done, String what) {
        labels.problem()
                .ifPresent(p ->
                        h.append("<p class=\"warning\">").append(Html.esc(p)).append("</p>\n"));
        h.append("<p id=\"progress\" data-labelled=\"")
                .append(done)
                .append("\">")
                .append(done)
                .append(' ')
                .append(Html.esc(what))
                .append(" so far.</p>\n");
    }

    private static void agreement(StringBuilder h, WorkspaceView view, String metric) {
        h.append("<section class=\"agreement\" id=\"agreement\"><h2>Judge and people</h2>");
        Optional<Calibration> calibration = view.calibration();
        Optional<Calibration.MetricCalibration> m = calibration.flatMap(
                c -> c.metrics().stream().filter(x -> x.metric().equals(metric)).findFirst());
        if (m.isEmpty() || m.get().agreement().cells() == 0) {
            h.append("<p>No labels of ").append(Html.esc(metric)).append(" yet.</p></section>\n");
            return;
        }
        h.append("<ul>");
        m.get()
                .describe()
                .forEach(line -> h.append("<li>").append(Html.esc(line)).append("</li>"));
        h.append("</ul>");
        if (!m.get().byRetriever().isEmpty()) {
            h.append(
                            "<table id=\"estimates\"><thead><tr><th>system</th><th>judge alone</th><th>corrected by the labels")
                    .append(" (95% interval)</th><th>labels</th></tr></thead><tbody>");
            for (Map.Entry<String, Calibration.PredictionPoweredMean> e :
                    m.get().byRetriever().entrySet()) {
                Calibration.PredictionPoweredMean p = e.getValue();
                h.append("<tr><td>")
                        .append(Html.esc(e.getKey()))
                        .append("</td><td>")
                        .append(Html.num(p.judgeMean()))
                        .append("</td><td>")
                        .append(Html.num(p.estimate()))
                        .append(" <span class=\"ci\">[")
                        .append(Html.num(p.lower()))
                        .append(", ")
                        .append(Html.num(p.upper()))
                        .append("]</span></td><td>")
                        .append(p.labelled())
                        .append("</td></tr>");
            }
            h.append("</tbody></table>");
        }
        h.append("</section>\n");
    }
}
