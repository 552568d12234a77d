package io.github.raglens.facade.internal;

import io.github.raglens.result.AnswerSummary;
import io.github.raglens.result.IngestReport;
import io.github.raglens.result.StyleAndOverlap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything a report shows, as plain values: built by the pipeline from the workspace's files and
 * rendered by {@link HtmlReport} and {@link MarkdownReport}.
 *
 * @param title the report's heading
 * @param generatedAt when the report was made, as text (ISO-8601)
 * @param corpus size of the corpus
 * @param relevance the relevance mode of the retrieval benchmark ({@code chunk}, {@code section},
 *     {@code evidence})
 * @param retrievers one row per retriever with its metrics
 * @param pairTests paired significance tests between retrievers
 * @param judge judge metrics per retriever; empty when no evaluation ran
 * @param answers per system of the last evaluation, what answered and how many answers were reused
 *     from earlier runs or had anew; empty when no evaluation ran or it did not record them
 * @param usage tokens and cost per model; empty when no LLM was called
 * @param breakdowns a metric split by chunk type and by document
 * @param questions the per-question drill-down
 * @param latencyTiming what the latency columns measured, e.g. {@code "warm (50 untimed queries
 *     first), one query at a time"}
 * @param judgeAgreement per metric, the agreement of the judge and a second judge on the same cells;
 *     empty when no second judge scored them
 * @param judgeDisagreements the cells where the two judges disagree most, largest gap first
 * @param calibration the judge against human labels, in sentences per metric ({@link
 *     io.github.raglens.result.Calibration.MetricCalibration#describe()}); empty without labels
 * @param warnings what the benchmark says the reader should know: questions left out, contexts whose
 *     lengths differ widely, cutoffs beyond the corpus
 * @param lengthFair the evidence comparison with every retriever read as much text per rank, when the
 *     benchmark made it
 * @param judged every retriever measured on the judge's grades of the pooled passages, under judged
 *     relevance
 * @param styleAndOverlap every metric per question style and overlap band, with the sentence on
 *     whether the retrievers' order changes between the bands; {@link StyleAndOverlap#none()} when the
 *     benchmark made none
 */
public record ReportModel(
        String title,
        String generatedAt,
        Corpus corpus,
        String relevance,
        List<RetrieverRow> retrievers,
        List<PairTest> pairTests,
        List<JudgeRow> judge,
        List<AnswerSummary.SystemAnswers> answers,
        List<UsageRow> usage,
        List<BreakdownRow> breakdowns,
        List<QuestionRow> questions,
        String latencyTiming,
        List<AgreementRow> judgeAgreement,
        List<DisagreementRow> judgeDisagreements,
        List<List<String>> calibration,
        List<String> warnings,
        LengthFairTable lengthFair,
        JudgedTable judged,
        StyleAndOverlap styleAndOverlap) {

    /** Validates and copies. */
    public ReportModel {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(generatedAt, "generatedAt");
        Objects.requireNonNull(corpus, "corpus");
        Objects.requireNonNull(relevance, "relevance");
        Objects.requireNonNull(latencyTiming, "latencyTiming");
        retrievers = List.copyOf(retrievers);
        pairTests = List.copyOf(pairTests);
        judge = List.copyOf(judge);
        answers = List.copyOf(answers);
        usage = List.copyOf(usage);
        breakdowns = List.copyOf(breakdowns);
        questions = List.copyOf(questions);
        judgeAgreement = List.copyOf(judgeAgreement);
        judgeDisagreements = List.copyOf(judgeDisagreements);
        calibration = calibration.stream().map(List::copyOf).toList();
        warnings = List.copyOf(warnings);
        Objects.requireNonNull(lengthFair, "lengthFair");
        Objects.requireNonNull(judged, "judged");
        Objects.requireNonNull(styleAndOverlap, "styleAndOverlap");
    }

    /**
     * This report with the length-fair comparison's rows and tests in place of the default ones, so
     * both tables are rendered alike.
     */
    ReportModel lengthFairView() {
        return withTable(lengthFair.retrievers(), lengthFair.pairTests());
    }

    /** This report with the judged table's rows and tests in place of the default ones. */
    ReportModel judgedView() {
        return withTable(judged.retrievers(), judged.pairTests());
    }

    private ReportModel withTable(List<RetrieverRow> rows, List<PairTest> tests) {
        return new ReportModel(
                title,
                generatedAt,
                corpus,
                relevance,
                rows,
                tests,
                judge,
                answers,
                usage,
                breakdowns,
                questions,
                latencyTiming,
                judgeAgreement,
                judgeDisagreements,
                calibration,
                warnings,
                LengthFairTable.none(),
                JudgedTable.none(),
                StyleAndOverlap.none());
    }

    /**
     * Every retriever measured on the judge's grades of the pooled passages, beside the evidence table.
     *
     * @param pool what the pool held and how it was graded, one sentence; empty when not judged
     * @param retrievers one row per retriever, as in the default table
     * @param pairTests its paired tests, Holm-adjusted among themselves
     * @param summary what judged relevance changes, one sentence a line ({@code
     *     BenchmarkResult.judgedSummary()} without its first line, the pool's)
     */
    record JudgedTable(String pool, List<RetrieverRow> retrievers, List<PairTest> pairTests, List<String> summary) {

        /** Copies the lists. */
        JudgedTable {
            Objects.requireNonNull(pool, "pool");
            retrievers = List.copyOf(retrievers);
            pairTests = List.copyOf(pairTests);
            summary = List.copyOf(summary);
        }

        /** No judged relevance. */
        static JudgedTable none() {
            return new JudgedTable("", List.of(), List.of(), List.of());
        }

        /** Whether the benchmark was judged. */
        boolean made() {
            return !pool.isEmpty();
        }
    }

    /**
     * Evidence relevance with every retriever read the same number of characters per rank: its
     * contexts read in rank order as one text cut into ranks of {@code chars} characters.
     *
     * @param chars characters per rank; 0 when the benchmark did not make the comparison
     * @param reason why it was made: asked for, or the mean context lengths
     * @param retrievers one row per retriever, as in the default table
     * @param pairTests its paired tests, Holm-adjusted among themselves
     */
    public record LengthFairTable(int chars, String reason, List<RetrieverRow> retrievers, List<PairTest> pairTests) {

        /** Copies the lists. */
        public LengthFairTable {
            Objects.requireNonNull(reason, "reason");
            retrievers = List.copyOf(retrievers);
            pairTests = List.copyOf(pairTests);
        }

        /** No length-fair comparison. */
        static LengthFairTable none() {
            return new LengthFairTable(0, "", List.of(), List.of());
        }

        /** Whether the benchmark made the comparison. */
        boolean made() {
            return chars > 0;
        }
    }

    /**
     * Size of the corpus.
     *
     * @param documents documents parsed
     * @param failedDocuments documents that could not be parsed
     * @param chunksByType chunk counts by chunk type
     * @param questions usable questions
     * @param questionSelection what was usable and what was left out, e.g. {@code "18 of 25 questions
     *     usable; excluded: 7 whose evidence occurs in no chunk of the corpus"}
     * @param ingest what the last ingest saw in each file ({@code ingest-report.json}); empty without one
     */
    public record Corpus(
            int documents,
            int failedDocuments,
            Map<String, Integer> chunksByType,
            int questions,
            String questionSelection,
            IngestReport ingest) {
        /** Copies the map. */
        public Corpus {
            chunksByType = Map.copyOf(chunksByType);
            Objects.requireNonNull(questionSelection, "questionSelection");
            Objects.requireNonNull(ingest, "ingest");
        }
    }

    /**
     * A metric's mean with its 95% confidence interval.
     *
     * @param mean the mean over questions
     * @param low lower end of the 95% CI
     * @param high upper end of the 95% CI
     * @param n the number of questions
     * @param holds whether the interval's method holds its 95% at this many questions (the BCa
     *     bootstrap of graded metrics needs {@value io.github.raglens.result.IntervalMethod#BCA_MINIMUM})
     */
    public record Estimate(double mean, double low, double high, int n, boolean holds) {}

    /**
     * One retriever's results.
     *
     * @param name the retriever's name
     * @param metrics metric name (e.g. {@code hit@5}, {@code mrr@10}) → estimate, in display order
     * @param hitAtK K → hit rate, for the Hit@K curve
     * @param latencyMillis percentile name ({@code p50}, {@code p95}, {@code p99}) → milliseconds
     * @param origin for a user's retriever, its URL or class; empty for a built-in one
     * @param meanContextChars mean length of one returned context, 0 when unknown
     * @param failedQueries queries whose call failed (counted as returning nothing)
     */
    public record RetrieverRow(
            String name,
            Map<String, Estimate> metrics,
            Map<Integer, Double> hitAtK,
            Map<String, Double> latencyMillis,
            String origin,
            double meanContextChars,
            int failedQueries) {
        /** Copies the maps, keeping their order. */
        public RetrieverRow {
            Objects.requireNonNull(name, "name");
            metrics = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metrics));
            hitAtK = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(hitAtK));
            latencyMillis = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(latencyMillis));
            origin = Objects.requireNonNullElse(origin, "");
        }

        /** A built-in retriever's row without context length or failures. */
        public RetrieverRow(
                String name,
                Map<String, Estimate> metrics,
                Map<Integer, Double> hitAtK,
                Map<String, Double> latencyMillis) {
            this(name, metrics, hitAtK, latencyMillis, "", 0, 0);
        }

        /**
         * What the report says under the name: {@code external · URL · }, then the mean context
         * length and, when any, the failed queries; empty when nothing is known.
         */
        public String note() {
            StringBuilder sb = new StringBuilder();
            if (!origin.isEmpty()) {
                sb.append("external · ").append(origin);
            }
            if (meanContextChars > 0) {
                sb.append(sb.isEmpty() ? "" : " · ")
                        .append(String.format(java.util.Locale.ROOT, "context %.0f chars", meanContextChars));
            }
            if (failedQueries > 0) {
                sb.append(sb.isEmpty() ? "" : " · ").append(failedQueries).append(" failed queries");
            }
            return sb.toString();
        }
    }

    /**
     * A paired randomization test of one metric between two retrievers.
     *
     * @param a first retriever
     * @param b second retriever
     * @param metric the metric compared
     * @param meanDifference mean of a minus b
     * @param pValue two-sided p-value of this test alone
     * @param adjustedPValue the p-value Holm-adjusted across every test of the table
     * @param significant whether the statistics found the difference significant after the
     *     correction, the decision the report shows
     * @param minDetectableEffect the smallest true difference the Holm-corrected test finds in 80% of
     *     runs; null when not estimable
     */
    public record PairTest(
            String a,
            String b,
            String metric,
            double meanDifference,
            double pValue,
            double adjustedPValue,
            boolean significant,
            Double minDetectableEffect) {}

    /**
     * A judge metric for one retriever, over the questions every compared retriever scored.
     *
     * @param retriever the retriever
     * @param metric the metric, e.g. {@code faithfulness}
     * @param estimate mean with CI
     * @param scored cells scored
     * @param attempted cells attempted
     */
    public record JudgeRow(String retriever, String metric, Estimate estimate, int scored, int attempted) {}

    /**
     * How well two judge models agree on one metric's cells.
     *
     * @param metric the metric
     * @param judgeA the judge
     * @param judgeB the second judge
     * @param cells cells both scored
     * @param spearman Spearman's rho of their scores; null when undefined (fewer than two cells, or a
     *     judge gave every cell the same score)
     * @param kappa Cohen's kappa of their pass/fail verdicts (score at least 0.5 passes); null
     *     without cells
     */
    public record AgreementRow(String metric, String judgeA, String judgeB, int cells, Double spearman, Double kappa) {}

    /**
     * A cell the two judges scored far apart.
     *
     * @param metric the metric
     * @param retriever the retriever
     * @param questionId the question
     * @param scoreA the judge's score
     * @param scoreB the second judge's score
     */
    public record DisagreementRow(String metric, String retriever, String questionId, double scoreA, double scoreB) {}

    /**
     * Tokens and cost of one model in one stage.
     *
     * @param stage e.g. {@code questions}, {@code answers}, {@code judge}
     * @param model the model
     * @param calls calls made
     * @param promptTokens input tokens
     * @param completionTokens output tokens
     * @param costUsd cost in US dollars
     */
    public record UsageRow(
            String stage, String model, long calls, long promptTokens, long completionTokens, double costUsd) {}

    /**
     * A metric within one group of questions.
     *
     * @param dimension {@code chunk type} or {@code document}
     * @param group the group's value
     * @param retriever the retriever
     * @param metric the metric
     * @param value the metric's mean in the group
     * @param n questions in the group
     */
    public record BreakdownRow(String dimension, String group, String retriever, String metric, double value, int n) {}

    /**
     * One question and what every retriever did with it.
     *
     * @param id question id
     * @param question the question
     * @param evidence the evidence quote; a multi-hop question's two joined by an ellipsis
     * @param expectedChunkId the ids of the question's relevant targets, comma-separated: the chunk it was
     *     made from, its section or its evidence, and a multi-hop question's second
     * @param document the source document
     * @param results retriever → its ranked hits
     * @param verdicts judge results for this question
     */
    public record QuestionRow(
            String id,
            String question,
            String evidence,
            String expectedChunkId,
            String document,
            Map<String, List<Hit>> results,
            List<Verdict> verdicts) {
        /** Copies. */
        public QuestionRow {
            results = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(results));
            verdicts = List.copyOf(verdicts);
        }
    }

    /**
     * One retrieved chunk in the drill-down.
     *
     * @param rank 1-based rank
     * @param chunkId the chunk
     * @param sectionPath where it is
     * @param snippet the start of its text
     * @param relevant whether it counts as relevant
     */
    public record Hit(int rank, String chunkId, String sectionPath, String snippet, boolean relevant) {}

    /**
     * One judge result in the drill-down.
     *
     * @param retriever the retriever
     * @param metric the metric
     * @param status {@code scored} or {@code failed}
     * @param score the score, NaN when failed
     * @param reason the judge's reasons or the failure's
     */
    public record Verdict(String retriever, String metric, String status, double score, String reason) {}
}
