package io.github.raglens.facade.internal;

import io.github.raglens.result.AnswerSummary;
import io.github.raglens.result.IngestReport;
import io.github.raglens.result.StyleAndOverlap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A small report model for tests, with hostile text where corpus text goes. */
final class ReportFixtures {

    static final String SCRIPT = "<script>document.documentElement.setAttribute('data-pwned','script')</script>";
    static final String IMG = "<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','img')\">";

    private ReportFixtures() {}

    static ReportModel model() {
        return model(
                retrievers(),
                List.of(new ReportModel.PairTest("bm25", "dense", "hit@5", 0.2, 0.01, 0.03, true, 0.15)),
                List.of());
    }

    /** The fixture's report with other retriever rows and paired tests. */
    static ReportModel withRetrieval(List<ReportModel.RetrieverRow> retrievers, List<ReportModel.PairTest> pairTests) {
        return model(retrievers, pairTests, List.of());
    }

    /** The fixture's report with the judge calibrated against human labels, in sentences per metric. */
    static ReportModel withCalibration(List<List<String>> calibration) {
        ReportModel m = model();
        return model(m.retrievers(), m.pairTests(), calibration);
    }

    /** The fixture's two retriever rows: bm25 ahead of dense. */
    static List<ReportModel.RetrieverRow> retrievers() {
        Map<String, ReportModel.Estimate> bm25 = new LinkedHashMap<>();
        bm25.put("hit@5", new ReportModel.Estimate(0.8, 0.7, 0.9, 28, true));
        bm25.put("mrr@10", new ReportModel.Estimate(0.6, 0.5, 0.7, 28, true));
        Map<String, ReportModel.Estimate> dense = new LinkedHashMap<>();
        dense.put("hit@5", new ReportModel.Estimate(0.6, 0.45, 0.72, 28, true));
        dense.put("mrr@10", new ReportModel.Estimate(0.5, 0.4, 0.6, 28, true));
        ReportModel.RetrieverRow a = new ReportModel.RetrieverRow(
                "bm25", bm25, Map.of(1, 0.5, 3, 0.7, 5, 0.8, 10, 0.9), Map.of("p50", 0.2, "p95", 0.5, "p99", 0.9));
        ReportModel.RetrieverRow b = new ReportModel.RetrieverRow(
                "dense", dense, Map.of(1, 0.4, 3, 0.55, 5, 0.6, 10, 0.75), Map.of("p50", 0.4, "p95", 0.8, "p99", 1.1));
        return List.of(a, b);
    }

    private static ReportModel model(
            List<ReportModel.RetrieverRow> retrievers,
            List<ReportModel.PairTest> pairTests,
            List<List<String>> calibration) {
        ReportModel.QuestionRow q = new ReportModel.QuestionRow(
                "q-1",
                "What does " + SCRIPT + " do?",
                "evidence " + IMG,
                "chunk-1",
                "evil.md",
                Map.of("bm25", List.of(new ReportModel.Hit(1, "chunk-1", "evil > " + SCRIPT, "text " + IMG, true))),
                List.of(new ReportModel.Verdict("bm25", "faithfulness", "scored", 0.5, "statement " + SCRIPT)));
        return new ReportModel(
                "raglens report " + SCRIPT,
                "2026-12-02T12:00:00Z",
                new ReportModel.Corpus(
                        4,
                        0,
                        Map.of("PARENT_SECTION", 20, "TABLE_FRAGMENT", 3),
                        28,
                        "28 of 30 questions usable; excluded: 2 with ambiguous evidence (fewer than 6 words)",
                        IngestReport.of(
                                List.of(
                                        new IngestReport.Entry(
                                                "good.xlsx", "ok", "", 2, 2, 3, 6, 12, "xlsx", 0, 2, 812, false, ""),
                                        new IngestReport.Entry(
                                                "evil " + SCRIPT + ".pdf",
                                                "ok",
                                                "",
                                                3,
                                                1,
                                                0,
                                                4,
                                                30,
                                                "pdf",
                                                0,
                                                1,
                                                400,
                                                true,
                                                "text looks garbled " + IMG)),
                                List.of())),
                "evidence",
                retrievers,
                pairTests,
                List.of(new ReportModel.JudgeRow(
                        "bm25", "faithfulness", new ReportModel.Estimate(0.9, 0.8, 0.95, 20, true), 20, 21)),
                List.of(
                        new AnswerSummary.SystemAnswers("bm25", false, Optional.of("ollama/llama3.2"), 15, 6, 0),
                        new AnswerSummary.SystemAnswers("app " + SCRIPT, true, Optional.empty(), 0, 20, 1)),
                List.of(new ReportModel.UsageRow("judge", "ollama/llama3.2", 40, 12000, 3000, 0)),
                List.of(new ReportModel.BreakdownRow("document", "evil " + IMG, "bm25", "hit@5", 0.5, 4)),
                List.of(q),
                "warm (50 untimed queries first), one query at a time",
                List.of(),
                List.of(),
                calibration,
                List.of(),
                ReportModel.LengthFairTable.none(),
                ReportModel.JudgedTable.none(),
                StyleAndOverlap.none());
    }
}
