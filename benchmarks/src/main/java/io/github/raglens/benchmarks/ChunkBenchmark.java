package io.github.raglens.benchmarks;

import io.github.raglens.chunk.RecursiveChunker;
import io.github.raglens.chunk.SectionChunker;
import io.github.raglens.chunk.SectionFlattener;
import io.github.raglens.chunk.SlidingWindowChunker;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.Document;
import io.github.raglens.model.FlattenedSection;
import io.github.raglens.spi.Chunker;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Chunking throughput in MB of section text per second: the section-aware chunker against the naive
 * sliding window (and the section-blind recursive splitter) on the same documents in one run, plus
 * the section chunker's chunk counts by type and size percentiles.
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

    @Override
    public Integer call() {
        List<Document> corpus = new SyntheticPapers(seed).documents(docs);
        System.out.printf(Locale.ROOT, "input: %d generated documents (seed %d)%n", docs, seed);
        Figures figures = new Figures("chunk").put("input", "generated").put("documents", corpus.size());
        measure(corpus, figures);
        figures.print();
        return 0;
    }

    /** Times the three chunkers on the corpus and adds the figures; returns the section chunker's median ms. */
    double measure(List<Document> corpus, Figures figures) {
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
        int[] counts = new int[chunkers.size()];
        for (int r = 0; r < runs; r++) {
            // interleaved, so that load from other processes hits every chunker alike
            for (int i = 0; i < chunkers.size(); i++) {
                long t0 = System.nanoTime();
                counts[i] = chunkAll(chunkers.get(i), corpus).size();
                ms[i][r] = (System.nanoTime() - t0) / 1e6;
            }
            System.out.printf(
                    Locale.ROOT,
                    "run %d: section %.1f ms, sliding %.1f ms, recursive %.1f ms%n",
                    r + 1,
                    ms[0][r],
                    ms[1][r],
                    ms[2][r]);
        }
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
        return sectionMs;
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
