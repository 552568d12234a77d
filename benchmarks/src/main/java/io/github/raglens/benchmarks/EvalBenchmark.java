package io.github.raglens.benchmarks;

import io.github.raglens.eval.benchmark.BenchmarkReport;
import io.github.raglens.eval.benchmark.BenchmarkRunner;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.spi.Retriever;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The whole retrieval benchmark (every retriever × every K, metrics, 10,000-resample bootstrap
 * intervals, paired randomization tests, breakdowns) over precomputed retrieval results, so that
 * only raglens' own evaluation work is timed, not retrieval or LLM time.
 */
@Command(
        name = "eval-benchmark",
        description = "Retrieval benchmark evaluation: all retrievers x all K x CIs and tests, retrieval precomputed.")
final class EvalBenchmark implements Callable<Integer> {

    @Option(names = "--questions", defaultValue = "1000", description = "Questions.")
    int questions;

    @Option(names = "--chunks", defaultValue = "10000", description = "Chunks in the corpus.")
    int chunks;

    @Option(names = "--retrievers", defaultValue = "5", description = "Retrievers.")
    int retrieverCount;

    @Option(names = "--runs", defaultValue = "3", description = "Repetitions; medians are reported.")
    int runs;

    @Override
    public Integer call() {
        Random random = new Random(42);
        List<Chunk> corpus = new ArrayList<>(chunks);
        ChunkType[] types = ChunkType.values();
        for (int i = 0; i < chunks; i++) {
            String doc = "doc" + (i / 100);
            corpus.add(new Chunk(
                    "c" + i,
                    doc,
                    doc + "-s" + (i / 5),
                    null,
                    doc + " > s" + (i / 5),
                    types[i % types.length],
                    i % 5,
                    i % 100,
                    "Chunk " + i + " of " + doc + " describes measurement " + i + " and its result.",
                    0,
                    60,
                    1,
                    1));
        }
        List<QuestionSample> qs = new ArrayList<>(questions);
        for (int q = 0; q < questions; q++) {
            Chunk source = corpus.get(random.nextInt(chunks));
            qs.add(new QuestionSample(
                    "q" + q,
                    "What does measurement " + source.id() + " show, question " + q + "?",
                    "its result",
                    "describes measurement",
                    source.id(),
                    source.documentId(),
                    source.sectionId(),
                    QuestionStatus.SUCCESS,
                    ""));
        }
        List<Retriever> retrievers = new ArrayList<>();
        for (int r = 0; r < retrieverCount; r++) {
            retrievers.add(precomputed("retriever" + r, 0.3 + 0.1 * r, qs, corpus, random));
        }
        double[] total = new double[runs];
        double[] metrics = new double[runs];
        double[] intervals = new double[runs];
        double[] tests = new double[runs];
        for (int run = 0; run < runs; run++) {
            long t0 = System.nanoTime();
            BenchmarkReport report =
                    BenchmarkRunner.builder().retrievers(retrievers).build().run(qs, corpus);
            total[run] = (System.nanoTime() - t0) / 1e6;
            metrics[run] = report.phaseMillis().get("metrics");
            intervals[run] = report.phaseMillis().get("intervals");
            tests[run] = report.phaseMillis().get("tests");
            System.out.printf(
                    "run %d: total %.0f ms (retrieval lookups %.0f, metrics %.0f, intervals %.0f, tests %.0f,"
                            + " breakdowns %.0f); hit@10 of retriever0 %.3f%n",
                    run + 1,
                    total[run],
                    report.phaseMillis().get("retrieval"),
                    metrics[run],
                    intervals[run],
                    tests[run],
                    report.phaseMillis().get("breakdowns"),
                    report.retriever("retriever0").metrics().get("hit@10").mean());
        }
        double totalMedian = Figures.median(total);
        double metricsMedian = Figures.median(metrics);
        new Figures("eval-benchmark")
                .put("questions", questions)
                .put("chunks", chunks)
                .put("retrievers", retrieverCount)
                .put("totalMillisMedian", totalMedian)
                .put("metricsMillisMedian", metricsMedian)
                .put("intervalsMillisMedian", Figures.median(intervals))
                .put("testsMillisMedian", Figures.median(tests))
                .put("metricsShareOfTotal", metricsMedian / totalMedian)
                .put("targetTotalMillis", 10_000L)
                .print();
        return 0;
    }

    /** A retriever answering from results computed before the timing starts. */
    private static Retriever precomputed(
            String name, double hitRate, List<QuestionSample> qs, List<Chunk> corpus, Random random) {
        Map<String, RetrievalResult> results = new HashMap<>();
        Map<String, Chunk> byId = new HashMap<>();
        corpus.forEach(c -> byId.put(c.id(), c));
        for (QuestionSample q : qs) {
            List<RetrievedChunk> hits = new ArrayList<>();
            int sourceRank = random.nextDouble() < hitRate ? 1 + random.nextInt(10) : 0;
            for (int rank = 1; rank <= 10; rank++) {
                Chunk c = rank == sourceRank ? byId.get(q.sourceChunkId()) : corpus.get(random.nextInt(corpus.size()));
                if (rank != sourceRank && c.id().equals(q.sourceChunkId())) {
                    c = corpus.get((Integer.parseInt(c.id().substring(1)) + 1) % corpus.size());
                }
                boolean duplicate = false;
                for (RetrievedChunk h : hits) {
                    duplicate |= h.chunk().id().equals(c.id());
                }
                if (duplicate) {
                    continue;
                }
                hits.add(RetrievedChunk.of(hits.size() + 1, 1.0 / rank, c));
            }
            results.put(q.question(), new RetrievalResult(name, q.question(), hits, 0));
        }
        return new Retriever() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                return results.get(query);
            }
        };
    }
}
