package io.github.raglens.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import io.github.raglens.internal.Json;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.onnx.OnnxEmbeddings;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Passages per second embedding SciFact abstracts (title + text) with {@link OnnxEmbeddings} and with
 * LangChain4j's {@code BgeSmallEnV15QuantizedEmbeddingModel} on the same texts, the same model file and
 * the same number of threads, in one run.
 */
@Command(
        name = "embed",
        description = "Embedding throughput: raglens-onnx vs LangChain4j's BgeSmallEnV15QuantizedEmbeddingModel.")
final class EmbedBenchmark implements Callable<Integer> {

    @Option(
            names = "--corpus",
            defaultValue = "../shared/data/beir-scifact/corpus.jsonl",
            description = "A BEIR corpus.jsonl (title + text per line); default: ${DEFAULT-VALUE}.")
    Path corpus;

    @Option(names = "--docs", defaultValue = "1000", description = "First N documents (0 = all); default 1000.")
    int docs;

    @Option(names = "--runs", defaultValue = "3", description = "Timed repetitions per provider; medians reported.")
    int runs;

    @Option(
            names = "--windows",
            description = "Embed texts over 512 tokens whole, as the mean of windows (raglens's default), instead of"
                    + " truncated as LangChain4j's quantised BGE model does; then long texts cost raglens more runs"
                    + " and their vectors differ from LangChain4j's.")
    boolean windows;

    @Option(
            names = "--queries",
            defaultValue = "../shared/data/beir-scifact/queries.jsonl",
            description =
                    "A BEIR queries.jsonl for the one-query latency (absent: skipped); default: ${DEFAULT-VALUE}.")
    Path queries;

    @Option(
            names = "--threads",
            defaultValue = "0",
            description = "Threads for both providers (0 = available processors).")
    int threads;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (!Files.isRegularFile(corpus)) {
            System.err.println("corpus not found: '" + corpus + "'; pass --corpus <path to corpus.jsonl>");
            return 2;
        }
        int t = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
        List<String> texts = readCorpus(corpus, docs);
        System.out.printf("%d passages from %s, %d threads%n", texts.size(), corpus, t);
        List<TextSegment> segments = texts.stream().map(TextSegment::from).toList();
        List<String> warmup = texts.subList(0, Math.min(64, texts.size()));

        ExecutorService pool = Executors.newFixedThreadPool(t);
        double[] ours = new double[runs];
        double[] theirs = new double[runs];
        double[] oursCpu = new double[runs];
        double[] theirsCpu = new double[runs];
        List<float[]> ourVectors = List.of();
        List<Embedding> theirVectors = List.of();
        QueryLatency.Result latency = null;
        long overMaxTokens;
        // LangChain4j's quantised BGE truncates at 512 tokens (its tokenizer.json says so), so by default
        // raglens truncates too: the same work on the same inputs.
        try (OnnxEmbeddings raglens =
                OnnxEmbeddings.builder().threads(t).truncateLongTexts(!windows).build()) {
            BgeSmallEnV15QuantizedEmbeddingModel langchain4j = new BgeSmallEnV15QuantizedEmbeddingModel(pool);
            if (Files.isRegularFile(queries)) {
                latency = QueryLatency.measure(QueryLatency.read(queries), raglens, langchain4j);
            }
            raglens.embed(warmup, EmbeddingPurpose.PASSAGE);
            langchain4j.embedAll(warmup.stream().map(TextSegment::from).toList());
            long longBefore = raglens.truncatedTexts() + raglens.windowedTexts();
            for (int r = 0; r < runs; r++) {
                // Alternate who goes first so neither always runs on a warmer (or busier) machine.
                boolean oursFirst = r % 2 == 0;
                if (!oursFirst) {
                    double c0 = cpuSeconds();
                    long t0 = System.nanoTime();
                    theirVectors = langchain4j.embedAll(segments).content();
                    theirs[r] = texts.size() / ((System.nanoTime() - t0) / 1e9);
                    theirsCpu[r] = texts.size() / (cpuSeconds() - c0);
                }
                double c0 = cpuSeconds();
                long t0 = System.nanoTime();
                ourVectors = raglens.embed(texts, EmbeddingPurpose.PASSAGE);
                ours[r] = texts.size() / ((System.nanoTime() - t0) / 1e9);
                oursCpu[r] = texts.size() / (cpuSeconds() - c0);
                if (oursFirst) {
                    double c1 = cpuSeconds();
                    long t1 = System.nanoTime();
                    theirVectors = langchain4j.embedAll(segments).content();
                    theirs[r] = texts.size() / ((System.nanoTime() - t1) / 1e9);
                    theirsCpu[r] = texts.size() / (cpuSeconds() - c1);
                }
                System.out.printf(
                        "run %d: raglens-onnx %.1f passages/s (%.1f per CPU-s), LangChain4j %.1f passages/s"
                                + " (%.1f per CPU-s), %.2fx%n",
                        r + 1, ours[r], oursCpu[r], theirs[r], theirsCpu[r], ours[r] / theirs[r]);
            }
            overMaxTokens = (raglens.truncatedTexts() + raglens.windowedTexts() - longBefore) / runs;
        } finally {
            pool.shutdown();
        }
        double[] cosines = new double[texts.size()];
        for (int i = 0; i < texts.size(); i++) {
            cosines[i] = cosine(ourVectors.get(i), theirVectors.get(i).vector());
        }
        Arrays.sort(cosines);
        double oursMedian = Figures.median(ours);
        double theirsMedian = Figures.median(theirs);
        new Figures("embed")
                .put("model", "bge-small-en-v1.5-q")
                .put("passages", texts.size())
                .put("threads", t)
                .put("longTexts", windows ? "windows" : "truncated")
                .put("passagesOverMaxTokens", overMaxTokens)
                .put("raglensPassagesPerSecondMedian", oursMedian)
                .put("langchain4jPassagesPerSecondMedian", theirsMedian)
                .put("raglensOverLangchain4jRatio", oursMedian / theirsMedian)
                .put("raglensPassagesPerCpuSecondMedian", Figures.median(oursCpu))
                .put("langchain4jPassagesPerCpuSecondMedian", Figures.median(theirsCpu))
                .put("cosineToLangchain4jMedian", Figures.median(cosines), 6)
                .put("cosineToLangchain4jMin", cosines[0], 6)
                .put("queries", latency == null ? 0 : latency.queries())
                .put("raglensQueryP50Ms", latency == null ? Double.NaN : latency.oursP50Ms())
                .put("raglensQueryP99Ms", latency == null ? Double.NaN : latency.oursP99Ms())
                .put("raglensQueryCpuMsMean", latency == null ? Double.NaN : latency.oursCpuMs())
                .put("langchain4jQueryP50Ms", latency == null ? Double.NaN : latency.theirsP50Ms())
                .put("langchain4jQueryCpuMsMean", latency == null ? Double.NaN : latency.theirsCpuMs())
                .put("peakHeapMib", Figures.peakHeapMib())
                .put("peakRssMib", peakRssMib())
                .print();
        return 0;
    }

    static List<String> readCorpus(Path corpus, int limit) throws IOException {
        List<String> texts = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(corpus, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null && (limit <= 0 || texts.size() < limit)) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode doc = Json.reader().readTree(line);
                String title = doc.path("title").asText("");
                String text = doc.path("text").asText("");
                texts.add(title.isEmpty() ? text : title + " " + text);
            }
        }
        return texts;
    }

    private static double cosine(float[] a, float[] b) {
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
            na += (double) a[i] * a[i];
            nb += (double) b[i] * b[i];
        }
        return dot / Math.sqrt(na * nb);
    }

    /** CPU time used by the whole process so far (all threads, ONNX Runtime's native ones too). */
    static double cpuSeconds() {
        var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() / 1e9 : Double.NaN;
    }

    /** The process's peak resident memory (heap, native ONNX Runtime arenas, both models), in MiB. */
    static double peakRssMib() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.exists(status)) {
            return -1;
        }
        for (String line : Files.readAllLines(status, StandardCharsets.US_ASCII)) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
            }
        }
        return -1;
    }
}
