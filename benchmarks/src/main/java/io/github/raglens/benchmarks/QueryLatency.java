package io.github.raglens.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.model.embedding.EmbeddingModel;
import io.github.raglens.internal.Json;
import io.github.raglens.onnx.OnnxEmbeddings;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One-query embedding latency, as a search pays it: raglens-onnx's {@code embedQuery} and
 * LangChain4j's {@code embed} on the same BGE-prefixed queries, one at a time, interleaved so both
 * see the same load. Wall-clock p50 and p99, and the process CPU per query (the mean), which a loaded
 * machine inflates less than the wall clock.
 */
final class QueryLatency {

    /** The BGE v1.5 query instruction, which raglens adds itself and LangChain4j is given. */
    private static final String BGE_QUERY_PREFIX = "Represent this sentence for searching relevant passages: ";

    private static final int WARMUP = 20;

    private QueryLatency() {}

    /** The figures, in milliseconds. */
    record Result(
            int queries,
            double oursP50Ms,
            double oursP99Ms,
            double oursCpuMs,
            double theirsP50Ms,
            double theirsCpuMs) {}

    /** The query texts of a BEIR queries.jsonl. */
    static List<String> read(Path queriesJsonl) throws IOException {
        List<String> texts = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(queriesJsonl, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                if (!line.isBlank()) {
                    JsonNode q = Json.reader().readTree(line);
                    texts.add(q.path("text").asText(""));
                }
            }
        }
        return texts;
    }

    static Result measure(List<String> queries, OnnxEmbeddings ours, EmbeddingModel theirs) {
        for (String q : queries.subList(0, Math.min(WARMUP, queries.size()))) {
            ours.embedQuery(q);
            theirs.embed(BGE_QUERY_PREFIX + q);
        }
        int n = queries.size();
        double[] oursMs = new double[n];
        double[] theirsMs = new double[n];
        double oursCpu = 0;
        double theirsCpu = 0;
        for (int i = 0; i < n; i++) {
            String q = queries.get(i);
            double c0 = EmbedBenchmark.cpuSeconds();
            long t0 = System.nanoTime();
            ours.embedQuery(q);
            long t1 = System.nanoTime();
            double c1 = EmbedBenchmark.cpuSeconds();
            theirs.embed(BGE_QUERY_PREFIX + q);
            long t2 = System.nanoTime();
            double c2 = EmbedBenchmark.cpuSeconds();
            oursMs[i] = (t1 - t0) / 1e6;
            theirsMs[i] = (t2 - t1) / 1e6;
            oursCpu += c1 - c0;
            theirsCpu += c2 - c1;
        }
        Arrays.sort(oursMs);
        Arrays.sort(theirsMs);
        Result r = new Result(
                n,
                oursMs[n / 2],
                oursMs[Math.min(n - 1, (int) Math.ceil(n * 0.99) - 1)],
                oursCpu * 1000 / n,
                theirsMs[n / 2],
                theirsCpu * 1000 / n);
        System.out.printf(
                "one query (%d): raglens-onnx p50 %.2f ms, p99 %.2f ms, %.2f CPU-ms; LangChain4j p50 %.2f ms,"
                        + " %.2f CPU-ms%n",
                n, r.oursP50Ms(), r.oursP99Ms(), r.oursCpuMs(), r.theirsP50Ms(), r.theirsCpuMs());
        return r;
    }
}
