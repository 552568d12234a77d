package io.github.raglens.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.github.raglens.internal.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Everything a benchmark run measured; written as {@code benchmark.json}.
 *
 * @param relevance the relevance mode
 * @param ks the cutoffs
 * @param questions questions benchmarked
 * @param selection which questions were usable, and which were left out and why
 * @param corpusChunks chunks in the corpus
 * @param bootstrapResamples resamples behind each interval
 * @param permutations sign flips behind each p-value (raised above the runner's setting when the Holm family
 *     of the comparisons needs more to reach its threshold)
 * @param seed the seed of the intervals and tests
 * @param meanLexicalOverlap mean share of question terms present in the source text
 * @param warnings problems that did not stop the run
 * @param retrievers per retriever: metrics with intervals and latency
 * @param comparisons paired tests between every two retrievers on the headline metrics
 * @param breakdowns headline metrics by chunk type, by document and by lexical overlap
 * @param perQuestion every retriever's result for every question
 * @param phaseMillis wall time of each phase: {@code retrieval} (the retrievers' calls, warm-up included), {@code metrics}
 *     (relevance judging, every metric at every K, lexical overlap), {@code intervals}, {@code tests},
 *     {@code breakdowns}
 * @param latencyTiming how the latencies were taken (warm-up, queries at once)
 * @param lengthFair the evidence comparison with every retriever read the same number of characters
 *     per rank, when asked for or when the retrievers' contexts differ widely in length; {@link
 *     LengthFair#none()} otherwise
 * @param judged under judged relevance, every retriever measured on the judge's grades of the pooled
 *     passages beside the evidence table ({@code retrievers}, {@code comparisons}) on the same
 *     rankings; {@link Judged#none()} under the other relevances
 * @param styleAndOverlap every metric per question style and per lexical-overlap band, and whether
 *     the retrievers' order changes between the bands; {@link StyleAndOverlap#none()} in reports
 *     written before it existed
 */
public record BenchmarkResult(
        String relevance,
        List<Integer> ks,
        int questions,
        Selection selection,
        int corpusChunks,
        int bootstrapResamples,
        int permutations,
        long seed,
        double meanLexicalOverlap,
        List<String> warnings,
        List<RetrieverSummary> retrievers,
        List<PairwiseComparison> comparisons,
        List<Breakdown> breakdowns,
        List<QuestionResult> perQuestion,
        Map<String, Double> phaseMillis,
        LatencyTiming latencyTiming,
        LengthFair lengthFair,
        Judged judged,
        StyleAndOverlap styleAndOverlap) {

    /**
     * Copies the lists.
     *
     * @throws NullPointerException if {@code latencyTiming} or {@code selection} is null (a report
     *     from before it was recorded: run the benchmark again)
     */
    public BenchmarkResult {
        java.util.Objects.requireNonNull(latencyTiming, "latencyTiming");
        java.util.Objects.requireNonNull(selection, "selection");
        lengthFair = lengthFair == null ? LengthFair.none() : lengthFair;
        judged = judged == null ? Judged.none() : judged;
        styleAndOverlap = styleAndOverlap == null ? StyleAndOverlap.none() : styleAndOverlap;
        ks = List.copyOf(ks);
        warnings = List.copyOf(warnings);
        retrievers = List.copyOf(retrievers);
        comparisons = List.copyOf(comparisons);
        breakdowns = List.copyOf(breakdowns);
        perQuestion = List.copyOf(perQuestion);
        phaseMillis = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(phaseMillis));
    }

    /** The summary of the named retriever. */
    public RetrieverSummary retriever(String name) {
        return retrievers.stream()
                .filter(r -> r.retriever().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no retriever '" + name + "' in this report"));
    }

    /**
     * Writes the report as pretty-printed JSON.
     *
     * @throws UncheckedIOException if the file cannot be written
     */
    public void writeJson(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Json.prettyWriter().writeValue(file.toFile(), this);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Which questions a benchmark used. Under evidence relevance a question is used when its evidence
     * quote identifies its passage: it occurs in at least one chunk of the corpus, in at most {@code
     * evidenceMaxChunks}, and has at least {@code evidenceMinWords} words; questions whose quote is
     * ambiguous (too short, or in too many chunks) are left out unless kept on request. Under chunk
     * and section relevance a question is used while its source chunk exists.
     *
     * @param usable questions benchmarked, ambiguous ones kept included
     * @param ambiguousKept of those, questions whose evidence is ambiguous, kept on request
     * @param evidenceMinWords fewest words an evidence quote needed
     * @param evidenceMaxChunks most chunks an evidence quote could occur in
     * @param excluded every question left out, with its reason
     */
    public record Selection(
            int usable,
            int ambiguousKept,
            int evidenceMinWords,
            int evidenceMaxChunks,
            List<ExcludedQuestion> excluded) {

        /** Copies the list. */
        public Selection {
            excluded = List.copyOf(excluded == null ? List.of() : excluded);
        }

        /** How many questions were left out for each reason, in the order of {@link QuestionExclusion}. */
        @JsonProperty
        public Map<QuestionExclusion, Integer> excludedByReason() {
            Map<QuestionExclusion, Integer> counts = new EnumMap<>(QuestionExclusion.class);
            excluded.forEach(e -> counts.merge(e.reason(), 1, Integer::sum));
            return Collections.unmodifiableMap(counts);
        }

        /**
         * One sentence on what was used and what was left out, e.g. {@code "18 of 25 questions
         * usable; excluded: 4 whose evidence occurs in no chunk of the corpus, 3 with ambiguous
         * evidence (fewer than 6 words)"}.
         */
        public String describe() {
            int all = usable + excluded.size();
            StringBuilder s = new StringBuilder()
                    .append(usable)
                    .append(" of ")
                    .append(all)
                    .append(all == 1 ? " question" : " questions")
                    .append(" usable");
            if (ambiguousKept > 0) {
                s.append(" (").append(ambiguousKept).append(" with ambiguous evidence, kept on request)");
            }
            if (!excluded.isEmpty()) {
                s.append("; excluded: ");
                List<String> parts = new ArrayList<>();
                excludedByReason().forEach((reason, n) -> parts.add(n + " " + describe(reason)));
                s.append(String.join(", ", parts));
            }
            return s.toString();
        }

        private String describe(QuestionExclusion reason) {
            return switch (reason) {
                case EVIDENCE_TOO_SHORT -> "with ambiguous evidence (fewer than " + evidenceMinWords + " words)";
                case EVIDENCE_IN_MANY_CHUNKS ->
                    "with ambiguous evidence (in more than " + evidenceMaxChunks + " chunks)";
                default -> reason.description();
            };
        }
    }

    /**
     * Evidence relevance with every retriever given the same amount of text: the contexts are read in
     * rank order as one text cut into ranks of {@code chars} characters, and the evidence ranks where
     * its last character falls, so Hit@K means "within the first K × chars characters". A retriever
     * whose contexts are longer holds more text at each K of the default comparison and finds the
     * evidence more often by length alone; here it does not.
     *
     * @param chars characters per rank; 0 when the comparison was not made
     * @param reason why it was made: asked for, or the contexts' mean lengths (e.g. {@code "mean context
     *     lengths differ widely: windows 500, bm25 2609 characters"}); empty when not made
     * @param retrievers each retriever's metrics under it (the ranking metrics, Hit@K to R-precision),
     *     with the same latencies and context lengths as the default
     * @param comparisons its paired tests on the headline metrics, Holm-corrected among themselves
     */
    public record LengthFair(
            int chars, String reason, List<RetrieverSummary> retrievers, List<PairwiseComparison> comparisons) {

        /** Copies the lists. */
        public LengthFair {
            reason = Objects.requireNonNullElse(reason, "");
            retrievers = List.copyOf(retrievers == null ? List.of() : retrievers);
            comparisons = List.copyOf(comparisons == null ? List.of() : comparisons);
        }

        /** No length-fair comparison. */
        public static LengthFair none() {
            return new LengthFair(0, "", List.of(), List.of());
        }

        /** Whether the comparison was made. */
        public boolean made() {
            return chars > 0;
        }
    }

    /**
     * Every retriever measured under pooled, graded relevance judged by the LLM, on the same rankings
     * and questions as the evidence table: {@code hit@K} and {@code mrr@K} count the first passage of
     * grade 2 or more, {@code ndcg@K} takes the grades 0–3 as gains, {@code recall@K}, {@code
     * precision@K} and {@code map} count grade 2 or more relevant; the same numbers {@code trec_eval}
     * gives on the graded qrels and pooled runs written beside the run files.
     *
     * @param pool what the pool held and how it was graded
     * @param retrievers one summary per retriever, in the evidence table's order
     * @param comparisons paired tests between every two retrievers on the headline metrics,
     *     Holm-adjusted among themselves
     * @param calibration the judge's grades checked against people's grades of pooled passages;
     *     {@link RelevanceCalibration#NONE} without any
     */
    public record Judged(
            JudgedRelevanceResult pool,
            List<RetrieverSummary> retrievers,
            List<PairwiseComparison> comparisons,
            RelevanceCalibration calibration) {

        /** Copies the lists; a part missing from an older file reads as none. */
        public Judged {
            pool = pool == null ? JudgedRelevanceResult.NONE : pool;
            retrievers = List.copyOf(retrievers == null ? List.of() : retrievers);
            comparisons = List.copyOf(comparisons == null ? List.of() : comparisons);
            calibration = calibration == null ? RelevanceCalibration.NONE : calibration;
        }

        /** No judged relevance. */
        public static Judged none() {
            return new Judged(JudgedRelevanceResult.NONE, List.of(), List.of(), RelevanceCalibration.NONE);
        }

        /** Whether the retrievers were measured under judged relevance. */
        public boolean made() {
            return pool.made();
        }
    }

    /**
     * What judged relevance changes, one sentence a line, for the terminal and the report: what the
     * pool found beyond the evidence chunks; each retriever's hit@1, MRR and nDCG at the largest
     * cut-off by evidence and judged, with its place among the retrievers by nDCG under each; every
     * pair the two relevances order the other way, with both paired tests; whether the order of the
     * retrievers changes; then, when people graded pooled passages, the judge's agreement with them
     * and each retriever's corrected precision ({@link RelevanceCalibration#describe}). Empty when the
     * benchmark was not judged.
     */
    public List<String> judgedSummary() {
        if (!judged.made()) {
            return List.of();
        }
        int maxK = ks.getLast();
        String ndcg = "ndcg@" + maxK;
        String mrr = "mrr@" + maxK;
        String hit = "hit@" + ks.getFirst();
        Map<String, Integer> evidencePlace = places(retrievers, ndcg);
        Map<String, Integer> judgedPlace = places(judged.retrievers(), ndcg);
        List<String> out = new ArrayList<>();
        out.add(judged.pool().describe());
        for (RetrieverSummary e : retrievers) {
            RetrieverSummary j = judged.retrievers().stream()
                    .filter(r -> r.retriever().equals(e.retriever()))
                    .findFirst()
                    .orElse(null);
            if (j == null) {
                continue;
            }
            out.add(String.format(
                    java.util.Locale.ROOT,
                    "%s: %s %.3f by evidence, %.3f judged; MRR@%d %.3f by evidence, %.3f judged; nDCG@%d %.3f by"
                            + " evidence, %.3f judged; place %d by evidence, %d judged",
                    e.retriever(),
                    hit,
                    e.metrics().get(hit).mean(),
                    j.metrics().get(hit).mean(),
                    maxK,
                    e.metrics().get(mrr).mean(),
                    j.metrics().get(mrr).mean(),
                    maxK,
                    e.metrics().get(ndcg).mean(),
                    j.metrics().get(ndcg).mean(),
                    evidencePlace.get(e.retriever()),
                    judgedPlace.get(e.retriever())));
        }
        boolean changes = false;
        for (PairwiseComparison je : judged.comparisons()) {
            if (!je.metric().equals(ndcg)) {
                continue;
            }
            PairwiseComparison ee = comparisons.stream()
                    .filter(c -> c.metric().equals(ndcg) && c.a().equals(je.a()) && c.b().equals(je.b()))
                    .findFirst()
                    .orElse(null);
            if (ee != null
                    && ee.meanDifference() != 0
                    && je.meanDifference() != 0
                    && Math.signum(ee.meanDifference()) != Math.signum(je.meanDifference())) {
                changes = true;
                out.add(String.format(
                        java.util.Locale.ROOT,
                        "%s vs %s: nDCG@%d %+.3f by evidence (Holm-adjusted p = %.4f), %+.3f judged (p = %.4f):"
                                + " the judge orders them the other way",
                        je.a(),
                        je.b(),
                        maxK,
                        ee.meanDifference(),
                        ee.adjustedPValue(),
                        je.meanDifference(),
                        je.adjustedPValue()));
            }
        }
        out.add(
                changes
                        ? "the order of the retrievers by nDCG@" + maxK
                                + " changes between evidence and judged relevance"
                        : "the order of the retrievers by nDCG@" + maxK
                                + " is the same under evidence and judged relevance");
        out.addAll(judged.calibration().describe());
        return out;
    }

    /** Each retriever's place by a metric's mean, 1 best; equal means share the better place. */
    private static Map<String, Integer> places(List<RetrieverSummary> rows, String metric) {
        List<RetrieverSummary> sorted = new ArrayList<>(rows);
        sorted.sort(java.util.Comparator.comparingDouble(
                        (RetrieverSummary r) -> r.metrics().get(metric).mean())
                .reversed());
        Map<String, Integer> out = new LinkedHashMap<>();
        for (int i = 0; i < sorted.size(); i++) {
            double v = sorted.get(i).metrics().get(metric).mean();
            boolean tied = i > 0 && sorted.get(i - 1).metrics().get(metric).mean() == v;
            out.put(sorted.get(i).retriever(), tied ? out.get(sorted.get(i - 1).retriever()) : i + 1);
        }
        return out;
    }

    /**
     * A question the benchmark left out.
     *
     * @param questionId the question's id
     * @param question the question
     * @param evidence its evidence quote as written
     * @param reason why it was left out
     * @param detail the reason with its figures, e.g. {@code "ambiguous evidence: in 40 chunks of the
     *     corpus, more than 3"}
     */
    public record ExcludedQuestion(
            String questionId, String question, String evidence, QuestionExclusion reason, String detail) {

        /** Validates that no field is null. */
        public ExcludedQuestion {
            Objects.requireNonNull(questionId, "questionId");
            Objects.requireNonNull(question, "question");
            Objects.requireNonNull(evidence, "evidence");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(detail, "detail");
        }
    }

    /**
     * Means of the headline metrics of one retriever over a group of questions.
     *
     * @param by the grouping: {@code chunk_type}, {@code document} or {@code lexical_overlap}
     * @param group the group's value, e.g. {@code TABLE_FRAGMENT}
     * @param retriever the retriever
     * @param n questions in the group
     * @param means metric name to mean over the group
     */
    public record Breakdown(String by, String group, String retriever, int n, Map<String, Double> means) {

        /** Copies the means, keeping their order. */
        public Breakdown {
            means = Collections.unmodifiableMap(new LinkedHashMap<>(means));
        }
    }

    /**
     * How a benchmark timed its retrievals, so a latency column can say what it measured.
     *
     * @param warmupQueries untimed queries each retriever answered before its timed ones (0: timed cold)
     * @param threads how many questions were retrieved at once (1: each query alone)
     */
    public record LatencyTiming(int warmupQueries, int threads) {

        /**
         * Validates the counts.
         *
         * @throws IllegalArgumentException if {@code warmupQueries} is negative or {@code threads} below 1
         */
        public LatencyTiming {
            if (warmupQueries < 0) {
                throw new IllegalArgumentException("warmupQueries must be >= 0, was " + warmupQueries);
            }
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be >= 1, was " + threads);
            }
        }

        /**
         * What the latency figures measured, for a column's caption: e.g. {@code "warm (50 untimed queries
         * first), one query at a time"} or {@code "cold, 4 queries at a time (contending)"}.
         */
        public String describe() {
            String warmth = warmupQueries == 0 ? "cold" : "warm (" + warmupQueries + " untimed queries first)";
            return warmth + ", " + (threads == 1 ? "one query at a time" : threads + " queries at a time (contending)");
        }
    }

    /**
     * A paired randomization test between two retrievers on one metric, over the same questions, with its
     * p-value corrected for every comparison of the report's table (Holm's step-down method).
     *
     * @param a the first retriever
     * @param b the second retriever
     * @param metric the metric compared
     * @param meanDifference mean of {@code a} minus mean of {@code b}
     * @param pValue two-sided p-value of this test alone
     * @param adjustedPValue Holm-adjusted p-value across all pairs and headline metrics of the benchmark
     * @param significant whether {@code adjustedPValue < 0.05}
     * @param minDetectableEffect the smallest true mean difference that the test as applied (the paired
     *     randomization test, Holm-corrected across every comparison of the report) calls significant in
     *     80% of runs, from the spread of the per-question differences; empty when not estimable (the two
     *     agree on every question) or when even a difference of 1 would be found less often
     */
    public record PairwiseComparison(
            String a,
            String b,
            String metric,
            double meanDifference,
            double pValue,
            double adjustedPValue,
            boolean significant,
            OptionalDouble minDetectableEffect) {

        /**
         * Validates the p-values, so that a report written before the correction existed is refused
         * rather than read with adjusted p-values of 0.
         *
         * @throws IllegalArgumentException if {@code adjustedPValue} is not in [{@code pValue}, 1]
         */
        public PairwiseComparison {
            if (!(adjustedPValue >= pValue && adjustedPValue <= 1)) {
                throw new IllegalArgumentException("adjustedPValue must be in [pValue, 1], was " + adjustedPValue
                        + " with pValue " + pValue + "; a report from before the Holm correction must be made again");
            }
            minDetectableEffect = Objects.requireNonNullElse(minDetectableEffect, OptionalDouble.empty());
        }
    }

    /**
     * One retriever's result for one question.
     *
     * @param queryId the question's id in run files (its question id, made unique)
     * @param questionId the question's id
     * @param retriever the retriever
     * @param question the question text
     * @param documentId the source document
     * @param chunkType the source chunk's type, or {@code UNKNOWN} when the chunk no longer exists
     * @param target the id that stands for the question's first relevant target in run files and qrels:
     *     the source chunk id ({@code chunk}), {@code section:<id>}, {@code document:<id>} or {@code
     *     evidence:<queryId>}
     * @param targets every relevant target's id, {@code target} first: one, or for a multi-hop question
     *     two when its quotes (chunks, sections) differ, the second being the second chunk's id, its
     *     section's or {@code evidence2:<queryId>}. Each is one relevant document in the qrels; a report
     *     from before multi-hop targets, which lacks it, reads as {@code [target]}
     * @param firstRelevantRank rank (1-based, in {@code trec_eval} order) of the first relevant hit; 0 if none
     * @param ranking the judged ids of the hits in {@code trec_eval} order: a target's id for the hit
     *     credited with that target (one hit per target, one target per hit), the hit's chunk id otherwise
     * @param scores the retriever's scores, parallel to {@code ranking}
     * @param latencyMillis wall time of the retrieval
     * @param lexicalOverlap share of the question's terms present in its source text
     * @param texts the start of each hit's returned text (whitespace collapsed, at most {@value
     *     #TEXT_CHARS} characters), parallel to {@code ranking}, so that a miss can be read where only
     *     the ids are: recorded for the first {@value #TEXTS_OF_OWN_HITS} hits (those the regression
     *     gate's message shows) and, for a retriever outside raglens, whose ids name no chunk of the
     *     workspace, for every hit; empty strings elsewhere, and an empty list in a report from before
     *     texts were recorded
     */
    public record QuestionResult(
            String queryId,
            String questionId,
            String retriever,
            String question,
            String documentId,
            String chunkType,
            String target,
            List<String> targets,
            int firstRelevantRank,
            List<String> ranking,
            List<Double> scores,
            double latencyMillis,
            double lexicalOverlap,
            List<String> texts) {

        /** Most characters of a hit's text recorded. */
        public static final int TEXT_CHARS = 200;

        /** How many of the first hits have their text recorded, whatever the retriever. */
        public static final int TEXTS_OF_OWN_HITS = 3;

        /**
         * Copies the lists; missing {@code targets} are {@code [target]}.
         *
         * @throws IllegalArgumentException if {@code texts} is neither empty nor as long as {@code ranking},
         *     or {@code targets} does not begin with {@code target}
         */
        public QuestionResult {
            targets = targets == null || targets.isEmpty() ? List.of(target) : List.copyOf(targets);
            if (!targets.getFirst().equals(target)) {
                throw new IllegalArgumentException(
                        "targets must begin with the target '" + target + "', were " + targets);
            }
            ranking = List.copyOf(ranking);
            scores = List.copyOf(scores);
            texts = List.copyOf(texts == null ? List.of() : texts);
            if (!texts.isEmpty() && texts.size() != ranking.size()) {
                throw new IllegalArgumentException(
                        "texts must match the ranking's " + ranking.size() + " hits, were " + texts.size());
            }
        }

        /** Whether a judged id of the ranking is one of the question's targets: the hit credited with it is relevant. */
        public boolean isTarget(String id) {
            return targets.contains(id);
        }

        /** The recorded start of the text of the hit at this 0-based position in the ranking; empty when not recorded. */
        public String text(int position) {
            return position < texts.size() ? texts.get(position) : "";
        }
    }

    /**
     * The aggregates of one retriever.
     *
     * @param retriever the retriever's name
     * @param metrics each metric's mean and interval, in report order ({@code hit@1}, … {@code child_hit@10})
     * @param latency retrieval latency over the questions
     * @param meanContextChars mean length in characters of one returned context (what a hit hands to an
     *     LLM); 0 when nothing was returned
     * @param origin where the retriever lives when it is not one of raglens's own: the URL of an HTTP
     *     service or the class of a user's implementation; empty for a built-in
     * @param failures failed queries per reason (each counted as returning nothing); empty when none
     *     failed
     */
    public record RetrieverSummary(
            String retriever,
            Map<String, MetricSummary> metrics,
            LatencyPercentiles latency,
            double meanContextChars,
            String origin,
            Map<String, Integer> failures) {

        /** Copies the metrics, keeping their order, and the failures, sorted by reason. */
        public RetrieverSummary {
            metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
            origin = Objects.requireNonNullElse(origin, "");
            failures = Collections.unmodifiableMap(new TreeMap<>(failures == null ? Map.of() : failures));
        }

        /** A built-in retriever's summary with no context length, origin or failure recorded. */
        public RetrieverSummary(String retriever, Map<String, MetricSummary> metrics, LatencyPercentiles latency) {
            this(retriever, metrics, latency, 0, "", Map.of());
        }

        /** Whether the retriever is a user's own (a service or an implementation outside raglens). */
        public boolean isExternal() {
            return !origin.isEmpty();
        }

        /** Queries that failed, over every reason. */
        public int failedQueries() {
            return failures.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    /**
     * Latency percentiles of a set of timed calls, in milliseconds, by the nearest-rank method (each
     * percentile is a latency that was actually observed).
     *
     * @param count number of calls
     * @param p50Millis median
     * @param p95Millis 95th percentile
     * @param p99Millis 99th percentile
     * @param meanMillis mean
     * @param maxMillis slowest call
     */
    public record LatencyPercentiles(
            int count, double p50Millis, double p95Millis, double p99Millis, double meanMillis, double maxMillis) {

        /**
         * Computes the percentiles of latencies given in nanoseconds.
         *
         * @param nanos the latencies; not modified
         * @return the percentiles; all zero when {@code nanos} is empty
         */
        public static LatencyPercentiles ofNanos(long[] nanos) {
            if (nanos.length == 0) {
                return new LatencyPercentiles(0, 0, 0, 0, 0, 0);
            }
            long[] sorted = nanos.clone();
            Arrays.sort(sorted);
            double sum = 0;
            for (long n : sorted) {
                sum += n;
            }
            return new LatencyPercentiles(
                    sorted.length,
                    millis(percentile(sorted, 50)),
                    millis(percentile(sorted, 95)),
                    millis(percentile(sorted, 99)),
                    sum / sorted.length / 1e6,
                    millis(sorted[sorted.length - 1]));
        }

        /**
         * The nearest-rank percentile of sorted values: the smallest value such that at least {@code p}
         * percent of the values are at or below it.
         *
         * @param sorted values in ascending order, at least one
         * @param p the percentile, in (0, 100]
         * @return the percentile
         * @throws IllegalArgumentException if {@code sorted} is empty or {@code p} is out of range
         */
        public static long percentile(long[] sorted, double p) {
            if (sorted.length == 0) {
                throw new IllegalArgumentException("no values to take a percentile of");
            }
            if (!(p > 0 && p <= 100)) {
                throw new IllegalArgumentException("percentile must be in (0, 100], was " + p);
            }
            int rank = (int) Math.ceil(p / 100.0 * sorted.length);
            return sorted[Math.max(1, rank) - 1];
        }

        private static double millis(long nanos) {
            return nanos / 1e6;
        }
    }
}
