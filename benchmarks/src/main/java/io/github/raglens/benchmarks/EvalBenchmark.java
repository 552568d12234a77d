package io.github.raglens.benchmarks;

import io.github.raglens.chunk.SectionChunker;
import io.github.raglens.eval.benchmark.BenchmarkRunner;
import io.github.raglens.eval.trec.TrecRuns;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.Document;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.model.Section;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.retrieval.BeirDataset;
import io.github.raglens.retrieval.LuceneIndex;
import io.github.raglens.retrieval.RetrievalConfig;
import io.github.raglens.retrieval.Retrievers;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.Retriever;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The whole retrieval benchmark as {@code raglens benchmark} runs it, excluding only LLM time: every
 * question retrieved by each of the five default retrievers over a real Lucene index of about 10,000
 * chunks, relevance judging, metrics at every K, 10,000-resample bootstrap intervals, paired
 * randomization tests, breakdowns, and writing {@code benchmark.json} plus the TREC run files.
 *
 * <p>Corpus and questions are real text: BEIR SciFact abstracts, each a one-section document cut by
 * the real {@link SectionChunker} (parents and fragments, so the expanding retrievers expand), and
 * one question per judged (claim, abstract) pair of SciFact's train and test splits, its source chunk
 * the abstract's fragment that shares the most terms with the claim. Building the index and embedding the queries happen
 * before the timed part and are reported apart. Embeddings are a deterministic feature-hashing
 * model ({@link HashingEmbeddings}), not the ONNX model: its vectors are as large (384 dimensions) and
 * go through the same HNSW search, but embedding the corpus takes seconds instead of minutes.
 */
@Command(
        name = "eval-benchmark",
        description = "The whole retrieval benchmark (5 retrievers over a Lucene index of ~10,000 chunks, metrics"
                + " at every K, bootstrap CIs, paired tests, breakdowns, benchmark.json), LLM time excluded.")
final class EvalBenchmark implements Callable<Integer> {

    @Option(
            names = "--dataset",
            defaultValue = "../shared/data/beir-scifact",
            description = "BEIR SciFact folder (default: ${DEFAULT-VALUE}).")
    Path dataset;

    @Option(names = "--questions", defaultValue = "1000", description = "Questions (default: ${DEFAULT-VALUE}).")
    int questions;

    @Option(
            names = "--chunks",
            defaultValue = "10000",
            description = "Chunks in the corpus: whole abstracts are added until there are this many, then cut"
                    + " (default: ${DEFAULT-VALUE}).")
    int chunks;

    @Option(
            names = "--retrievers",
            split = ",",
            converter = KindConverter.class,
            description = "Retrievers (default: those of `raglens benchmark`, ${DEFAULT-VALUE}).")
    List<RetrieverKind> retrieverKinds = RetrieverKind.defaults();

    /** Reads a retriever's name as raglens does. */
    static final class KindConverter implements CommandLine.ITypeConverter<RetrieverKind> {
        @Override
        public RetrieverKind convert(String value) {
            return RetrieverKind.parse(value);
        }
    }

    @Option(
            names = "--in-memory",
            description = "Index in memory (Lucene's ByteBuffersDirectory) instead of a temporary folder on disk.")
    boolean inMemory;

    @Option(
            names = "--index-threads",
            defaultValue = "1",
            description = "Threads building the index (untimed). One, the default, adds the chunks in the same"
                    + " order and builds the same HNSW graph on every run, so that two builds' results can be"
                    + " compared; more threads make the graph, and so dense hits, differ run to run.")
    int indexThreads;

    @Option(
            names = "--keep",
            description = "Folder that keeps benchmark.json and the TREC runs of the last run (to compare the"
                    + " results of two builds: `diff -r`); by default they go to a temporary folder, deleted.")
    Path keep;

    @Option(names = "--runs", defaultValue = "2", description = "Timed runs; the first is cold (default: 2).")
    int runs;

    @Option(
            names = "--replays",
            defaultValue = "5",
            description = "Afterwards, evaluations over the recorded retrieval results, timed apart (default: 5).")
    int replays;

    @Override
    public Integer call() throws IOException {
        Setup setup = setup();
        System.out.printf(
                Locale.ROOT,
                "corpus: %,d chunks (%,d abstracts; %,d whole sections, %,d fragments); %,d questions%n",
                setup.corpus.size(),
                setup.corpus.stream().map(Chunk::documentId).distinct().count(),
                setup.corpus.stream()
                        .filter(c -> c.type() == ChunkType.PARENT_SECTION)
                        .count(),
                setup.corpus.stream().filter(Chunk::isFragment).count(),
                setup.questions.size());

        EmbeddingProvider model = new HashingEmbeddings(384);
        long t0 = System.nanoTime();
        // On disk, as `raglens benchmark` reads a workspace's index: memory-mapped vectors are scored in
        // place, where an in-memory index copies every visited vector out of its byte buffers first.
        Path indexDir = inMemory ? null : Files.createTempDirectory("raglens-eval-index");
        LuceneIndex index = (inMemory
                        ? LuceneIndex.builder().inMemory()
                        : LuceneIndex.builder().directory(indexDir))
                .threads(indexThreads)
                .open();
        index.addAll(setup.corpus, model);
        double indexMillis = (System.nanoTime() - t0) / 1e6;
        long t1 = System.nanoTime();
        Map<String, float[]> vectors = new HashMap<>();
        for (QuestionSample q : setup.questions) {
            vectors.put(q.question(), model.embedQuery(q.question()));
        }
        double queryEmbeddingMillis = (System.nanoTime() - t1) / 1e6;
        System.out.printf(
                Locale.ROOT,
                "untimed: index built in %.0f ms (embedding included); %d query embeddings in %.0f ms%n",
                indexMillis,
                vectors.size(),
                queryEmbeddingMillis);
        EmbeddingProvider cached = new RetrievalBenchmark.PrecomputedQueries(model, vectors);
        List<Retriever> retrievers = new ArrayList<>();
        for (RetrieverKind kind : retrieverKinds) {
            retrievers.add(new CpuTimed(Retrievers.create(kind, index, cached, RetrievalConfig.defaults())));
        }

        List<String> phases = List.of("retrieval", "metrics", "intervals", "tests", "breakdowns", "output");
        Map<String, double[]> phaseRuns = new LinkedHashMap<>();
        phases.forEach(p -> phaseRuns.put(p, new double[runs]));
        double[] total = new double[runs];
        double[] cpu = new double[runs];
        double[] retrievalCpu = new double[runs];
        double[] replayTotal = new double[replays];
        Map<String, double[]> replayPhases = new LinkedHashMap<>();
        Path out = keep == null ? Files.createTempDirectory("raglens-eval-benchmark") : Files.createDirectories(keep);
        try {
            for (int run = 0; run < runs; run++) {
                long cpuStart = processCpuNanos();
                CpuTimed.reset(retrievers);
                long start = System.nanoTime();
                BenchmarkResult report =
                        BenchmarkRunner.builder().retrievers(retrievers).build().run(setup.questions, setup.corpus);
                long written = System.nanoTime();
                report.writeJson(out.resolve("benchmark.json"));
                TrecRuns.write(report, out.resolve("runs"));
                long end = System.nanoTime();
                total[run] = (end - start) / 1e6;
                cpu[run] = (processCpuNanos() - cpuStart) / 1e6;
                retrievalCpu[run] = CpuTimed.total(retrievers) / 1e6;
                Map<String, Double> p = new LinkedHashMap<>(report.phaseMillis());
                p.put("output", (end - written) / 1e6);
                StringBuilder line = new StringBuilder(String.format(
                        Locale.ROOT, "run %d%s: total %.0f ms (", run + 1, run == 0 ? " (cold)" : "", total[run]));
                for (String phase : phases) {
                    phaseRuns.get(phase)[run] = p.get(phase);
                    line.append(String.format(Locale.ROOT, "%s %.0f, ", phase, p.get(phase)));
                }
                line.setLength(line.length() - 2);
                line.append(String.format(
                        Locale.ROOT,
                        "); process CPU %.0f ms, retrieval thread CPU %.0f ms; metrics share %.1f%%; hit@10 and p50 ms: %s; benchmark.json %,d"
                                + " bytes",
                        cpu[run],
                        retrievalCpu[run],
                        100 * p.get("metrics") / total[run],
                        hits(report),
                        Files.size(out.resolve("benchmark.json"))));
                System.out.println(line);
            }
            // The evaluation alone, warm, over the last run's retrieval results replayed: less noisy
            // figures for raglens-eval's own part.
            CpuTimed.replay(retrievers);
            for (int i = 0; i < replays; i++) {
                long start = System.nanoTime();
                BenchmarkResult report =
                        BenchmarkRunner.builder().retrievers(retrievers).build().run(setup.questions, setup.corpus);
                long written = System.nanoTime();
                report.writeJson(out.resolve("benchmark.json"));
                TrecRuns.write(report, out.resolve("runs"));
                long end = System.nanoTime();
                replayTotal[i] = (end - start - report.phaseMillis().get("retrieval") * 1e6) / 1e6;
                replayPhases.computeIfAbsent("metrics", x -> new double[replays])[i] =
                        report.phaseMillis().get("metrics");
                replayPhases.computeIfAbsent("intervals", x -> new double[replays])[i] =
                        report.phaseMillis().get("intervals");
                replayPhases.computeIfAbsent("tests", x -> new double[replays])[i] =
                        report.phaseMillis().get("tests");
                replayPhases.computeIfAbsent("breakdowns", x -> new double[replays])[i] =
                        report.phaseMillis().get("breakdowns");
                replayPhases.computeIfAbsent("output", x -> new double[replays])[i] = (end - written) / 1e6;
            }
            if (replays > 0) {
                StringBuilder line = new StringBuilder(String.format(
                        Locale.ROOT,
                        "evaluation alone (retrieval replayed), median of %d: %.0f ms (",
                        replays,
                        Figures.median(replayTotal)));
                replayPhases.forEach(
                        (phase, ms) -> line.append(String.format(Locale.ROOT, "%s %.0f, ", phase, Figures.median(ms))));
                line.setLength(line.length() - 2);
                System.out.println(line.append(')'));
            }
        } finally {
            if (keep == null) {
                deleteTree(out);
            }
            index.close();
            if (indexDir != null) {
                deleteTree(indexDir);
            }
        }
        double totalMedian = Figures.median(total);
        double metricsMedian = Figures.median(phaseRuns.get("metrics"));
        double statsMedian = Figures.median(sum(phaseRuns.get("intervals"), phaseRuns.get("tests")));
        Figures figures = new Figures("eval-benchmark")
                .put("questions", setup.questions.size())
                .put("chunks", setup.corpus.size())
                .put("retrievers", retrievers.size())
                .put("embeddings", model.modelName())
                .put("index", inMemory ? "memory" : "disk")
                .put("indexThreads", indexThreads)
                .put("indexBuildMillisUntimed", indexMillis)
                .put("queryEmbeddingMillisUntimed", queryEmbeddingMillis)
                .put("totalMillisMedian", totalMedian)
                .put("totalMillisCold", total[0])
                .put("processCpuMillisMedian", Figures.median(cpu))
                .put("retrievalThreadCpuMillisMedian", Figures.median(retrievalCpu));
        for (String phase : phases) {
            figures.put(phase + "MillisMedian", Figures.median(phaseRuns.get(phase)));
        }
        if (replays > 0) {
            figures.put("evaluationOnlyMillisMedian", Figures.median(replayTotal));
            replayPhases.forEach((phase, ms) -> figures.put(
                    "evaluationOnly" + Character.toUpperCase(phase.charAt(0)) + phase.substring(1) + "MillisMedian",
                    Figures.median(ms)));
        }
        figures.put("metricsShareOfTotal", metricsMedian / totalMedian)
                .put("statsShareOfTotal", statsMedian / totalMedian)
                .put("targetTotalMillis", 2_000L)
                .put("targetMetricsShare", 0.05)
                .put("loadAverage", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage())
                .put("cores", Runtime.getRuntime().availableProcessors())
                .print();
        return 0;
    }

    private static String hits(BenchmarkResult report) {
        StringBuilder sb = new StringBuilder();
        report.retrievers()
                .forEach(r -> sb.append(String.format(
                        Locale.ROOT,
                        "%s %.3f %.2f, ",
                        r.retriever(),
                        r.metrics().get("hit@10").mean(),
                        r.latency().p50Millis())));
        sb.setLength(sb.length() - 2);
        return sb.toString();
    }

    /**
     * A retriever that adds up the CPU time its calls take on the calling thread, so that retrieval's
     * own cost can be told apart from time lost to other processes on a loaded machine.
     */
    static final class CpuTimed implements Retriever {
        private static final java.lang.management.ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
        private final Retriever inner;
        private final java.util.concurrent.atomic.LongAdder nanos = new java.util.concurrent.atomic.LongAdder();
        private final Map<String, io.github.raglens.model.RetrievalResult> recorded =
                new java.util.concurrent.ConcurrentHashMap<>();
        private volatile boolean replay;

        CpuTimed(Retriever inner) {
            this.inner = inner;
        }

        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public io.github.raglens.model.RetrievalResult retrieve(String query, int k) {
            if (replay) {
                return recorded.get(query);
            }
            long t0 = THREADS.getCurrentThreadCpuTime();
            try {
                io.github.raglens.model.RetrievalResult result = inner.retrieve(query, k);
                recorded.put(query, result);
                return result;
            } finally {
                nanos.add(THREADS.getCurrentThreadCpuTime() - t0);
            }
        }

        /** From now on answers every query with the result recorded for it, without searching. */
        static void replay(List<Retriever> retrievers) {
            retrievers.forEach(r -> ((CpuTimed) r).replay = true);
        }

        static void reset(List<Retriever> retrievers) {
            retrievers.forEach(r -> ((CpuTimed) r).nanos.reset());
        }

        static long total(List<Retriever> retrievers) {
            return retrievers.stream()
                    .mapToLong(r -> ((CpuTimed) r).nanos.sum())
                    .sum();
        }
    }

    /** CPU time of the whole process (all threads), so that figures can be read apart from the load. */
    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime()
                : -1;
    }

    private static double[] sum(double[] a, double[] b) {
        double[] s = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            s[i] = a[i] + b[i];
        }
        return s;
    }

    /** The corpus and the questions. */
    private record Setup(List<Chunk> corpus, List<QuestionSample> questions) {}

    /**
     * Chunks SciFact's abstracts (one single-section document each) with the section chunker until
     * {@code chunks} chunks, and turns the claims whose first relevant abstract made it into questions.
     */
    private Setup setup() {
        BeirDataset test = BeirDataset.load(dataset, "test");
        BeirDataset train = BeirDataset.load(dataset, "train");
        // Abstracts above 1,500 characters become a parent and fragments of about 1,000: 10,977 chunks
        // for SciFact's 5,183 abstracts, so 10,000 hold about nine in ten of them.
        SectionChunker chunker = SectionChunker.builder()
                .maxSectionChars(1_500)
                .fragmentChars(1_000)
                .fragmentOverlap(100)
                .build();
        List<Chunk> corpus = new ArrayList<>(chunks);
        Map<String, List<Chunk>> byDocument = new HashMap<>();
        for (Chunk abstractChunk : test.corpus()) {
            if (corpus.size() >= chunks) {
                break;
            }
            String title =
                    abstractChunk.sectionPath().isBlank() ? abstractChunk.documentId() : abstractChunk.sectionPath();
            Section root = Section.of(abstractChunk.documentId() + "-abstract", title, 0, abstractChunk.text());
            Document doc = new Document(abstractChunk.documentId(), title, "scifact", 0, Map.of(), root);
            List<Chunk> parts = chunker.chunk(doc);
            List<Chunk> kept = parts.subList(0, Math.min(parts.size(), chunks - corpus.size()));
            corpus.addAll(kept);
            byDocument.put(abstractChunk.documentId(), List.copyOf(kept));
        }
        Map<String, String> queries = new LinkedHashMap<>(train.queries());
        queries.putAll(test.queries());
        Map<String, Map<String, Integer>> qrels = new HashMap<>(train.qrels());
        qrels.putAll(test.qrels());
        List<QuestionSample> qs = new ArrayList<>(questions);
        // One question per judged (claim, abstract) pair, as question generation gives one per chunk.
        for (var query : queries.entrySet()) {
            List<String> relevant = qrels.getOrDefault(query.getKey(), Map.of()).keySet().stream()
                    .sorted()
                    .toList();
            for (String docId : relevant) {
                List<Chunk> parts = byDocument.get(docId);
                if (qs.size() >= questions || parts == null || parts.isEmpty()) {
                    continue;
                }
                Set<String> terms = terms(query.getValue());
                Chunk source = parts.stream()
                        .filter(c -> parts.size() == 1 || c.isFragment())
                        .max(Comparator.comparingLong(c -> overlap(terms, c.text())))
                        .orElse(parts.getFirst());
                String text = source.text();
                int end = text.indexOf(' ', Math.min(text.length() - 1, 80));
                qs.add(new QuestionSample(
                        "scifact-" + query.getKey() + "-" + docId,
                        query.getValue(),
                        "see the abstract",
                        end < 0 ? text : text.substring(0, end),
                        source.id(),
                        source.documentId(),
                        source.sectionId(),
                        QuestionStatus.SUCCESS,
                        ""));
            }
        }
        if (qs.size() < questions) {
            throw new IllegalStateException(
                    "only " + qs.size() + " judged SciFact (claim, abstract) pairs have the abstract among the "
                            + corpus.size() + " chunks; use fewer --questions or more --chunks");
        }
        return new Setup(corpus, qs);
    }

    private static Set<String> terms(String text) {
        Set<String> out = new HashSet<>();
        for (String t : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (t.length() > 2) {
                out.add(t);
            }
        }
        return out;
    }

    private static long overlap(Set<String> terms, String text) {
        return terms(text).stream().filter(terms::contains).count();
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    /**
     * A deterministic, cheap embedding: each lower-cased letter/digit run and each pair of adjacent runs
     * adds ±1 to one of {@code dimension} components chosen by its hash; the vector is L2-normalised.
     * Texts that share words get similar vectors, so dense search behaves like (weak) semantic search.
     */
    static final class HashingEmbeddings implements EmbeddingProvider {
        private final int dimension;

        HashingEmbeddings(int dimension) {
            this.dimension = dimension;
        }

        @Override
        public String modelName() {
            return "feature-hashing-" + dimension;
        }

        @Override
        public int dimension() {
            return dimension;
        }

        @Override
        public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
            List<float[]> out = new ArrayList<>(texts.size());
            for (String t : texts) {
                out.add(embedOne(t));
            }
            return out;
        }

        private float[] embedOne(String text) {
            float[] v = new float[dimension];
            int previous = 0;
            int hash = 0;
            boolean inWord = false;
            for (int i = 0; i <= text.length(); i++) {
                char c = i < text.length() ? Character.toLowerCase(text.charAt(i)) : ' ';
                if (Character.isLetterOrDigit(c)) {
                    hash = 31 * hash + c;
                    inWord = true;
                } else if (inWord) {
                    add(v, mix(hash));
                    if (previous != 0) {
                        add(v, mix(previous * 0x9E3779B9 + hash));
                    }
                    previous = hash;
                    hash = 0;
                    inWord = false;
                }
            }
            double norm = 0;
            for (float x : v) {
                norm += x * x;
            }
            if (norm == 0) {
                v[0] = 1;
                return v;
            }
            float scale = (float) (1 / Math.sqrt(norm));
            for (int i = 0; i < dimension; i++) {
                v[i] *= scale;
            }
            return v;
        }

        private void add(float[] v, int h) {
            v[Math.floorMod(h, dimension)] += (h & 0x4000_0000) != 0 ? 1 : -1;
        }

        private static int mix(int h) {
            h ^= h >>> 16;
            h *= 0x85EB_CA6B;
            h ^= h >>> 13;
            h *= 0xC2B2_AE35;
            return h ^ (h >>> 16);
        }
    }
}
