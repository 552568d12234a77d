package io.github.raglens.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SequenceWriter;
import io.github.raglens.eval.RetrievalMetrics;
import io.github.raglens.eval.ScoredId;
import io.github.raglens.internal.Json;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.onnx.OnnxEmbeddings;
import io.github.raglens.retrieval.BeirDataset;
import io.github.raglens.retrieval.LuceneIndex;
import io.github.raglens.retrieval.RetrievalConfig;
import io.github.raglens.retrieval.Retrievers;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.Retriever;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * SciFact through the in-process Lucene index and a SolrCloud collection in one run, on the same
 * vectors: nDCG@10 and Recall@100 of {@code bm25} and {@code dense} on both, load throughput and query
 * latency. The SolrCloud half runs in its own JVM (Solr ships Lucene 9, the in-process index Lucene 10)
 * on raglens-solr's test classpath, where a two-node cluster starts in-process.
 */
@Command(
        name = "solrcloud",
        description = "SciFact nDCG@10/Recall@100, load chunks/s and query p50/p99 of bm25 and dense through the"
                + " Lucene index and a SolrCloud collection, same vectors, one run.")
final class SolrCloudBenchmark implements Callable<Integer> {

    private static final int HITS = 100;
    private static final List<String> RETRIEVERS = List.of("bm25", "dense");

    @Option(
            names = "--dataset",
            defaultValue = "../shared/data/beir-scifact",
            description = "BEIR dataset folder (default: ${DEFAULT-VALUE}).")
    Path dataset;

    @Option(
            names = "--index",
            defaultValue = ".raglens/beir/beir-scifact/bge-small-en-v1.5-q",
            description = "Lucene index folder holding the corpus's vectors, reused when complete"
                    + " (default: ${DEFAULT-VALUE}).")
    Path indexDir;

    @Option(names = "--shards", defaultValue = "2", description = "Shards of the collection (default: 2).")
    int shards;

    @Option(
            names = "--docs",
            defaultValue = "0",
            description = "Index only every judged document plus the first N others, in memory (embedding all"
                    + " 5,183 takes long on a loaded machine); 0 for the whole corpus in --index (default).")
    int docs;

    @Option(
            names = "--solr-classpath",
            defaultValue = "raglens-solr/target/test-classpath.txt",
            description = "raglens-solr's test classpath file, written by its build (default: ${DEFAULT-VALUE}).")
    Path solrClasspath;

    /** Vectors computed once, looked up by text (passages) or query text. */
    private record Precomputed(EmbeddingProvider model, Map<String, float[]> byText) implements EmbeddingProvider {
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
                float[] v = byText.get(t);
                out.add(v != null ? v.clone() : model.embed(List.of(t), purpose).get(0));
            }
            return out;
        }
    }

    @Override
    public Integer call() throws Exception {
        BeirDataset data = subset(BeirDataset.load(dataset));
        Path exchange = Files.createTempDirectory("raglens-solrcloud");
        Figures figures = new Figures("solrcloud");
        figures.put("dataset", data.name())
                .put("documents", data.corpus().size())
                .put("queries", data.queries().size())
                .put("shards", shards)
                .put("corpus_subset_others", docs);
        Map<String, Map<String, List<ScoredId>>> lucene = new LinkedHashMap<>();
        try (OnnxEmbeddings model = OnnxEmbeddings.builder().bgeSmallEnV15().build();
                LuceneIndex stored = docs == 0
                        ? LuceneIndex.builder().directory(indexDir).open()
                        : LuceneIndex.builder().open()) {
            if (stored.size() < data.corpus().size()) {
                System.out.printf(
                        Locale.ROOT,
                        "embedding and indexing %,d documents…%n",
                        data.corpus().size());
                stored.addAll(data.corpus(), model);
            }
            Map<String, float[]> vectors = new HashMap<>();
            List<Chunk> chunks = new ArrayList<>();
            try (SequenceWriter w = Json.writer()
                    .withRootValueSeparator("\n")
                    .writeValues(exchange.resolve("chunks.jsonl").toFile())) {
                stored.forEachVector((c, v) -> {
                    chunks.add(c);
                    vectors.put(c.text(), v);
                    write(w, Map.of("chunk", c, "vector", v));
                });
            }
            try (SequenceWriter w = Json.writer()
                    .withRootValueSeparator("\n")
                    .writeValues(exchange.resolve("queries.jsonl").toFile())) {
                for (Map.Entry<String, String> q : data.queries().entrySet()) {
                    float[] v = model.embedQuery(q.getValue());
                    vectors.put(q.getValue(), v);
                    w.write(Map.of("id", q.getKey(), "text", q.getValue(), "vector", v));
                }
            }
            EmbeddingProvider precomputed = new Precomputed(model, vectors);
            // The peer's load: a fresh in-memory index from the same vectors, as Solr gets them.
            try (LuceneIndex index = LuceneIndex.builder().open()) {
                long t0 = System.nanoTime();
                index.addAll(chunks, precomputed);
                figures.put("lucene_load_chunks_per_s", chunks.size() / ((System.nanoTime() - t0) / 1e9), 0);
                for (String name : RETRIEVERS) {
                    Retriever r = Retrievers.create(
                            RetrieverKind.parse(name), index, precomputed, RetrievalConfig.noExclusions());
                    lucene.put(name, run(r, data, figures, "lucene_" + name));
                }
            }
        }
        runSolr(exchange);
        JsonNode solr = Json.readTree(exchange.resolve("solr.json"));
        long solrChunks = solr.get("chunks").asLong();
        figures.put(
                        "solr_load_chunks_per_s",
                        solrChunks / (solr.get("reloadNanos").asLong() / 1e9),
                        0)
                .put("solr_first_load_with_creation_s", solr.get("loadNanos").asLong() / 1e9, 1);
        System.out.printf(Locale.ROOT, "%-6s %-12s %8s %10s%n", "", "backend", "nDCG@10", "Recall@100");
        for (String name : RETRIEVERS) {
            Map<String, List<ScoredId>> fromSolr = new LinkedHashMap<>();
            solr.get("rankings").get(name).properties().forEach(e -> {
                List<ScoredId> ranked = new ArrayList<>();
                e.getValue()
                        .forEach(h -> ranked.add(
                                new ScoredId(h.get(0).asText(), h.get(1).asDouble())));
                fromSolr.put(e.getKey(), ranked);
            });
            long[] nanos = Json.fromTree(solr.get("latencyNanos").get(name), long[].class);
            latency(figures, "solr_" + name, nanos);
            double[] l = quality(lucene.get(name), data);
            double[] s = quality(fromSolr, data);
            figures.put("ndcg10_lucene_" + name, l[0], 4)
                    .put("ndcg10_solr_" + name, s[0], 4)
                    .put("recall100_lucene_" + name, l[1], 4)
                    .put("recall100_solr_" + name, s[1], 4)
                    .put("top10_overlap_" + name, overlap(lucene.get(name), fromSolr, 10), 4);
            System.out.printf(Locale.ROOT, "%-6s %-12s %8.4f %10.4f%n", name, "lucene", l[0], l[1]);
            System.out.printf(Locale.ROOT, "%-6s %-12s %8.4f %10.4f%n", name, "solrcloud", s[0], s[1]);
        }
        figures.put("threads", Runtime.getRuntime().availableProcessors());
        figures.print();
        return 0;
    }

    /** The dataset, or with {@code --docs N} its judged documents plus the first N others. */
    private BeirDataset subset(BeirDataset full) {
        if (docs == 0) {
            return full;
        }
        Set<String> judged = new HashSet<>();
        full.qrels().values().forEach(m -> judged.addAll(m.keySet()));
        List<Chunk> kept = new ArrayList<>();
        int others = 0;
        for (Chunk c : full.corpus()) {
            if (judged.contains(c.id())) {
                kept.add(c);
            } else if (others < docs) {
                kept.add(c);
                others++;
            }
        }
        return new BeirDataset(full.name(), kept, full.queries(), full.qrels());
    }

    private static void write(SequenceWriter w, Object value) {
        try {
            w.write(value);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** One warm pass, then one timed pass: every query's ranking and latency. */
    private static Map<String, List<ScoredId>> run(Retriever r, BeirDataset data, Figures figures, String key) {
        data.queries().values().forEach(q -> r.retrieve(q, HITS));
        Map<String, List<ScoredId>> out = new LinkedHashMap<>();
        long[] nanos = new long[data.queries().size()];
        int i = 0;
        for (Map.Entry<String, String> q : data.queries().entrySet()) {
            long t0 = System.nanoTime();
            List<RetrievedChunk> hits = r.retrieve(q.getValue(), HITS).hits();
            nanos[i++] = System.nanoTime() - t0;
            out.put(
                    q.getKey(),
                    hits.stream()
                            .map(h -> new ScoredId(h.chunk().id(), h.score()))
                            .toList());
        }
        latency(figures, key, nanos);
        return out;
    }

    private static void latency(Figures figures, String key, long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        figures.put(key + "_p50_ms", s[(int) Math.ceil(0.50 * s.length) - 1] / 1e6)
                .put(key + "_p99_ms", s[(int) Math.ceil(0.99 * s.length) - 1] / 1e6);
    }

    /** Mean nDCG@10 and Recall@100 over the judged queries, as trec_eval ranks (score, then id). */
    private static double[] quality(Map<String, List<ScoredId>> rankings, BeirDataset data) {
        double ndcg = 0;
        double recall = 0;
        for (String q : data.queries().keySet()) {
            List<String> ranking = RetrievalMetrics.trecOrder(rankings.getOrDefault(q, List.of()));
            Map<String, Double> gains = new HashMap<>();
            Set<String> relevant = new HashSet<>();
            data.qrels().get(q).forEach((doc, rel) -> {
                if (rel > 0) {
                    gains.put(doc, rel.doubleValue());
                    relevant.add(doc);
                }
            });
            ndcg += RetrievalMetrics.ndcgAt(ranking, gains, 10);
            recall += RetrievalMetrics.recallAt(ranking, relevant, 100);
        }
        int n = data.queries().size();
        return new double[] {ndcg / n, recall / n};
    }

    /** Mean share of the first list's top k that the second list also has in its top k. */
    private static double overlap(Map<String, List<ScoredId>> a, Map<String, List<ScoredId>> b, int k) {
        double sum = 0;
        for (Map.Entry<String, List<ScoredId>> e : a.entrySet()) {
            Set<String> mine = new HashSet<>();
            e.getValue().stream().limit(k).forEach(s -> mine.add(s.id()));
            long shared = b.getOrDefault(e.getKey(), List.of()).stream()
                    .limit(k)
                    .filter(s -> mine.contains(s.id()))
                    .count();
            sum += mine.isEmpty() ? 1 : shared / (double) mine.size();
        }
        return a.isEmpty() ? 0 : sum / a.size();
    }

    private void runSolr(Path exchange) throws IOException, InterruptedException {
        if (!Files.exists(solrClasspath)) {
            throw new IllegalStateException(solrClasspath + " is missing; build raglens-solr first: ./mvnw -B -q -pl"
                    + " raglens-solr -am test-compile");
        }
        Path module = solrClasspath.toAbsolutePath().getParent();
        String classpath = module.resolve("test-classes")
                + java.io.File.pathSeparator
                + module.resolve("classes")
                + java.io.File.pathSeparator
                + Files.readString(solrClasspath).strip();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(
                        java,
                        "-Xmx3g",
                        "-cp",
                        classpath,
                        "io.github.raglens.solr.SolrCloudRun",
                        exchange.toString(),
                        Integer.toString(shards),
                        Integer.toString(HITS))
                .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        int rc = p.waitFor();
        if (rc != 0) {
            throw new IllegalStateException("the SolrCloud half failed (exit " + rc + "); see its output above");
        }
    }
}
