package io.github.raglens.eval.benchmark;

import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.error.RagLensException;
import io.github.raglens.eval.LatencyPercentiles;
import io.github.raglens.eval.RetrievalMetrics;
import io.github.raglens.eval.questions.Evidence;
import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.ConfidenceInterval;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.eval.stats.PairedTestResult;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.spi.Retriever;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs every retriever over every question and measures Hit@K, MRR@K, nDCG@K, Recall@K, Precision@K,
 * MAP, R-precision, section hit@K and child hit@K, with bootstrap confidence intervals, paired
 * randomization tests between retrievers, breakdowns and latency percentiles.
 *
 * <p>Each question has one relevant target (see {@link Relevance}). Hits are ranked as {@code
 * trec_eval} ranks them (score descending, then judged id descending), so the exported run files
 * give {@code trec_eval} exactly this report's numbers. Retrievals run one at a time, so that
 * latencies are not disturbed by each other.
 *
 * <p>Immutable and thread-safe; retrievers must be thread-safe as the SPI requires.
 */
public final class BenchmarkRunner {

    private static final Logger LOG = LoggerFactory.getLogger(BenchmarkRunner.class);

    private final List<Retriever> retrievers;
    private final int[] ks;
    private final Relevance relevance;
    private final Bootstrap bootstrap;
    private final PairedRandomizationTest test;
    private final int retrievalThreads;
    private final int evidenceWithin;
    private final Map<String, String> origins;

    private BenchmarkRunner(Builder b) {
        this.retrievers = List.copyOf(b.retrievers);
        this.ks = b.ks.clone();
        this.relevance = b.relevance;
        this.bootstrap = b.bootstrap;
        this.test = b.test;
        this.retrievalThreads = b.retrievalThreads;
        this.evidenceWithin = b.evidenceWithin;
        this.origins = Map.copyOf(b.origins);
    }

    /** Starts a runner: cutoffs 1, 3, 5, 10; chunk relevance; 10,000 resamples and permutations, seed 42. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Runs the benchmark.
     *
     * @param questions the question set; only {@code SUCCESS} questions are used
     * @param corpus the chunks the retrievers search
     * @return the report
     * @throws IllegalArgumentException if there is no question (telling to run {@code raglens
     *     questions}), none that succeeded (e.g. the LLM skipped every chunk), or none whose source
     *     chunk still exists (chunk and section relevance)
     */
    public BenchmarkReport run(List<QuestionSample> questions, List<Chunk> corpus) {
        Objects.requireNonNull(questions, "questions");
        Objects.requireNonNull(corpus, "corpus");
        List<String> warnings = new ArrayList<>();
        Map<String, Chunk> byId = new HashMap<>(corpus.size() * 2);
        for (Chunk c : corpus) {
            byId.put(c.id(), c);
        }
        List<QuestionSample> usable = questions.stream()
                .filter(q -> q.status() == QuestionStatus.SUCCESS)
                .toList();
        if (questions.isEmpty()) {
            throw new IllegalArgumentException(
                    "no questions yet; run `raglens questions --docs DIR` first to generate them");
        }
        if (usable.isEmpty()) {
            long skipped = questions.stream()
                    .filter(q -> q.status() == QuestionStatus.SKIP)
                    .count();
            throw new IllegalArgumentException("no usable questions: 0 of " + questions.size()
                    + " question records succeeded (" + skipped + " skipped, " + (questions.size() - skipped)
                    + " failed); check the LLM with `raglens questions --docs DIR --limit 5` or try another"
                    + " --llm-model");
        }
        List<QuestionSample> kept = new ArrayList<>();
        int excluded = 0;
        for (QuestionSample q : usable) {
            boolean needsSourceChunk = relevance == Relevance.CHUNK || relevance == Relevance.SECTION;
            if (needsSourceChunk && !byId.containsKey(q.sourceChunkId())) {
                excluded++;
            } else {
                kept.add(q);
            }
        }
        if (excluded > 0) {
            String msg = excluded + " of " + usable.size()
                    + " questions refer to chunks that no longer exist (the corpus was re-chunked?) and are"
                    + " excluded; use --relevance evidence to keep them, or regenerate the questions";
            warnings.add(msg);
            LOG.warn(msg);
        }
        if (kept.isEmpty()) {
            throw new IllegalArgumentException("all " + usable.size()
                    + " questions refer to chunks that no longer exist; use --relevance evidence or regenerate"
                    + " the questions");
        }
        int maxK = Arrays.stream(ks).max().orElseThrow();
        if (maxK > corpus.size()) {
            String msg = "k=" + maxK + " is larger than the corpus (" + corpus.size()
                    + " chunks): every retriever returns fewer hits and Precision@" + maxK + " cannot reach 1";
            warnings.add(msg);
            LOG.warn(msg);
        }
        long prepareStart = System.nanoTime();
        List<Prepared> prepared = prepare(kept, byId);
        TextCache texts = relevance == Relevance.EVIDENCE ? new TextCache() : null;
        MetricNames names = new MetricNames(ks);
        List<QuestionResult> perQuestion = new ArrayList<>();
        Map<String, double[][]> values = new LinkedHashMap<>(); // retriever -> metric -> per question
        Map<String, long[]> latencies = new LinkedHashMap<>();
        Map<String, Double> contextChars = new HashMap<>();
        Map<String, Map<String, Integer>> failures = new HashMap<>();
        long retrievalNanos = 0;
        long metricNanos = System.nanoTime() - prepareStart; // lexical overlap and evidence are per-question metrics
        for (Retriever retriever : retrievers) {
            double[][] v = new double[names.size()][prepared.size()];
            long[] lat = new long[prepared.size()];
            RetrievalResult[] results = new RetrievalResult[prepared.size()];
            // Retrieval on retrievalThreads threads, each query timed on its own ...
            long t0 = System.nanoTime();
            Map<String, Integer> failed = new ConcurrentHashMap<>();
            retrieveAll(retriever, prepared, maxK, results, lat, failed);
            retrievalNanos += System.nanoTime() - t0;
            failures.put(retriever.name(), failed);
            contextChars.put(retriever.name(), meanContextChars(results));
            // ... then judging and metrics, which are independent per question, on every core.
            long t1 = System.nanoTime();
            QuestionResult[] rows = new QuestionResult[prepared.size()];
            IntStream.range(0, prepared.size())
                    .parallel()
                    .forEach(qi ->
                            rows[qi] = judge(retriever.name(), prepared.get(qi), results[qi], lat[qi], texts, v, qi));
            metricNanos += System.nanoTime() - t1;
            perQuestion.addAll(Arrays.asList(rows));
            values.put(retriever.name(), v);
            latencies.put(retriever.name(), lat);
        }
        long t2 = System.nanoTime();
        List<RetrieverSummary> summaries = summarise(names, values, latencies, contextChars, failures);
        long t3 = System.nanoTime();
        List<PairwiseComparison> comparisons = compare(names, values);
        long t4 = System.nanoTime();
        List<Breakdown> breakdowns = breakdowns(names, values, prepared);
        long t5 = System.nanoTime();
        Map<String, Double> phases = new LinkedHashMap<>();
        phases.put("retrieval", retrievalNanos / 1e6);
        phases.put("metrics", metricNanos / 1e6);
        phases.put("intervals", (t3 - t2) / 1e6);
        phases.put("tests", (t4 - t3) / 1e6);
        phases.put("breakdowns", (t5 - t4) / 1e6);
        double overlap =
                prepared.stream().mapToDouble(Prepared::overlap).average().orElse(0);
        return new BenchmarkReport(
                relevanceShown(),
                Arrays.stream(ks).boxed().toList(),
                prepared.size(),
                excluded,
                corpus.size(),
                bootstrap.resamples(),
                test.permutations(),
                bootstrap.seed(),
                overlap,
                warnings,
                summaries,
                comparisons,
                breakdowns,
                perQuestion,
                phases);
    }

    /** The relevance as the report names it, with the length-fair window when one is set. */
    private String relevanceShown() {
        return relevance == Relevance.EVIDENCE && evidenceWithin > 0
                ? relevance.cliName() + " within the first " + evidenceWithin + " characters of each context"
                : relevance.cliName();
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

    /** A question with what the benchmark needs about it. */
    private record Prepared(
            QuestionSample sample, String queryId, Chunk source, String target, String evidence, double overlap) {}

    private List<Prepared> prepare(List<QuestionSample> kept, Map<String, Chunk> byId) {
        List<Prepared> out = new ArrayList<>(kept.size());
        Set<String> queryIds = new HashSet<>();
        for (QuestionSample q : kept) {
            String queryId = q.id().isBlank() ? "q" + out.size() : q.id().replaceAll("\\s+", "_");
            for (int n = 2; !queryIds.add(queryId); n++) {
                queryId = q.id() + "#" + n;
            }
            Chunk source = byId.get(q.sourceChunkId());
            String target = switch (relevance) {
                case CHUNK -> q.sourceChunkId();
                case SECTION -> "section:" + q.sectionId();
                case EVIDENCE -> "evidence:" + queryId;
                case DOCUMENT -> "document:" + q.documentId();
            };
            String sourceText = source != null ? source.text() : q.evidence();
            out.add(new Prepared(
                    q,
                    queryId,
                    source,
                    target,
                    Evidence.normalize(q.evidence()),
                    LexicalOverlap.of(q.question(), sourceText)));
        }
        return out;
    }

    /**
     * Whitespace-normalised chunk texts for evidence relevance, each computed once per run however
     * often the chunk is retrieved.
     */
    private static final class TextCache {
        private final ConcurrentHashMap<Chunk, String> normalized = new ConcurrentHashMap<>();

        String of(Chunk c) {
            String t = normalized.get(c);
            return t != null ? t : normalized.computeIfAbsent(c, x -> Evidence.normalize(x.text()));
        }

        /** The normalised context text: what {@code Evidence.normalize(hit.contextText())} gives. */
        String context(RetrievedChunk hit) {
            List<Chunk> context = hit.context();
            if (context.size() == 1) {
                return of(context.getFirst());
            }
            StringBuilder sb = new StringBuilder();
            for (Chunk c : context) {
                String t = of(c);
                if (!t.isEmpty()) {
                    if (!sb.isEmpty()) {
                        sb.append(' ');
                    }
                    sb.append(t);
                }
            }
            return sb.toString();
        }
    }

    private boolean reaches(Prepared p, RetrievedChunk hit, TextCache texts) {
        return switch (relevance) {
            case CHUNK -> {
                String id = p.sample().sourceChunkId();
                if (hit.chunk().id().equals(id) || hit.matched().id().equals(id)) {
                    yield true;
                }
                for (Chunk c : hit.context()) {
                    if (c.id().equals(id)) {
                        yield true;
                    }
                }
                yield false;
            }
            case SECTION -> inSection(hit, p.sample().sectionId());
            case DOCUMENT -> p.sample().documentId().equals(hit.chunk().documentId());
            case EVIDENCE -> {
                String evidence = p.evidence();
                if (evidence.isEmpty()) {
                    yield false;
                }
                if (evidenceWithin > 0) {
                    String context = texts.context(hit);
                    yield context.substring(0, Math.min(evidenceWithin, context.length()))
                            .contains(evidence);
                }
                if (texts.of(hit.chunk()).contains(evidence)) {
                    yield true;
                }
                List<Chunk> context = hit.context();
                yield !(context.size() == 1 && context.getFirst() == hit.chunk())
                        && texts.context(hit).contains(evidence);
            }
        };
    }

    /** Whether the hit comes from the section: its chunk, matched child or a chunk of its context. */
    static boolean inSection(RetrievedChunk hit, String sectionId) {
        if (sectionId.equals(hit.chunk().sectionId())
                || sectionId.equals(hit.matched().sectionId())) {
            return true;
        }
        for (Chunk c : hit.context()) {
            if (sectionId.equals(c.sectionId())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Judges one ranked list in one pass: which hit is relevant, the {@code trec_eval} order, and the
     * first ranks (in that order) of the relevant hit, of a hit from the source section and of a hit
     * matched through the source chunk; every metric at every K then follows from those three ranks.
     */
    private QuestionResult judge(
            String retriever,
            Prepared p,
            RetrievalResult result,
            long latencyNanos,
            TextCache texts,
            double[][] v,
            int qi) {
        RetrievedChunk[] hits = result.hits().toArray(new RetrievedChunk[0]);
        int n = hits.length;
        sortByRank(hits);
        String target = p.target();
        String[] keys = new String[n];
        Set<String> used = n > SMALL ? new HashSet<>(n * 2) : null;
        boolean found = false;
        for (int h = 0; h < n; h++) {
            RetrievedChunk hit = hits[h];
            String key;
            if (!found && reaches(p, hit, texts)) {
                key = target;
                found = true;
            } else {
                key = hit.chunk().id();
                if (key.equals(target) || used(keys, h, used, key)) {
                    key = key + "#dup" + hit.rank();
                    if (used(keys, h, used, key)) {
                        throw new IllegalArgumentException("ranking holds '" + key + "' twice");
                    }
                }
            }
            if (Double.isNaN(hit.score())) {
                throw new IllegalArgumentException("score of '" + key + "' is NaN");
            }
            keys[h] = key;
            if (used != null) {
                used.add(key);
            }
        }
        int[] order = trecOrder(hits, keys);
        String[] ranking = new String[n];
        Double[] scores = new Double[n];
        int first = 0;
        int firstSection = 0;
        int firstChild = 0;
        String sectionId = p.sample().sectionId();
        String chunkId = p.sample().sourceChunkId();
        for (int i = 0; i < n; i++) {
            RetrievedChunk hit = hits[order[i]];
            ranking[i] = keys[order[i]];
            scores[i] = hit.score();
            if (first == 0 && found && ranking[i].equals(target)) {
                first = i + 1;
            }
            if (firstSection == 0 && inSection(hit, sectionId)) {
                firstSection = i + 1;
            }
            if (firstChild == 0 && chunkId.equals(hit.matched().id())) {
                firstChild = i + 1;
            }
        }
        metricValues(first, firstSection, firstChild, ks, v, qi);
        return new QuestionResult(
                p.queryId(),
                p.sample().id(),
                retriever,
                p.sample().question(),
                p.sample().documentId(),
                p.source() == null ? "UNKNOWN" : p.source().type().name(),
                target,
                first,
                Arrays.asList(ranking),
                Arrays.asList(scores),
                latencyNanos / 1e6,
                p.overlap());
    }

    /** Up to this many hits, duplicate keys are found by scanning instead of hashing. */
    private static final int SMALL = 32;

    private static boolean used(String[] keys, int count, Set<String> used, String key) {
        if (used != null) {
            return used.contains(key);
        }
        for (int i = 0; i < count; i++) {
            if (keys[i].equals(key)) {
                return true;
            }
        }
        return false;
    }

    /** Stable insertion sort by rank; retrievers return hits in rank order, so usually one pass. */
    private static void sortByRank(RetrievedChunk[] hits) {
        for (int i = 1; i < hits.length; i++) {
            RetrievedChunk x = hits[i];
            int j = i - 1;
            while (j >= 0 && hits[j].rank() > x.rank()) {
                hits[j + 1] = hits[j];
                j--;
            }
            hits[j + 1] = x;
        }
    }

    /**
     * The positions of the hits in {@code trec_eval}'s order (score descending, then key descending),
     * as {@link RetrievalMetrics#trecOrder} orders them; the keys are distinct.
     */
    static int[] trecOrder(RetrievedChunk[] hits, String[] keys) {
        int n = hits.length;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
            int x = i;
            int j = i - 1;
            while (j >= 0 && before(hits, keys, x, order[j])) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = x;
        }
        return order;
    }

    private static boolean before(RetrievedChunk[] hits, String[] keys, int a, int b) {
        int c = Double.compare(hits[b].score(), hits[a].score());
        return c != 0 ? c < 0 : keys[a].compareTo(keys[b]) > 0;
    }

    /**
     * Every metric at every cutoff, in {@link MetricNames} order, from three first ranks (1-based, 0
     * for none): of the relevant hit, of a hit from the source section and of a hit matched through
     * the source chunk. With one relevant target each ranking metric is a closed form of its rank, bit
     * for bit what {@link RetrievalMetrics} returns for the ranking (BenchmarkRunnerTest checks).
     * Writes {@code v[metric][qi]}.
     */
    static void metricValues(int first, int firstSection, int firstChild, int[] ks, double[][] v, int qi) {
        int c = ks.length;
        double reciprocal = first > 0 ? 1.0 / first : 0.0;
        double ndcg = first > 0 ? 1.0 / (Math.log(first + 1) / Math.log(2)) : 0.0;
        for (int j = 0; j < c; j++) {
            int k = ks[j];
            boolean hit = first > 0 && first <= k;
            double h = hit ? 1.0 : 0.0;
            v[j][qi] = h;
            v[c + j][qi] = hit ? reciprocal : 0.0;
            v[2 * c + j][qi] = hit ? ndcg : 0.0;
            v[3 * c + j][qi] = h;
            v[4 * c + j][qi] = h / k;
            v[5 * c + 2 + j][qi] = firstSection > 0 && firstSection <= k ? 1.0 : 0.0;
            v[6 * c + 2 + j][qi] = firstChild > 0 && firstChild <= k ? 1.0 : 0.0;
        }
        v[5 * c][qi] = reciprocal;
        v[5 * c + 1][qi] = first == 1 ? 1.0 : 0.0;
    }

    private List<RetrieverSummary> summarise(
            MetricNames names,
            Map<String, double[][]> values,
            Map<String, long[]> latencies,
            Map<String, Double> contextChars,
            Map<String, Map<String, Integer>> failures) {
        List<String> retrieverNames = new ArrayList<>(values.keySet());
        int metrics = names.size();
        MetricSummary[][] cis = new MetricSummary[retrieverNames.size()][metrics];
        // Every metric of a retriever in one bootstrap: questions with the same values in every metric
        // are resampled together, and the retrievers spread over the cores.
        IntStream.range(0, retrieverNames.size()).parallel().forEach(r -> {
            ConfidenceInterval[] intervals = bootstrap.meanIntervals(values.get(retrieverNames.get(r)));
            for (int m = 0; m < metrics; m++) {
                cis[r][m] = MetricSummary.from(intervals[m]);
            }
        });
        List<RetrieverSummary> out = new ArrayList<>();
        for (int r = 0; r < retrieverNames.size(); r++) {
            Map<String, MetricSummary> metricsMap = new LinkedHashMap<>();
            for (int m = 0; m < metrics; m++) {
                metricsMap.put(names.get(m), cis[r][m]);
            }
            String name = retrieverNames.get(r);
            out.add(new RetrieverSummary(
                    name,
                    metricsMap,
                    LatencyPercentiles.ofNanos(latencies.get(name)),
                    contextChars.get(name),
                    origins.getOrDefault(name, ""),
                    failures.get(name)));
        }
        return out;
    }

    private List<PairwiseComparison> compare(MetricNames names, Map<String, double[][]> values) {
        List<String> retrieverNames = new ArrayList<>(values.keySet());
        List<int[]> jobs = new ArrayList<>(); // a, b, metric
        for (int a = 0; a < retrieverNames.size(); a++) {
            for (int b = a + 1; b < retrieverNames.size(); b++) {
                for (int m : names.headline()) {
                    jobs.add(new int[] {a, b, m});
                }
            }
        }
        PairwiseComparison[] out = new PairwiseComparison[jobs.size()];
        IntStream.range(0, jobs.size()).parallel().forEach(i -> {
            int[] j = jobs.get(i);
            String a = retrieverNames.get(j[0]);
            String b = retrieverNames.get(j[1]);
            PairedTestResult r = test.test(values.get(a)[j[2]], values.get(b)[j[2]]);
            out[i] = new PairwiseComparison(
                    a, b, names.get(j[2]), r.meanDifference(), r.pValue(), r.significantAt(0.05));
        });
        return List.of(out);
    }

    private List<Breakdown> breakdowns(MetricNames names, Map<String, double[][]> values, List<Prepared> prepared) {
        List<Breakdown> out = new ArrayList<>();
        Map<String, Map<String, List<Integer>>> groupings = new LinkedHashMap<>();
        Map<String, List<Integer>> byType = new TreeMap<>();
        Map<String, List<Integer>> byDocument = new TreeMap<>();
        Map<String, List<Integer>> byOverlap = new TreeMap<>();
        for (int i = 0; i < prepared.size(); i++) {
            Prepared p = prepared.get(i);
            String type = p.source() == null ? "UNKNOWN" : p.source().type().name();
            byType.computeIfAbsent(type, t -> new ArrayList<>()).add(i);
            byDocument
                    .computeIfAbsent(p.sample().documentId(), t -> new ArrayList<>())
                    .add(i);
            String bucket =
                    p.overlap() < 1.0 / 3 ? "low (<0.33)" : p.overlap() < 2.0 / 3 ? "mid (0.33-0.67)" : "high (>=0.67)";
            byOverlap.computeIfAbsent(bucket, t -> new ArrayList<>()).add(i);
        }
        groupings.put("chunk_type", byType);
        groupings.put("document", byDocument);
        groupings.put("lexical_overlap", byOverlap);
        for (var grouping : groupings.entrySet()) {
            for (var group : grouping.getValue().entrySet()) {
                List<Integer> idx = group.getValue();
                for (var retriever : values.entrySet()) {
                    Map<String, Double> means = new LinkedHashMap<>();
                    for (int m : names.headline()) {
                        double sum = 0;
                        for (int i : idx) {
                            sum += retriever.getValue()[m][i];
                        }
                        means.put(names.get(m), sum / idx.size());
                    }
                    out.add(new Breakdown(grouping.getKey(), group.getKey(), retriever.getKey(), idx.size(), means));
                }
            }
        }
        return out;
    }

    /** The metric names in computation order, and which are headline metrics. */
    static final class MetricNames {
        private final List<String> names = new ArrayList<>();
        private final List<Integer> headline = new ArrayList<>();

        MetricNames(int[] ks) {
            int maxK = Arrays.stream(ks).max().orElseThrow();
            for (String family : List.of("hit", "mrr", "ndcg", "recall", "precision")) {
                for (int k : ks) {
                    if (family.equals("hit")
                            || (k == maxK && !family.equals("recall") && !family.equals("precision"))) {
                        headline.add(names.size());
                    }
                    names.add(family + "@" + k);
                }
            }
            headline.add(names.size());
            names.add("map");
            names.add("r_precision");
            for (String family : List.of("section_hit", "child_hit")) {
                for (int k : ks) {
                    names.add(family + "@" + k);
                }
            }
        }

        int size() {
            return names.size();
        }

        String get(int i) {
            return names.get(i);
        }

        List<Integer> headline() {
            return headline;
        }
    }

    @Override
    public String toString() {
        return "BenchmarkRunner{retrievers="
                + retrievers.stream().map(Retriever::name).toList() + ", ks=" + Arrays.toString(ks) + ", relevance="
                + relevance.cliName() + ", " + bootstrap + ", " + test + "}";
    }

    /**
     * Retrieves every question's top {@code k}, recording each call's own latency. A call that fails
     * with a {@link RagLensException} counts as returning nothing and its reason is counted in {@code
     * failed}; an unreachable service stops the benchmark, since every further call would fail too.
     */
    private void retrieveAll(
            Retriever retriever,
            List<Prepared> prepared,
            int k,
            RetrievalResult[] results,
            long[] lat,
            Map<String, Integer> failed) {
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            for (int qi = next.getAndIncrement(); qi < prepared.size(); qi = next.getAndIncrement()) {
                String question = prepared.get(qi).sample().question();
                long start = System.nanoTime();
                try {
                    results[qi] = retriever.retrieve(question, k);
                } catch (ProviderUnreachableException e) {
                    throw e;
                } catch (RagLensException e) {
                    LOG.warn("{} failed on '{}': {}", retriever.name(), question, e.getMessage());
                    failed.merge(e.getMessage(), 1, Integer::sum);
                    results[qi] = new RetrievalResult(retriever.name(), question, List.of(), 0);
                }
                lat[qi] = System.nanoTime() - start;
            }
        };
        int threads = Math.min(retrievalThreads, prepared.size());
        if (threads <= 1) {
            worker.run();
            return;
        }
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<?>> running = new ArrayList<>(threads);
            for (int t = 0; t < threads; t++) {
                running.add(pool.submit(worker));
            }
            for (Future<?> f : running) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the benchmark was interrupted during retrieval by " + retriever.name(), e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Configures a {@link BenchmarkRunner}; not thread-safe. */
    public static final class Builder {
        private final List<Retriever> retrievers = new ArrayList<>();
        private int[] ks = {1, 3, 5, 10};
        private Relevance relevance = Relevance.CHUNK;
        private Bootstrap bootstrap = Bootstrap.defaults();
        private PairedRandomizationTest test = PairedRandomizationTest.defaults();
        private int retrievalThreads = Runtime.getRuntime().availableProcessors();
        private int evidenceWithin;
        private final Map<String, String> origins = new HashMap<>();

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
         * report marks it as external and shows where it lives.
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
         * The length-fair variant of evidence relevance: the evidence counts only when found in the
         * first {@code chars} characters of a context (whitespace normalised), so a system returning
         * much longer contexts than raglens's chunks cannot win by length alone. 0, the default,
         * searches whole contexts. The report's relevance names the window.
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder evidenceWithin(int chars) {
            if (chars < 0) {
                throw new IllegalArgumentException("evidenceWithin must be >= 0, was " + chars);
            }
            this.evidenceWithin = chars;
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
         * How many questions are retrieved at once (default: the available processors). Each call's
         * latency is still timed on its own; set 1 to time every query alone on an otherwise idle
         * machine, as a latency study wants.
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
         * Builds the runner.
         *
         * @throws IllegalStateException if no retriever was added
         */
        public BenchmarkRunner build() {
            if (retrievers.isEmpty()) {
                throw new IllegalStateException("a benchmark needs at least one retriever; call retriever(...)");
            }
            if (evidenceWithin > 0 && relevance != Relevance.EVIDENCE) {
                throw new IllegalStateException("evidenceWithin(" + evidenceWithin
                        + ") applies to evidence relevance only; call relevance(Relevance.EVIDENCE)");
            }
            return new BenchmarkRunner(this);
        }
    }
}
