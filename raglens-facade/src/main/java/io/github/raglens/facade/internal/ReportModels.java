package io.github.raglens.facade.internal;

import io.github.raglens.model.Chunk;
import io.github.raglens.result.Aggregation;
import io.github.raglens.result.AnswerSummary;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.BenchmarkResult.Breakdown;
import io.github.raglens.result.BenchmarkResult.LengthFair;
import io.github.raglens.result.BenchmarkResult.PairwiseComparison;
import io.github.raglens.result.BenchmarkResult.QuestionResult;
import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import io.github.raglens.result.Calibration;
import io.github.raglens.result.IngestReport;
import io.github.raglens.result.MetricSummary;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Turns the benchmark's results and the corpus into the plain values a report shows. */
public final class ReportModels {

    /** Questions shown in the drill-down at most, so the page stays light on big runs. */
    static final int MAX_DRILL_DOWN = 300;

    private ReportModels() {}

    static ReportModel from(
            String title,
            BenchmarkResult b,
            List<Chunk> chunks,
            Map<String, String> evidenceById,
            IngestReport ingest,
            Aggregation evaluation,
            List<AnswerSummary.SystemAnswers> answers,
            List<ReportModel.UsageRow> usage,
            JudgeAgreementFile agreement,
            Optional<Calibration> calibration) {
        Map<String, Integer> byType = new TreeMap<>();
        chunks.forEach(c -> byType.merge(c.type().name(), 1, Integer::sum));
        int documents = (int) chunks.stream().map(Chunk::documentId).distinct().count();
        return new ReportModel(
                title,
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                new ReportModel.Corpus(
                        documents,
                        ingest.failed() + ingest.noText(),
                        byType,
                        b.questions(),
                        b.selection().describe(),
                        ingest),
                b.relevance(),
                b.retrievers().stream().map(r -> retrieverRow(r, b.ks())).toList(),
                b.comparisons().stream().map(ReportModels::pairTest).toList(),
                judgeRows(evaluation),
                answers,
                usage,
                breakdowns(b),
                drillDown(b, chunks, evidenceById),
                b.latencyTiming().describe(),
                agreement.agreement(),
                agreement.disagreements(),
                calibration
                        .map(c -> c.metrics().stream()
                                .map(Calibration.MetricCalibration::describe)
                                .toList())
                        .orElse(List.of()),
                b.warnings(),
                lengthFair(b),
                judged(b),
                b.styleAndOverlap());
    }

    private static ReportModel.JudgedTable judged(BenchmarkResult b) {
        if (!b.judged().made()) {
            return ReportModel.JudgedTable.none();
        }
        List<String> summary = b.judgedSummary();
        return new ReportModel.JudgedTable(
                summary.getFirst(),
                b.judged().retrievers().stream()
                        .map(r -> retrieverRow(r, b.ks()))
                        .toList(),
                b.judged().comparisons().stream().map(ReportModels::pairTest).toList(),
                summary.subList(1, summary.size()));
    }

    private static ReportModel.LengthFairTable lengthFair(BenchmarkResult b) {
        LengthFair fair = b.lengthFair();
        return new ReportModel.LengthFairTable(
                fair.chars(),
                fair.reason(),
                fair.retrievers().stream().map(r -> retrieverRow(r, b.ks())).toList(),
                fair.comparisons().stream().map(ReportModels::pairTest).toList());
    }

    private static ReportModel.RetrieverRow retrieverRow(RetrieverSummary r, List<Integer> ks) {
        int maxK = ks.stream().mapToInt(Integer::intValue).max().orElse(10);
        Map<String, ReportModel.Estimate> shown = new LinkedHashMap<>();
        Map<Integer, Double> hitAtK = new TreeMap<>();
        for (Map.Entry<String, MetricSummary> e : r.metrics().entrySet()) {
            String name = e.getKey();
            MetricSummary s = e.getValue();
            boolean headline = name.startsWith("hit@")
                    || name.equals("mrr@" + maxK)
                    || name.equals("ndcg@" + maxK)
                    || name.equals("recall@" + maxK)
                    || name.equals("map");
            if (headline) {
                shown.put(name, new ReportModel.Estimate(s.mean(), s.lower(), s.upper(), s.n(), s.holdsItsLevel()));
            }
            if (name.startsWith("hit@")) {
                hitAtK.put(Integer.parseInt(name.substring(4)), s.mean());
            }
        }
        Map<String, Double> latency = new LinkedHashMap<>();
        latency.put("p50", r.latency().p50Millis());
        latency.put("p95", r.latency().p95Millis());
        latency.put("p99", r.latency().p99Millis());
        return new ReportModel.RetrieverRow(
                r.retriever(), shown, hitAtK, latency, r.origin(), r.meanContextChars(), r.failedQueries());
    }

    /** What the answers table of a report shows. */
    static final String ANSWERS_NOTE = "Per system of the last evaluation: what answered (raglens's answering model,"
            + " or the version your system declares), the answers of earlier runs reused because nothing that"
            + " made them changed, and the answers had anew.";

    /** Judge metrics per retriever, over the questions every retriever scored; coverage beside. */
    static List<ReportModel.JudgeRow> judgeRows(Aggregation evaluation) {
        List<ReportModel.JudgeRow> rows = new ArrayList<>();
        for (Aggregation.MetricSummary m : evaluation.metrics()) {
            for (Aggregation.RetrieverSummary r : m.retrievers()) {
                r.interval()
                        .ifPresent(ci -> rows.add(new ReportModel.JudgeRow(
                                r.retriever(),
                                m.metric(),
                                new ReportModel.Estimate(ci.mean(), ci.lower(), ci.upper(), ci.n(), ci.holdsItsLevel()),
                                r.scored(),
                                r.attempted())));
            }
        }
        return rows;
    }

    private static ReportModel.PairTest pairTest(PairwiseComparison c) {
        return new ReportModel.PairTest(
                c.a(),
                c.b(),
                c.metric(),
                c.meanDifference(),
                c.pValue(),
                c.adjustedPValue(),
                c.significant(),
                c.minDetectableEffect().isPresent() ? c.minDetectableEffect().getAsDouble() : null);
    }

    /** One headline metric per group (hit@5, or the first hit@K when 5 is not measured). */
    private static List<ReportModel.BreakdownRow> breakdowns(BenchmarkResult b) {
        String metric = b.ks().contains(5) ? "hit@5" : "hit@" + b.ks().get(0);
        List<ReportModel.BreakdownRow> rows = new ArrayList<>();
        for (Breakdown d : b.breakdowns()) {
            Double value = d.means().get(metric);
            if (value != null) {
                rows.add(new ReportModel.BreakdownRow(d.by(), d.group(), d.retriever(), metric, value, d.n()));
            }
        }
        return rows;
    }

    private static List<ReportModel.QuestionRow> drillDown(
            BenchmarkResult b, List<Chunk> chunks, Map<String, String> evidenceById) {
        Map<String, Chunk> byId = new HashMap<>();
        chunks.forEach(c -> byId.put(c.id(), c));
        Map<String, List<QuestionResult>> byQuestion = new LinkedHashMap<>();
        for (QuestionResult r : b.perQuestion()) {
            byQuestion.computeIfAbsent(r.queryId(), k -> new ArrayList<>()).add(r);
        }
        List<ReportModel.QuestionRow> rows = new ArrayList<>();
        for (List<QuestionResult> results : byQuestion.values()) {
            if (rows.size() == MAX_DRILL_DOWN) {
                break;
            }
            QuestionResult first = results.get(0);
            Map<String, List<ReportModel.Hit>> hits = new LinkedHashMap<>();
            for (QuestionResult r : results) {
                List<ReportModel.Hit> list = new ArrayList<>();
                for (int i = 0; i < r.ranking().size(); i++) {
                    String id = r.ranking().get(i);
                    boolean relevant = r.isTarget(id);
                    Chunk c = byId.get(id);
                    // a user's retriever names no chunk of ours, and the relevant hit carries the target's id:
                    // their texts were recorded with the results
                    String text = c != null ? c.text() : r.text(i);
                    list.add(new ReportModel.Hit(
                            i + 1,
                            id,
                            c == null ? "" : c.sectionPath(),
                            text.isEmpty() && relevant ? "(a relevant target)" : text,
                            relevant));
                }
                hits.put(r.retriever(), list);
            }
            rows.add(new ReportModel.QuestionRow(
                    first.questionId(),
                    first.question(),
                    evidenceById.getOrDefault(first.questionId(), ""),
                    String.join(", ", first.targets()),
                    first.documentId(),
                    hits,
                    List.of()));
        }
        return rows;
    }
}
