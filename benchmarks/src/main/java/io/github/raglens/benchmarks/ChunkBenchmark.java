package io.github.raglens.benchmarks;

import io.github.raglens.chunk.RecursiveChunker;
import io.github.raglens.chunk.SectionChunker;
import io.github.raglens.chunk.SlidingWindowChunker;
import io.github.raglens.chunk.corpus.SectionFlattener;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.Document;
import io.github.raglens.model.FlattenedSection;
import io.github.raglens.parse.DocumentParser;
import io.github.raglens.spi.Chunker;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Chunking throughput in MB of section text per second: the section-aware chunker against the naive
 * sliding window (and the section-blind recursive splitter) on the same documents in one run, plus
 * the section chunker's chunk counts by type and size percentiles. Reports wall-clock medians and, since
 * the machine may be shared, medians of the benchmark thread's CPU time (which excludes time the thread
 * waited for a core; garbage-collector threads are not counted, and a collection is forced before each
 * timed run).
 */
@Command(
        name = "chunk",
        description = "Chunking throughput (MB of section text/s): section chunker vs sliding window, same input.")
final class ChunkBenchmark implements Callable<Integer> {

    @Option(names = "--docs", defaultValue = "300", description = "Generated documents (default: ${DEFAULT-VALUE}).")
    int docs;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the generated documents.")
    long seed;

    @Option(names = "--runs", defaultValue = "9", description = "Timed runs per chunker; medians are reported.")
    int runs;

    @Option(names = "--warmup", defaultValue = "5", description = "Untimed runs per chunker first.")
    int warmup;

    @Option(
            names = "--pdfs",
            paramLabel = "DIR",
            description = "Parse the PDFs under DIR (e.g. ../shared/data/pdfs) and chunk those instead of generated "
                    + "documents; adds the parse time and the chunk/parse time ratio.")
    Path pdfs;

    @Option(
            names = "--parse-runs",
            defaultValue = "1",
            description = "Timed parses of the PDF corpus (slow); the median is reported.")
    int parseRuns;

    @Override
    public Integer call() throws IOException {
        if (pdfs != null) {
            return callOnPdfs();
        }
        List<Document> corpus = new SyntheticPapers(seed).documents(docs);
        System.out.printf(Locale.ROOT, "input: %d generated documents (seed %d)%n", docs, seed);
        Figures figures = new Figures("chunk").put("input", "generated").put("documents", corpus.size());
        measure(corpus, figures);
        figures.print();
        return 0;
    }

    private Integer callOnPdfs() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(pdfs)) {
            files = walk.filter(p ->
                            p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".pdf"))
                    .sorted()
                    .toList();
        }
        if (files.isEmpty()) {
            System.err.println("no PDF files under " + pdfs + "; pass a folder of PDFs with --pdfs");
            return 1;
        }
        DocumentParser parser = DocumentParser.create();
        List<Document> corpus = new ArrayList<>();
        double[] parseMs = new double[parseRuns];
        double[] parseCpuMs = new double[parseRuns];
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int r = 0; r < parseRuns; r++) {
            corpus.clear();
            long c0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            for (Path f : files) {
                try {
                    corpus.add(parser.parse(f));
                } catch (RuntimeException e) {
                    // one bad file must not stop the benchmark; its time still counts as parse time
                    System.out.println("not parsed: " + f + ": " + e.getMessage());
                }
            }
            parseMs[r] = (System.nanoTime() - t0) / 1e6;
            parseCpuMs[r] = (threads.getCurrentThreadCpuTime() - c0) / 1e6;
            System.out.printf(
                    Locale.ROOT,
                    "parse run %d: %d PDFs in %.0f ms wall, %.0f ms thread CPU%n",
                    r + 1,
                    files.size(),
                    parseMs[r],
                    parseCpuMs[r]);
        }
        Figures figures = new Figures("chunk").put("input", pdfs.toString()).put("documents", corpus.size());
        double[] section = measure(corpus, figures);
        double parseMedian = Figures.median(parseMs);
        double parseCpuMedian = Figures.median(parseCpuMs);
        figures.put("parsedDocuments", corpus.size())
                .put("pdfFiles", files.size())
                .put("parseMillisMedian", parseMedian)
                .put("parseCpuMillisMedian", parseCpuMedian)
                .put("sectionChunkPercentOfParseTime", 100 * section[0] / parseMedian)
                .put("sectionChunkPercentOfParseCpuTime", 100 * section[1] / parseCpuMedian);
        figures.print();
        return 0;
    }

    /**
     * Times the three chunkers on the corpus and adds the figures; returns the section chunker's median
     * wall-clock and thread-CPU milliseconds.
     */
    double[] measure(List<Document> corpus, Figures figures) {
        long bytes = 0;
        for (Document d : corpus) {
            for (FlattenedSection s : SectionFlattener.flatten(d)) {
                bytes += s.text().getBytes(StandardCharsets.UTF_8).length;
            }
        }
        double mb = bytes / 1e6;
        System.out.printf(Locale.ROOT, "section text: %.2f MB%n", mb);
        Chunker section = SectionChunker.builder().build();
        Chunker sliding = SlidingWindowChunker.builder().build();
        Chunker recursive = RecursiveChunker.builder().build();
        List<Chunker> chunkers = List.of(section, sliding, recursive);
        for (int w = 0; w < warmup; w++) {
            for (Chunker c : chunkers) {
                chunkAll(c, corpus);
            }
        }
        double[][] ms = new double[chunkers.size()][runs];
        double[][] cpuMs = new double[chunkers.size()][runs];
        int[] counts = new int[chunkers.size()];
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int r = 0; r < runs; r++) {
            // interleaved, so that load from other processes hits every chunker alike
            for (int i = 0; i < chunkers.size(); i++) {
                System.gc(); // collect the previous run's garbage outside the timed region
                long c0 = threads.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                counts[i] = chunkAll(chunkers.get(i), corpus).size();
                ms[i][r] = (System.nanoTime() - t0) / 1e6;
                cpuMs[i][r] = (threads.getCurrentThreadCpuTime() - c0) / 1e6;
            }
            System.out.printf(
                    Locale.ROOT,
                    "run %d (wall / thread CPU): section %.1f / %.1f ms, sliding %.1f / %.1f ms, recursive %.1f / %.1f ms%n",
                    r + 1,
                    ms[0][r],
                    cpuMs[0][r],
                    ms[1][r],
                    cpuMs[1][r],
                    ms[2][r],
                    cpuMs[2][r]);
        }
        double sectionCpu = Figures.median(cpuMs[0]);
        double slidingCpu = Figures.median(cpuMs[1]);
        double recursiveCpu = Figures.median(cpuMs[2]);
        figures.put("sectionChunkerMBpsCpu", mb / (sectionCpu / 1e3))
                .put("slidingWindowMBpsCpu", mb / (slidingCpu / 1e3))
                .put("recursiveMBpsCpu", mb / (recursiveCpu / 1e3))
                .put("sectionOverSlidingCpuTimeRatio", sectionCpu / slidingCpu)
                .put("sectionChunkerCpuMillisMedian", sectionCpu);
        double sectionMs = Figures.median(ms[0]);
        double slidingMs = Figures.median(ms[1]);
        double recursiveMs = Figures.median(ms[2]);
        figures.put("sectionTextMB", mb)
                .put("sectionChunkerMBps", mb / (sectionMs / 1e3))
                .put("slidingWindowMBps", mb / (slidingMs / 1e3))
                .put("recursiveMBps", mb / (recursiveMs / 1e3))
                .put("sectionOverSlidingTimeRatio", sectionMs / slidingMs)
                .put("sectionChunkerMillisMedian", sectionMs)
                .put(
                        "sectionChunkerMBpsBestRun",
                        mb / (Arrays.stream(ms[0]).min().orElseThrow() / 1e3))
                .put(
                        "slidingWindowMBpsBestRun",
                        mb / (Arrays.stream(ms[1]).min().orElseThrow() / 1e3))
                .put("slidingWindowMillisMedian", slidingMs)
                .put("sectionChunks", counts[0])
                .put("slidingChunks", counts[1])
                .put("recursiveChunks", counts[2]);
        List<Chunk> chunks = chunkAll(section, corpus);
        Map<ChunkType, Integer> byType = new EnumMap<>(ChunkType.class);
        int atomic = 0;
        for (int i = 0; i < chunks.size(); i++) {
            Chunk c = chunks.get(i);
            byType.merge(c.type(), 1, Integer::sum);
            boolean fragmentsFollow = i + 1 < chunks.size()
                    && chunks.get(i + 1).isFragment()
                    && chunks.get(i + 1).sectionId().equals(c.sectionId())
                    && chunks.get(i + 1).documentId().equals(c.documentId());
            if (c.type() == ChunkType.PARENT_SECTION && !fragmentsFollow) {
                atomic++;
            }
        }
        figures.put("atomicSections", atomic);
        for (ChunkType t : ChunkType.values()) {
            int n = byType.getOrDefault(t, 0);
            figures.put("count_" + t.name(), n);
            int[] sizes = chunks.stream()
                    .filter(c -> c.type() == t)
                    .mapToInt(c -> c.text().length())
                    .toArray();
            if (sizes.length > 0) {
                Arrays.sort(sizes);
                String name = t.name();
                figures.put("chars_" + name + "_p50", percentile(sizes, 50))
                        .put("chars_" + name + "_p90", percentile(sizes, 90))
                        .put("chars_" + name + "_p99", percentile(sizes, 99))
                        .put("chars_" + name + "_max", sizes[sizes.length - 1]);
            }
            System.out.printf(Locale.ROOT, "%s: %d chunks%n", t, n);
        }
        return new double[] {sectionMs, sectionCpu};
    }

    static List<Chunk> chunkAll(Chunker chunker, List<Document> corpus) {
        List<Chunk> out = new ArrayList<>();
        for (Document d : corpus) {
            out.addAll(chunker.chunk(d));
        }
        return out;
    }

    /** Nearest-rank percentile of sorted values. */
    static long percentile(int[] sorted, int p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}
