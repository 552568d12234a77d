package io.github.raglens.benchmarks;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.inmemory.InMemoryEmbeddingStore;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.onnx.OnnxEmbeddings;
import io.github.raglens.retrieval.BeirDataset;
import io.github.raglens.retrieval.DenseRetriever;
import io.github.raglens.retrieval.LuceneIndex;
import io.github.raglens.retrieval.RetrievalConfig;
import io.github.raglens.retrieval.Retrievers;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.Retriever;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Per-query latency of every retriever on BEIR SciFact (query embedding timed apart), HNSW recall
 * against exact search, and the dense retriever against LangChain4j's {@code InMemoryEmbeddingStore}
 * holding the same vectors.
 */
@Command(
        name = "retrieval",
        description = "Retriever latency p50/p99 on SciFact, HNSW recall@10 vs exact, dense vs LangChain4j's"
                + " InMemoryEmbeddingStore on the same vectors.")
final class RetrievalBenchmark implements Callable<Integer> {

    @Option(
            names = "--dataset",
            defaultValue = "../shared/data/beir-scifact",
            description = "BEIR dataset folder (default: ${DEFAULT-VALUE}).")
    Path dataset;

    @Option(
            names = "--index",
            defaultValue = ".raglens/beir/beir-scifact/bge-small-en-v1.5-q",
            description = "Index folder, reused when complete, e.g. the one `raglens beir` wrote"
                    + " (default: ${DEFAULT-VALUE}).")
    Path indexDir;

    @Option(names = "--runs", defaultValue = "3", description = "Timed passes over all queries per retriever.")
    int runs;

    @Option(names = "--k", defaultValue = "10", description = "Hits per query.")
    int k;

    @Option(
            names = "--warmup",
            defaultValue = "20",
            description = "Untimed passes over all queries per retriever before timing; BM25 runs at ~1 ms until"
                    + " the JIT has compiled Lucene's postings code (up to ~4,000 queries on a loaded machine),"
                    + " 0.2 ms after; default ${DEFAULT-VALUE}.")
    int warmup;

    /** Returns precomputed query vectors, so retrieval is timed without the model. */
    record PrecomputedQueries(EmbeddingProvider model, Map<String, float[]> vectors) implements EmbeddingProvider {
        @Override
        public String modelName() {
            return model.modelName();
        }

        @Override
        public int dimension() {
            return model.dimension();
        }

        @Override
        public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
            List<float[]> out = new ArrayList<>(texts.size());
            for (String t : texts) {
                float[] v = purpose == EmbeddingPurpose.QUERY ? vectors.get(t) : null;
                out.add(v != null ? v.clone() : model.embed(List.of(t), purpose).get(0));
            }
            return out;
        }
    }

    @Override
    public Integer call() {
        BeirDataset data = BeirDataset.load(dataset);
        List<String> queries = List.copyOf(data.queries().values());
        Figures figures = new Figures("retrieval");
        figures.put("dataset", data.name())
                .put("documents", data.corpus().size())
                .put("queries", queries.size());
        try (OnnxEmbeddings model = OnnxEmbeddings.builder().bgeSmallEnV15().build();
                LuceneIndex index = LuceneIndex.builder().directory(indexDir).open()) {
            fill(index, data.corpus(), model);
            // Query embedding, timed on its own: the first pass over the queries right after the model
            // is loaded (ONNX Runtime plans its memory anew for each input length it has not seen),
            // then the timed passes, as the retrievers are timed.
            Map<String, float[]> vectors = new HashMap<>();
            for (String q : queries.subList(0, Math.min(20, queries.size()))) {
                model.embedQuery(q);
            }
            long[] firstPassNanos = new long[queries.size()];
            for (int i = 0; i < queries.size(); i++) {
                long t0 = System.nanoTime();
                vectors.put(queries.get(i), model.embedQuery(queries.get(i)));
                firstPassNanos[i] = System.nanoTime() - t0;
            }
            report(figures, "queryEmbeddingFirstPass", firstPassNanos);
            report(figures, "queryEmbedding", time(queries, 0, model::embedQuery));
            EmbeddingProvider cached = new PrecomputedQueries(model, vectors);
            RetrievalConfig config = RetrievalConfig.noExclusions();
            Map<String, double[]> p50s = new HashMap<>();
            try (RawLuceneQueries lucene = new RawLuceneQueries(indexDir)) {
                for (RetrieverKind kind : RetrieverKind.values()) {
                    String name = kind.label();
                    Retriever r = Retrievers.create(kind, index, cached, config);
                    RawLuceneQueries.Plan plan = RawLuceneQueries.Plan.of(kind, k, config.overRetrievalFactor());
                    long[][] nanos =
                            timePaired(queries, q -> r.retrieve(q, k), q -> lucene.run(plan, q, vectors.get(q)));
                    double[] own = report(figures, name, nanos[0]);
                    double[] raw = report(figures, name + "-raw-lucene", nanos[1]);
                    p50s.put(name, own);
                    double overhead = own[0] / raw[0] - 1;
                    figures.put(toCamel(name) + "OverheadVsRawLucene", overhead);
                    System.out.printf(
                            Locale.ROOT,
                            "%-22s overhead over its raw IndexSearcher queries (depth %d): %+.1f%% (ratio of p50s)%n",
                            name,
                            plan.depth(),
                            100 * overhead);
                }
            }
            // HNSW against exact search on the same vectors.
            Retriever hnsw =
                    DenseRetriever.builder(index, cached).config(config).build();
            Retriever exact = DenseRetriever.builder(index, cached)
                    .exact(true)
                    .config(config)
                    .build();
            double recall = 0;
            for (String q : queries) {
                Set<String> truth = new HashSet<>(exact.retrieve(q, 10).chunkIds());
                recall += hnsw.retrieve(q, 10).chunkIds().stream()
                                .filter(truth::contains)
                                .count()
                        / (double) truth.size();
            }
            figures.put("hnswRecallAt10VsExact", recall / queries.size());
            long[] exactNanos = time(queries, q -> exact.retrieve(q, k));
            report(figures, "denseExact", exactNanos);
            // The peer: LangChain4j's in-memory store over the same vectors (exhaustive cosine search).
            InMemoryEmbeddingStore<TextSegment> store = new InMemoryEmbeddingStore<>();
            List<String> ids = new ArrayList<>();
            List<Embedding> embeddings = new ArrayList<>();
            index.forEachVector((Chunk c, float[] v) -> {
                ids.add(c.id());
                embeddings.add(Embedding.from(v));
            });
            for (int i = 0; i < ids.size(); i++) {
                store.add(ids.get(i), embeddings.get(i));
            }
            double overlap = 0;
            for (String q : queries) {
                Set<String> truth = new HashSet<>(exact.retrieve(q, 10).chunkIds());
                List<EmbeddingMatch<TextSegment>> m = store.search(EmbeddingSearchRequest.builder()
                                .queryEmbedding(Embedding.from(vectors.get(q)))
                                .maxResults(10)
                                .build())
                        .matches();
                overlap +=
                        m.stream().filter(x -> truth.contains(x.embeddingId())).count() / (double) truth.size();
            }
            figures.put("langchain4jTop10OverlapWithExact", overlap / queries.size());
            long[] peerNanos = time(
                    queries,
                    q -> store.search(EmbeddingSearchRequest.builder()
                            .queryEmbedding(Embedding.from(vectors.get(q)))
                            .maxResults(k)
                            .build()));
            double[] peer = report(figures, "langchain4jInMemory", peerNanos);
            figures.put("denseSpeedupP50VsLangchain4j", peer[0] / p50s.get("dense")[0]);
            figures.put("denseExactSpeedupP50VsLangchain4j", peer[0] / percentiles(exactNanos)[0]);
        }
        figures.put("k", k)
                .put("runs", runs)
                .put("warmupPasses", Math.max(1, warmup))
                .put("threads", Runtime.getRuntime().availableProcessors());
        figures.print();
        return 0;
    }

    private static void fill(LuceneIndex index, List<Chunk> corpus, EmbeddingProvider model) {
        Set<String> present = new HashSet<>();
        index.chunks().forEach(c -> present.add(c.id()));
        List<Chunk> missing =
                corpus.stream().filter(c -> !present.contains(c.id())).toList();
        if (!missing.isEmpty()) {
            System.out.printf(Locale.ROOT, "embedding and indexing %,d documents…%n", missing.size());
            long t0 = System.nanoTime();
            index.addAll(missing, model);
            System.out.printf(Locale.ROOT, "indexed in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        }
    }

    /** {@code warmup} untimed passes, then {@code runs} timed passes; every query's time in every pass. */
    private long[] time(List<String> queries, java.util.function.Consumer<String> search) {
        return time(queries, Math.max(1, warmup), search);
    }

    /** {@code warmupPasses} untimed passes, then {@code runs} timed passes; every query's time in every pass. */
    private long[] time(List<String> queries, int warmupPasses, java.util.function.Consumer<String> search) {
        for (int w = 0; w < warmupPasses; w++) {
            queries.forEach(search);
        }
        long[] nanos = new long[queries.size() * runs];
        int i = 0;
        for (int r = 0; r < runs; r++) {
            for (String q : queries) {
                long t0 = System.nanoTime();
                search.accept(q);
                nanos[i++] = System.nanoTime() - t0;
            }
        }
        return nanos;
    }

    /**
     * {@code warmup} untimed passes of both, then {@code runs} timed passes in which each query runs
     * the retriever and its baseline one right after the other, so that both see the same load; every
     * query's two times. Which of the two goes first alternates from query to query: the second finds
     * the postings and vectors the first just read in the CPU caches, and would otherwise always be
     * the baseline.
     */
    private long[][] timePaired(
            List<String> queries,
            java.util.function.Consumer<String> retriever,
            java.util.function.Consumer<String> baseline) {
        for (int w = 0; w < Math.max(1, warmup); w++) {
            queries.forEach(retriever);
            queries.forEach(baseline);
        }
        long[][] nanos = new long[2][queries.size() * runs];
        int i = 0;
        for (int r = 0; r < runs; r++) {
            for (String q : queries) {
                boolean retrieverFirst = i % 2 == 0;
                long t0 = System.nanoTime();
                (retrieverFirst ? retriever : baseline).accept(q);
                long t1 = System.nanoTime();
                (retrieverFirst ? baseline : retriever).accept(q);
                long t2 = System.nanoTime();
                nanos[0][i] = retrieverFirst ? t1 - t0 : t2 - t1;
                nanos[1][i++] = retrieverFirst ? t2 - t1 : t1 - t0;
            }
        }
        return nanos;
    }

    /** p50 and p99 in milliseconds. */
    private static double[] percentiles(long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        return new double[] {
            s[(int) Math.ceil(0.50 * s.length) - 1] / 1e6, s[(int) Math.ceil(0.99 * s.length) - 1] / 1e6
        };
    }

    private static double[] report(Figures figures, String name, long[] nanos) {
        double[] p = percentiles(nanos);
        String key = toCamel(name);
        figures.put(key + "P50Ms", p[0]).put(key + "P99Ms", p[1]);
        System.out.printf(Locale.ROOT, "%-22s p50 %8.3f ms  p99 %8.3f ms%n", name, p[0], p[1]);
        return p;
    }

    private static String toCamel(String name) {
        StringBuilder b = new StringBuilder();
        boolean up = false;
        for (char c : name.toCharArray()) {
            if (c == '-') {
                up = true;
            } else {
                b.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        return b.toString();
    }
}
