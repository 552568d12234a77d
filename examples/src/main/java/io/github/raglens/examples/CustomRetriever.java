package io.github.raglens.examples;

import io.github.raglens.RagLens;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.spi.Retriever;
import io.github.raglens.store.ChunksFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** Benchmarks a retriever of your own beside the built-in ones, through the {@link Retriever} SPI. */
public final class CustomRetriever {

    private CustomRetriever() {}

    /** Ranks chunks by the share of the query's distinct words they contain: a simple baseline. */
    record WordOverlapRetriever(List<Chunk> chunks) implements Retriever {

        @Override
        public String name() {
            return "word-overlap";
        }

        @Override
        public RetrievalResult retrieve(String query, int k) {
            if (k <= 0) {
                throw new IllegalArgumentException("k must be > 0, was " + k);
            }
            long t0 = System.nanoTime();
            Set<String> words = words(query);
            List<RetrievedChunk> hits = new ArrayList<>();
            if (!words.isEmpty()) {
                List<Chunk> ranked = chunks.stream()
                        .sorted(Comparator.comparingDouble((Chunk c) -> -overlap(words, c))
                                .thenComparing(Chunk::id))
                        .limit(k)
                        .toList();
                for (Chunk c : ranked) {
                    hits.add(RetrievedChunk.of(hits.size() + 1, overlap(words, c), c));
                }
            }
            return new RetrievalResult(name(), query, hits, System.nanoTime() - t0);
        }

        private static double overlap(Set<String> query, Chunk c) {
            Set<String> text = words(c.text());
            return query.stream().filter(text::contains).count() / (double) query.size();
        }

        private static Set<String> words(String s) {
            return List.of(s.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")).stream()
                    .filter(w -> w.length() > 2)
                    .collect(Collectors.toSet());
        }
    }

    /** Runs BM25 and the custom retriever on the sample corpus. */
    public static void main(String[] args) throws Exception {
        Path workspace = Files.createTempDirectory("raglens-custom");
        Path docs = SampleCorpus.writeTo(workspace.resolve("docs"));
        RagLens lens = RagLens.builder()
                .workspace(workspace)
                .bm25()
                .relevance(Relevance.EVIDENCE)
                .build();
        lens.ingest(docs);
        lens.index();
        List<Chunk> chunks = ChunksFile.read(lens.workspace().chunks());

        RagLens withCustom =
                lens.toBuilder().retriever(new WordOverlapRetriever(chunks)).build();
        var report = withCustom.benchmark(SampleCorpus.questionSamples(chunks), (stage, done, total, status) -> {});
        for (RetrieverSummary s : report.retrievers()) {
            System.out.printf(
                    Locale.ROOT,
                    "%-14s hit@5 %.3f%n",
                    s.retriever(),
                    s.metrics().get("hit@5").mean());
        }
    }
}
