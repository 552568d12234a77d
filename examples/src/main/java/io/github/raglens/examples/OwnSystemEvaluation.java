package io.github.raglens.examples;

import io.github.raglens.JudgeMetrics;
import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.Judgement;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.RagAnswer;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.BenchmarkResult.PairwiseComparison;
import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import io.github.raglens.spi.Judge;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.RagSystem;
import java.util.List;
import java.util.Locale;

/**
 * What the framework examples share: the benchmark table of the application's retriever beside
 * bm25, and faithfulness judged on the application's own answers and the contexts it used.
 */
final class OwnSystemEvaluation {

    private OwnSystemEvaluation() {}

    /**
     * Prints hit@5 and mrr@10 with their 95% intervals for every retriever of the report, and the
     * paired tests between them.
     */
    static void printBenchmark(BenchmarkResult report) {
        System.out.println(report.questions() + " questions, relevance by " + report.relevance());
        for (RetrieverSummary s : report.retrievers()) {
            var hit = s.metrics().get("hit@5");
            System.out.printf(
                    Locale.ROOT,
                    "%-16s hit@5 %.3f [%.3f, %.3f]  mrr@10 %.3f%n",
                    s.retriever(),
                    hit.mean(),
                    hit.lower(),
                    hit.upper(),
                    s.metrics().get("mrr@10").mean());
        }
        for (PairwiseComparison c : report.comparisons()) {
            System.out.printf(
                    Locale.ROOT,
                    "%s vs %s on %s: difference %+.3f, p = %.3f%s%n",
                    c.a(),
                    c.b(),
                    c.metric(),
                    c.meanDifference(),
                    c.pValue(),
                    c.significant() ? " (significant)" : "");
        }
    }

    /**
     * Asks the system the first {@code n} questions and judges the faithfulness of each answer to
     * the contexts the system says it used.
     *
     * @return the mean faithfulness over the answers that could be judged
     */
    static double judgeFaithfulness(RagSystem system, LlmProvider judge, List<QuestionSample> questions, int n) {
        double sum = 0;
        int scored = 0;
        try (JudgeMetrics metrics = JudgeMetrics.builder(judge)
                .metrics(List.of(JudgeMetric.FAITHFULNESS))
                .concurrency(1)
                .build()) {
            Judge faithfulness = metrics.get(JudgeMetric.FAITHFULNESS);
            for (QuestionSample q : questions.subList(0, Math.min(n, questions.size()))) {
                RagAnswer answer = system.answer(q.question());
                Judgement judgement = faithfulness.judge(
                        new JudgeInput(q.question(), answer.answer(), answer.contextTexts(), q.referenceAnswer()));
                String shown = switch (judgement) {
                    case Judgement.Scored s -> {
                        sum += s.score();
                        scored++;
                        yield String.format(Locale.ROOT, "%.2f", s.score());
                    }
                    case Judgement.Failed f -> f.reason();
                };
                System.out.printf(
                        Locale.ROOT,
                        "%s  faithfulness %s  (%d contexts)  %s%n  answer: %s%n",
                        q.id(),
                        shown,
                        answer.contexts().size(),
                        q.question(),
                        answer.answer());
            }
        }
        return scored == 0 ? Double.NaN : sum / scored;
    }
}
