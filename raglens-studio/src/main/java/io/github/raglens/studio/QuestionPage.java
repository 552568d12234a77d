package io.github.raglens.studio;

import io.github.raglens.EvidenceMatch;
import io.github.raglens.JudgedCell;
import io.github.raglens.RunRecord;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.BenchmarkResult.QuestionResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One question: its text, reference answer and evidence; each retriever's ranking in a run with the
 * evidence highlighted and the relevant hits marked; each system's answer with the judge's verdicts.
 */
final class QuestionPage {

    /** Questions listed when none is chosen. */
    static final int LISTED = 500;

    private QuestionPage() {}

    static String body(WorkspaceView view, String id, String runId) {
        StringBuilder h = new StringBuilder();
        Map<String, QuestionSample> questions = view.questions();
        if (questions.isEmpty()) {
            h.append("<p class=\"empty\">No questions in this workspace yet; run <code>raglens questions</code>")
                    .append(" (see <a href=\"/\">Runs</a>).</p>");
            return h.toString();
        }
        QuestionSample q = id == null ? null : questions.get(id);
        if (q == null) {
            list(h, questions, id);
            return h.toString();
        }
        h.append("<section class=\"question\" id=\"question\" data-question=\"")
                .append(Html.esc(q.id()))
                .append("\"><p class=\"q\">")
                .append(Html.esc(q.question()))
                .append("</p><dl><dt>reference answer</dt><dd id=\"reference\">")
                .append(Html.esc(q.referenceAnswer()))
                .append("</dd><dt>evidence</dt><dd id=\"evidence\">")
                .append(
                        q.evidenceQuotes().isEmpty()
                                ? "<em>none</em>"
                                : String.join(
                                        " ",
                                        q.evidenceQuotes().stream()
                                                .map(quote -> "<mark>" + Html.esc(quote) + "</mark>")
                                                .toList()))
                .append("</dd></dl></section>\n");
        rankings(h, view, q, runId);
        answers(h, view.cellsByQuestion().getOrDefault(q.id(), List.of()));
        return h.toString();
    }

    private static void list(StringBuilder h, Map<String, QuestionSample> questions, String unknown) {
        if (unknown != null && !unknown.isBlank()) {
            h.append("<p class=\"warning\">No question '")
                    .append(Html.esc(unknown))
                    .append("' in this workspace.</p>");
        }
        h.append("<p>")
                .append(questions.size())
                .append(" questions; choose one")
                .append(questions.size() > LISTED ? " (the first " + LISTED + " are listed; open any by its id)" : "")
                .append(".</p><form method=\"get\" action=\"/question\" class=\"pick\"><label>id <input name=\"id\">")
                .append("</label> <button type=\"submit\">open</button></form><ol id=\"question-list\">");
        questions.values().stream()
                .limit(LISTED)
                .forEach(q -> h.append("<li><a href=\"/question?id=")
                        .append(Html.query(q.id()))
                        .append("\">")
                        .append(Html.esc(q.id()))
                        .append("</a> ")
                        .append(Html.esc(q.question()))
                        .append("</li>"));
        h.append("</ol>");
    }

    private static void rankings(StringBuilder h, WorkspaceView view, QuestionSample q, String runId) {
        Optional<RunRecord> run = runId == null
                ? view.latestBenchmark()
                : view.runs().run(runId).filter(r -> r.files().containsKey(RunRecord.BENCHMARK_FILE));
        h.append("<h2>Rankings</h2>\n");
        Optional<BenchmarkResult> report = run.flatMap(view::benchmark);
        if (report.isEmpty()) {
            h.append("<p class=\"empty\">No benchmark run to show rankings from.</p>");
            return;
        }
        List<QuestionResult> results = report.get().perQuestion().stream()
                .filter(r -> r.questionId().equals(q.id()))
                .toList();
        h.append("<p>From run ")
                .append(Html.esc(run.get().id()))
                .append(", relevance <code>")
                .append(Html.esc(report.get().relevance()))
                .append("</code>; the evidence is highlighted, the relevant hits marked.</p>\n");
        if (results.isEmpty()) {
            h.append("<p class=\"empty\">That run did not benchmark this question.</p>");
            return;
        }
        Map<String, Chunk> chunks = view.chunks();
        h.append("<div class=\"rankings\">");
        for (QuestionResult r : results) {
            h.append("<section class=\"ranking\" data-retriever=\"")
                    .append(Html.esc(r.retriever()))
                    .append("\"><h3>")
                    .append(Html.esc(r.retriever()))
                    .append(" <span class=\"found\">")
                    .append(r.firstRelevantRank() > 0 ? "relevant at rank " + r.firstRelevantRank() : "no relevant hit")
                    .append("</span></h3><ol>");
            for (int i = 0; i < r.ranking().size(); i++) {
                String hitId = r.ranking().get(i);
                boolean relevant = r.isTarget(hitId);
                String text = relevant ? targetText(hitId, q, chunks) : text(chunks.get(hitId));
                h.append("<li class=\"hit")
                        .append(relevant ? " relevant" : "")
                        .append("\"><span class=\"id\">")
                        .append(Html.esc(relevant ? "relevant" : hitId))
                        .append("</span> ")
                        .append(highlight(text, q.evidenceQuotes()))
                        .append("</li>");
            }
            h.append("</ol></section>");
        }
        h.append("</div>\n");
    }

    private static String text(Chunk c) {
        return c == null ? "(not in chunks.jsonl)" : c.text();
    }

    /**
     * The text of a relevant hit, which the benchmark records by its target: the source chunk (or a
     * multi-hop question's second), a chunk of the target section, or a chunk holding the target's
     * quote (a multi-hop question's second quote for {@code evidence2:}).
     */
    static String targetText(String target, QuestionSample q, Map<String, Chunk> chunks) {
        if (chunks.containsKey(target)) {
            return chunks.get(target).text();
        }
        String section = target.startsWith("section:") ? target.substring("section:".length()) : null;
        List<String> quotes = target.startsWith("evidence2:")
                ? List.of(q.secondEvidence())
                : target.startsWith("evidence:") && !q.evidence().isEmpty()
                        ? List.of(q.evidence())
                        : q.evidenceQuotes();
        Chunk fallback = null;
        for (Chunk c : chunks.values()) {
            boolean inSection = section == null || c.sectionId().equals(section);
            if (inSection && quotes.stream().anyMatch(quote -> EvidenceMatch.occursIn(quote, c.text()))) {
                return c.text();
            }
            if (inSection && section != null && fallback == null) {
                fallback = c;
            }
        }
        return fallback != null ? fallback.text() : "(the relevant passage)";
    }

    private static void answers(StringBuilder h, List<JudgedCell> cells) {
        h.append("<h2>Answers</h2>\n");
        if (cells.isEmpty()) {
            h.append("<p class=\"empty\">No system answered this question; run <code>raglens evaluate</code>.</p>");
            return;
        }
        for (JudgedCell c : cells) {
            h.append("<section class=\"answer\" data-system=\"")
                    .append(Html.esc(c.system()))
                    .append("\"><h3>")
                    .append(Html.esc(c.system()))
                    .append("</h3><p class=\"a\">")
                    .append(Html.esc(c.answer()))
                    .append("</p><details><summary>")
                    .append(c.contexts().size())
                    .append(" contexts</summary><ol>");
            c.contexts().forEach(t -> h.append("<li>").append(Html.esc(t)).append("</li>"));
            h.append("</ol></details><table class=\"verdicts\"><tbody>");
            for (JudgedCell.Verdict v : c.verdicts()) {
                h.append("<tr><td>")
                        .append(Html.esc(v.metric()))
                        .append("</td><td>")
                        .append(v.scored() ? Html.num(v.score()) : "failed: " + Html.esc(v.reason()))
                        .append("</td><td><pre>")
                        .append(Html.esc(v.detail()))
                        .append("</pre></td></tr>");
            }
            h.append("</tbody></table></section>\n");
        }
    }

    /**
     * The text escaped, each occurrence of any of the evidence quotes (both of a multi-hop question's)
     * wrapped in {@code <mark>}: found as evidence relevance finds it, so the page marks what the
     * benchmark counted. Where two quotes' stretches overlap, the earlier is marked.
     */
    static String highlight(String text, List<String> quotes) {
        List<EvidenceMatch.Span> spans = new ArrayList<>();
        quotes.forEach(quote -> spans.addAll(EvidenceMatch.find(quote, text)));
        spans.sort(java.util.Comparator.comparingInt(EvidenceMatch.Span::start));
        StringBuilder out = new StringBuilder();
        int last = 0;
        for (EvidenceMatch.Span span : spans) {
            if (span.start() < last) {
                continue;
            }
            out.append(Html.esc(text.substring(last, span.start())))
                    .append("<mark>")
                    .append(Html.esc(text.substring(span.start(), span.end())))
                    .append("</mark>");
            last = span.end();
        }
        return out.append(Html.esc(text.substring(last))).toString();
    }
}
