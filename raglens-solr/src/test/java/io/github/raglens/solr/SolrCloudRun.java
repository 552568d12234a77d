package io.github.raglens.solr;

import com.fasterxml.jackson.databind.MappingIterator;
import io.github.raglens.internal.Json;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.Retriever;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The SolrCloud half of {@code ./benchmarks/run solrcloud}, run in its own JVM (Solr ships Lucene 9, the
 * in-process index Lucene 10): starts a two-node cluster in this JVM, loads the chunks with the vectors
 * the other half computed, runs every query through {@code bm25} and {@code dense}, then loads them again (replacing every chunk: the steady rate without
 * the collection's creation). Reads
 * {@code chunks.jsonl} and {@code queries.jsonl} from the folder given, writes {@code solr.json} there.
 *
 * <p>Arguments: {@code FOLDER SHARDS HITS}.
 */
public final class SolrCloudRun {

    /** A chunk and its passage vector. */
    record VectorChunk(Chunk chunk, float[] vector) {}

    /** A query and its vector. */
    record VectorQuery(String id, String text, float[] vector) {}

    /** What the run measured: load time, and per retriever the rankings and latencies. */
    record Result(
            int shards,
            int chunks,
            long loadNanos,
            long reloadNanos,
            Map<String, Map<String, List<Object[]>>> rankings,
            Map<String, long[]> latencyNanos) {}

    private SolrCloudRun() {}

    /** Runs the benchmark half; see the class comment for the arguments. */
    public static void main(String[] args) throws Exception {
        Path folder = Path.of(args[0]);
        int shards = Integer.parseInt(args[1]);
        int hits = Integer.parseInt(args[2]);
        List<VectorChunk> chunks = read(folder.resolve("chunks.jsonl"), VectorChunk.class);
        List<VectorQuery> queries = read(folder.resolve("queries.jsonl"), VectorQuery.class);
        Map<String, float[]> vectors = new HashMap<>();
        chunks.forEach(c -> vectors.put(c.chunk().text(), c.vector()));
        queries.forEach(q -> vectors.put(q.text(), q.vector()));
        EmbeddingProvider precomputed =
                new Precomputed("bge-small-en-v1.5-q", chunks.get(0).vector().length, vectors);

        try (TestCluster cluster = TestCluster.start();
                SolrIndex index = cluster.index("scifact").layout(shards, 1).open()) {
            long t0 = System.nanoTime();
            index.addAll(chunks.stream().map(VectorChunk::chunk).toList(), precomputed);
            long loadNanos = System.nanoTime() - t0;
            System.out.printf(
                    Locale.ROOT,
                    "solr: loaded %,d chunks into %d shards in %.1f s%n",
                    chunks.size(),
                    shards,
                    loadNanos / 1e9);
            Map<String, Map<String, List<Object[]>>> rankings = new LinkedHashMap<>();
            Map<String, long[]> latencies = new LinkedHashMap<>();
            for (String name : List.of("bm25", "dense")) {
                Retriever r = SolrRetrievers.create(RetrieverKind.parse(name), index, precomputed, Set.of());
                for (VectorQuery q : queries) {
                    r.retrieve(q.text(), hits);
                }
                Map<String, List<Object[]>> byQuery = new LinkedHashMap<>();
                long[] nanos = new long[queries.size()];
                for (int i = 0; i < queries.size(); i++) {
                    long s = System.nanoTime();
                    List<RetrievedChunk> found =
                            r.retrieve(queries.get(i).text(), hits).hits();
                    nanos[i] = System.nanoTime() - s;
                    List<Object[]> ranked = new ArrayList<>(found.size());
                    found.forEach(h -> ranked.add(new Object[] {h.chunk().id(), h.score()}));
                    byQuery.put(queries.get(i).id(), ranked);
                }
                rankings.put(name, byQuery);
                latencies.put(name, nanos);
            }
            // The steady rate, without creating the collection: emptied first, as the same chunks sent
            // again would be found held and neither embedded nor sent.
            index.deleteAll();
            long t1 = System.nanoTime();
            index.addAll(chunks.stream().map(VectorChunk::chunk).toList(), precomputed);
            long reloadNanos = System.nanoTime() - t1;
            System.out.printf(Locale.ROOT, "solr: loaded them again in %.1f s%n", reloadNanos / 1e9);
            Json.writer()
                    .writeValue(
                            folder.resolve("solr.json").toFile(),
                            new Result(shards, chunks.size(), loadNanos, reloadNanos, rankings, latencies));
        }
        // Solr leaves non-daemon threads behind its shutdown.
        System.exit(0);
    }

    private static <T> List<T> read(Path file, Class<T> type) throws IOException {
        List<T> out = new ArrayList<>();
        try (MappingIterator<T> it = Json.reader().forType(type).readValues(Files.newBufferedReader(file))) {
            while (it.hasNext()) {
                out.add(it.next());
            }
        }
        return out;
    }

    /** Vectors computed by the other half, looked up by text. */
    private record Precomputed(String modelName, int dimension, Map<String, float[]> byText)
            implements EmbeddingProvider {
        @Override
        public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
            List<float[]> out = new ArrayList<>(texts.size());
            for (String t : texts) {
                float[] v = byText.get(t);
                if (v == null) {
                    throw new IllegalStateException("no precomputed vector for text '" + t + "'");
                }
                out.add(v.clone());
            }
            return out;
        }
    }
}
