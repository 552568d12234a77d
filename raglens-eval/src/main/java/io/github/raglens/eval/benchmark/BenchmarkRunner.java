package io.github.raglens.eval.benchmark;

import io.github.raglens.eval.evidence.EvidenceRule;
import io.github.raglens.eval.judge.PassageGrader;
import io.github.raglens.eval.pool.PoolQuestion;
import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.PassageLabel;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.BenchmarkResult.Breakdown;
import io.github.raglens.result.BenchmarkResult.Judged;
import io.github.raglens.result.BenchmarkResult.LatencyTiming;
import io.github.raglens.result.BenchmarkResult.LengthFair;
import io.github.raglens.result.BenchmarkResult.PairwiseComparison;
import io.github.raglens.result.BenchmarkResult.QuestionResult;
import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import io.github.raglens.result.StyleAndOverlap;
import io.github.raglens.spi.Retriever;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs every retriever over every question and measures Hit@K, MRR@K, nDCG@K, Recall@K, Precision@K,
 * MAP, R-precision, section hit@K and child hit@K, with bootstrap confidence intervals, paired
 * randomization tests between retrievers, breakdowns and latency percentiles.
 *
 * <p>Each question has one relevant target, a multi-hop question two (see {@link Relevance}). Hits are ranked as {@code
 * trec_eval} ranks them (score descending, then judged id descending), so the exported run files
 * give {@code trec_eval} exactly this report's numbers. By default each retriever first answers 50
 * untimed warm-up queries, then the questions one at a time, so that latencies are those of a warm
 * process and not disturbed by each other ({@link LatencyTiming} records how they were taken). Every
 * retriever answers a question before the next one is asked, so retrievers over one index share the
 * searches they have in common; a shared search counts in the latency of each retriever using it.
 *
 * <p>Immutable and thread-safe; retrievers must be thread-safe as the SPI requires.
 */
public final class BenchmarkRunner {

    private static final Logger LOG = LoggerFactory.getLogger(BenchmarkRunner.class);

    /** Untimed queries per retriever before the timed ones, by default. */
    public static final int DEFAULT_WARMUP_QUERIES = 50;

    private final List<Retriever> retrievers;
    private final int[] ks;
    private final Relevance relevance;
    private final Bootstrap bootstrap;
    private final PairedRandomizationTest test;
    private final LatencyTiming timing;
    private final int lengthFair;
    private final boolean lengthFairAsked;
    private final Map<String, String> origins;
    private final EvidenceRule evidenceRule;
    private final JudgedRelevance judgedRelevance;

    private BenchmarkRunner(Builder b) {
        this.retrievers = List.copyOf(b.retrievers);
        this.ks = b.ks.clone();
        this.relevance = b.relevance;
        this.bootstrap = b.bootstrap;
        this.test = b.test;
        this.timing = new LatencyTiming(b.warmupQueries, b.retrievalThreads);
        this.lengthFair = b.lengthFair;
        this.lengthFairAsked = b.lengthFairAsked;
        this.origins = Map.copyOf(b.origins);
        this.evidenceRule = b.evidenceRule;
        this.judgedRelevance = b.grader == null
                ? null
                : new JudgedRelevance(b.grader, b.judgedFolder, b.passageLabels, b.bootstrap.seed());
    }

    /**
     * Starts a runner: cutoffs 1, 3, 5, 10; chunk relevance; evidence that identifies its passage by
     * {@link EvidenceRule#defaults()}; 10,000 resamples and permutations, seed 42; 50 warm-up queries,
     * one query at a time.
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Runs the benchmark.
     *
     * @param questions the question set; only {@code SUCCESS} questions are used: under chunk and
     *     section relevance those whose source chunks are in the corpus, under evidence relevance those
     *     whose evidence quotes each identify their passage in the corpus ({@link
     *     Builder#evidenceRule(EvidenceRule)}); the report counts the others by reason
     * @param corpus the chunks the retrievers search
     * @return the report
     * @throws IllegalArgumentException if there is no question (telling to run {@code raglens
     *     questions}), none that succeeded (e.g. the LLM skipped every chunk), or none usable under
     *     the relevance
     */
    public BenchmarkResult run(List<QuestionSample> questions, List<Chunk> corpus) {
        Objects.requireNonNull(questions, "questions");
        Objects.requireNonNull(corpus, "corpus");
        int maxK = Arrays.stream(ks).max().orElseThrow();
        long prepareStart = System.nanoTime();
        QuestionSelection selection = QuestionSelection.of(questions, corpus, relevance, maxK, evidenceRule);
        List<BenchmarkQuestion> prepared = selection.questions();
        MetricTable metrics = new MetricTable(ks);
        EvidenceTexts texts = new EvidenceTexts();
        HitJudge judge = new HitJudge(relevance, metrics, texts);
        TimedRetrieval retrieval = new TimedRetrieval(timing);
        List<QuestionResult> perQuestion = new ArrayList<>();
        Map<String, double[][]> values = new LinkedHashMap<>(); // retriever -> metric -> per question
        Map<String, double[][]> fairValues = new LinkedHashMap<>(); // the same, length-fair
        Map<String, long[]> latencies = new LinkedHashMap<>();
        Map<String, Double> contextChars = new LinkedHashMap<>();
        Map<String, Map<String, Integer>> failures = new HashMap<>();
        long metricNanos = System.nanoTime() - prepareStart; // lexical overlap and evidence are per-question metrics
        boolean[] warmUp = new boolean[retrievers.size()];
        for (int r = 0; r < retrievers.size(); r++) {
            warmUp[r] = !origins.containsKey(retrievers.get(r).name());
        }
        long t0 = System.nanoTime();
        List<TimedRetrieval.Answers> answers = retrieval.retrieveAll(retrievers, prepared, maxK, warmUp);
        long retrievalNanos = System.nanoTime() - t0;
        for (int r = 0; r < retrievers.size(); r++) {
            contextChars.put(
                    retrievers.get(r).name(), meanContextChars(answers.get(r).results()));
        }
        ContextLengths lengths = new ContextLengths(contextChars);
        MetricTable fairMetrics = MetricTable.rankingOnly(ks);
        LengthFairJudge fair = relevance.byEvidence() && (lengthFairAsked || lengths.differWidely())
                ? new LengthFairJudge(fairMetrics, texts, lengthFair > 0 ? lengthFair : lengths.shortest(), maxK)
                : null;
        List<String> warnings = new ArrayList<>(selection.warnings());
        lengths.warning(fair == null ? 0 : fair.chars()).ifPresent(w -> {
            warnings.add(w);
            LOG.warn(w);
        });
        Map<String, List<List<RetrievedChunk>>> rankings = new LinkedHashMap<>();
        for (int r = 0; r < retrievers.size(); r++) {
            Retriever retriever = retrievers.get(r);
            RetrievalResult[] results = answers.get(r).results();
            long[] lat = answers.get(r).nanos();
            double[][] v = new double[metrics.size()][prepared.size()];
            double[][] fv = new double[fairMetrics.size()][prepared.size()];
            boolean external = origins.containsKey(retriever.name());
            failures.put(retriever.name(), answers.get(r).failed());
            // Judging and metrics are independent per question: on every core.
            long t1 = System.nanoTime();
            QuestionResult[] rows = new QuestionResult[prepared.size()];
            // each question's hits in the table's order, pooled under judged relevance
            List<List<RetrievedChunk>> ordered = new ArrayList<>(Collections.nCopies(prepared.size(), List.of()));
            IntStream.range(0, prepared.size()).parallel().forEach(qi -> {
                HitJudge.Judged judged =
                        judge.judge(retriever.name(), external, prepared.get(qi), results[qi], lat[qi], v, qi);
                rows[qi] = judged.result();
                ordered.set(qi, judged.ordered());
                if (fair != null) {
                    fair.values(prepared.get(qi), judged.ordered(), fv, qi);
                }
            });
            metricNanos += System.nanoTime() - t1;
            perQuestion.addAll(Arrays.asList(rows));
            rankings.put(retriever.name(), ordered);
            values.put(retriever.name(), v);
            fairValues.put(retriever.name(), fv);
            latencies.put(retriever.name(), lat);
        }
        ReportAggregation aggregation = new ReportAggregation(metrics, bootstrap, test);
        long t2 = System.nanoTime();
        List<RetrieverSummary> summaries = aggregation.summarise(values, latencies, contextChars, origins, failures);
        long t3 = System.nanoTime();
        List<PairwiseComparison> comparisons = aggregation.compare(values);
        long t4 = System.nanoTime();
        List<Breakdown> breakdowns = aggregation.breakdowns(values, prepared);
        StyleAndOverlap styleAndOverlap = aggregation.styleAndOverlap(values, prepared);
        long t5 = System.nanoTime();
        LengthFair lengthFairReport = LengthFair.none();
        if (fair != null) {
            ReportAggregation fairAggregation = new ReportAggregation(fairMetrics, bootstrap, test);
            lengthFairReport = new LengthFair(
                    fair.chars(),
                    lengthFairAsked ? "asked for" : lengths.describe(),
                    fairAggregation.summarise(fairValues, latencies, contextChars, origins, failures),
                    fairAggregation.compare(fairValues));
        }
        long t6 = System.nanoTime();
        Judged judged = Judged.none();
        if (judgedRelevance != null) {
            MetricTable judgedMetrics = MetricTable.judged(ks);
            JudgedRelevance.Measured measured = judgedRelevance.measure(prepared, rankings, ks, judgedMetrics);
            ReportAggregation judgedAggregation = new ReportAggregation(judgedMetrics, bootstrap, test);
            judged = new Judged(
                    measured.pool(),
                    judgedAggregation.summarise(measured.values(), latencies, contextChars, origins, failures),
                    judgedAggregation.compare(measured.values()),
                    measured.calibration());
        }
        long t7 = System.nanoTime();
        Map<String, Double> phases = new LinkedHashMap<>();
        phases.put("retrieval", retrievalNanos / 1e6);
        phases.put("metrics", metricNanos / 1e6);
        phases.put("intervals", (t3 - t2) / 1e6);
        phases.put("tests", (t4 - t3) / 1e6);
        phases.put("breakdowns", (t5 - t4) / 1e6);
        if (fair != null) {
            phases.put("lengthFair", (t6 - t5) / 1e6);
        }
        if (judgedRelevance != null) {
            phases.put("judged", (t7 - t6) / 1e6);
        }
        return new BenchmarkResult(
                relevance.label(),
                Arrays.stream(ks).boxed().toList(),
                prepared.size(),
                selection.selection(),
                corpus.size(),
                bootstrap.resamples(),
                aggregation.familyTest(values.size()).permutations(),
                bootstrap.seed(),
                selection.meanOverlap(),
                warnings,
                summaries,
                comparisons,
                breakdowns,
                perQuestion,
                phases,
                timing,
                lengthFairReport,
                judged,
                styleAndOverlap);
    }

    /**
     * The questions a run under judged relevance pools and measures, under their ids in the run files
     * and qrels: the selection {@link #run} makes (successful, distinct, each evidence quote
     * identifying its passage by {@code rule}), so grading them alone grades exactly what the
     * benchmark will read.
     *
     * @param questions the question set
     * @param corpus the chunks the retrievers search
     * @param depth the pool's depth, the benchmark's largest cut-off
     * @param rule the evidence rule of the benchmark
     * @throws IllegalArgumentException as {@link #run} does, when no question is usable
     */
    public static List<PoolQuestion> judgedQuestions(
            List<QuestionSample> questions, List<Chunk> corpus, int depth, EvidenceRule rule) {
        return JudgedRelevance.poolQuestions(QuestionSelection.of(questions, corpus, Relevance.JUDGED, depth, rule)
                .questions());
    }

    /** The mean length in characters of one returned context over every hit of every question. */
    private static double meanContextChars(RetrievalResult[] results) {
        long chars = 0;
        long hits = 0;
        for (RetrievalResult r : results) {
            for (RetrievedChunk hit : r.hits()) {
                chars += hit.contextText().length();
                hits++;
            }
        }
        return hits == 0 ? 0 : (double) chars / hits;
    }

    @Override
    public String toString() {
        return "BenchmarkRunner{retrievers="
                + retrievers.stream().map(Retriever::name).toList() + ", ks=" + Arrays.toString(ks) + ", relevance="
                + relevance.label() + ", " + bootstrap + ", " + test + ", " + timing + "}";
    }

    /** Configures a {@link BenchmarkRunner}; not thread-safe. */
    public static final class Builder {
        private final List<Retriever> retrievers = new ArrayList<>();
        private int[] ks = {1, 3, 5, 10};
        private Relevance relevance = Relevance.CHUNK;
        private Bootstrap bootstrap = Bootstrap.defaults();
        private PairedRandomizationTest test = PairedRandomizationTest.defaults();
        private int retrievalThreads = 1;
        private int warmupQueries = DEFAULT_WARMUP_QUERIES;
        private int lengthFair;
        private boolean lengthFairAsked;
        private final Map<String, String> origins = new HashMap<>();
        private EvidenceRule evidenceRule = EvidenceRule.defaults();
        private PassageGrader grader;
        private Path judgedFolder;
        private List<PassageLabel> passageLabels = List.of();

        private Builder() {}

        /**
         * Adds a retriever; names must be distinct.
         *
         * @throws IllegalArgumentException if a retriever with the same name was added
         */
        public Builder retriever(Retriever retriever) {
            Objects.requireNonNull(retriever, "retriever");
            for (Retriever r : retrievers) {
                if (r.name().equals(retriever.name())) {
                    throw new IllegalArgumentException("two retrievers are named '" + retriever.name() + "'");
                }
            }
            retrievers.add(retriever);
            return this;
        }

        /**
         * Adds a retriever that is not one of raglens's own (a user's service or implementation); the
         * report marks it as external and shows where it lives. It gets no warm-up queries: a user's
         * service is measured as it is.
         *
         * @param retriever the retriever; its name must be distinct
         * @param origin the URL of the service or the name of the implementing class; not blank
         * @throws IllegalArgumentException if a retriever with the same name was added or the origin is blank
         */
        public Builder externalRetriever(Retriever retriever, String origin) {
            Objects.requireNonNull(origin, "origin");
            if (origin.isBlank()) {
                throw new IllegalArgumentException("origin must not be blank");
            }
            retriever(retriever);
            origins.put(retriever.name(), origin);
            return this;
        }

        /**
         * Adds the length-fair comparison to an evidence benchmark whatever the contexts' lengths: the
         * contexts read in rank order as one text cut into ranks of {@code chars} characters, the
         * evidence ranked where its last character falls ({@link LengthFair}). Without this it is
         * added only when the retrievers' mean context lengths differ {@value ContextLengths#WIDE}-fold
         * or more, at the shortest mean.
         *
         * @param chars characters per rank; 0 for the shortest mean context length among the retrievers
         * @throws IllegalArgumentException if negative
         */
        public Builder lengthFair(int chars) {
            if (chars < 0) {
                throw new IllegalArgumentException("lengthFair must be >= 0, was " + chars);
            }
            this.lengthFair = chars;
            this.lengthFairAsked = true;
            return this;
        }

        /** Adds retrievers; see {@link #retriever(Retriever)}. */
        public Builder retrievers(List<? extends Retriever> list) {
            list.forEach(this::retriever);
            return this;
        }

        /**
         * The cutoffs (default 1, 3, 5, 10); sorted and deduplicated.
         *
         * @throws IllegalArgumentException if empty or a cutoff is below 1
         */
        public Builder ks(int... ks) {
            int[] sorted = Arrays.stream(ks).distinct().sorted().toArray();
            if (sorted.length == 0 || sorted[0] < 1) {
                throw new IllegalArgumentException(
                        "cutoffs must be >= 1 and at least one, were " + Arrays.toString(ks));
            }
            this.ks = sorted;
            return this;
        }

        /**
         * When a question's evidence quote identifies its passage, under evidence relevance (default
         * {@link EvidenceRule#defaults()}: at least 6 words, in 1 to 3 chunks of the corpus; ambiguous
         * quotes left out).
         */
        public Builder evidenceRule(EvidenceRule rule) {
            this.evidenceRule = Objects.requireNonNull(rule, "rule");
            return this;
        }

        /**
         * Who grades the pooled passages under {@link Relevance#JUDGED}, and where the graded qrels
         * ({@code qrels-judged.txt}) and each retriever's run over the pooled passages ({@code
         * <retriever>.judged.run}) are written. The pool is every retriever's top K (the largest
         * cut-off) per question, in the evidence table's order, the same passage returned twice
         * merged.
         */
        public Builder judgedRelevance(PassageGrader grader, Path trecFolder) {
            this.grader = Objects.requireNonNull(grader, "grader");
            this.judgedFolder = Objects.requireNonNull(trecFolder, "trecFolder");
            return this;
        }

        /**
         * People's grades of pooled passages, to check the judge's grades against under {@link
         * Relevance#JUDGED} (default none): the report then gives their weighted kappa and each
         * retriever's precision corrected by the drawn grades ({@link
         * io.github.raglens.result.RelevanceCalibration}).
         */
        public Builder passageLabels(List<PassageLabel> labels) {
            this.passageLabels = List.copyOf(labels);
            return this;
        }

        /** The relevance mode (default chunk). */
        public Builder relevance(Relevance relevance) {
            this.relevance = Objects.requireNonNull(relevance, "relevance");
            return this;
        }

        /** The bootstrap behind the intervals (default 10,000 resamples, seed 42). */
        public Builder bootstrap(Bootstrap bootstrap) {
            this.bootstrap = Objects.requireNonNull(bootstrap, "bootstrap");
            return this;
        }

        /** The paired test between retrievers (default 10,000 permutations, seed 42). */
        public Builder pairedTest(PairedRandomizationTest test) {
            this.test = Objects.requireNonNull(test, "test");
            return this;
        }

        /**
         * How many questions are retrieved at once (default 1: every query timed alone, as a latency
         * study wants). More threads finish sooner; each call is still timed on its own, but the
         * calls contend for the cores, and the report labels its latencies so.
         *
         * @throws IllegalArgumentException if below 1
         */
        public Builder retrievalThreads(int threads) {
            if (threads < 1) {
                throw new IllegalArgumentException("retrievalThreads must be >= 1, was " + threads);
            }
            this.retrievalThreads = threads;
            return this;
        }

        /**
         * How many untimed queries each retriever answers before its timed ones (default 50; 0 times
         * a cold process). The warm-up queries are the first questions, cycled when there are fewer;
         * set 0 for a retriever that caches results by query, whose timed calls would be cache hits.
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder warmupQueries(int queries) {
            if (queries < 0) {
                throw new IllegalArgumentException("warmupQueries must be >= 0, was " + queries);
            }
            this.warmupQueries = queries;
            return this;
        }

        /**
         * Builds the runner.
         *
         * @throws IllegalStateException if no retriever was added
         */
        public BenchmarkRunner build() {
            if (retrievers.isEmpty()) {
                throw new IllegalStateException("a benchmark needs at least one retriever; call retriever(...)");
            }
            if (lengthFairAsked && !relevance.byEvidence()) {
                throw new IllegalStateException("lengthFair(" + lengthFair
                        + ") applies to evidence relevance only; call relevance(Relevance.EVIDENCE)");
            }
            if ((relevance == Relevance.JUDGED) != (grader != null)) {
                throw new IllegalStateException(
                        grader == null
                                ? "judged relevance needs a judge to grade the pooled passages; call"
                                        + " judgedRelevance(grader, folder)"
                                : "judgedRelevance(...) grades under judged relevance only; call"
                                        + " relevance(Relevance.JUDGED)");
            }
            return new BenchmarkRunner(this);
        }
    }
}
