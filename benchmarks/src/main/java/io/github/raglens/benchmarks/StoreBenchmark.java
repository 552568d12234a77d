package io.github.raglens.benchmarks;

import io.github.raglens.internal.JsonlStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Append rate of the JSONL store with force-per-record and batched force, and load time. */
@Command(name = "store", description = "JSONL store: append rate (forced per record and batched) and load time.")
final class StoreBenchmark implements Callable<Integer> {

    /** A record shaped like a score line. */
    record ScoreLine(String key, String retriever, String metric, double score, String reason) {}

    @Option(names = "--forced-records", defaultValue = "2000", description = "Records per forced-append run.")
    int forcedRecords;

    @Option(names = "--batched-records", defaultValue = "100000", description = "Records per batched run.")
    int batchedRecords;

    @Option(names = "--batch", defaultValue = "256", description = "Records per force in batched mode.")
    int batch;

    @Option(names = "--load-records", defaultValue = "100000", description = "Records in the store loaded.")
    int loadRecords;

    @Option(names = "--runs", defaultValue = "5", description = "Repetitions; medians are reported.")
    int runs;

    @Override
    public Integer call() throws IOException {
        Path dir = Files.createTempDirectory("raglens-store-bench");
        double[] forced = new double[runs];
        double[] batched = new double[runs];
        double[] load = new double[runs];
        for (int r = 0; r < runs; r++) {
            forced[r] = appendRate(dir.resolve("forced-" + r + ".jsonl"), forcedRecords, 1);
            Path big = dir.resolve("batched-" + r + ".jsonl");
            batched[r] = appendRate(big, batchedRecords, batch);
            if (batchedRecords != loadRecords) {
                big = dir.resolve("load-" + r + ".jsonl");
                appendRate(big, loadRecords, batch);
            }
            long t0 = System.nanoTime();
            try (JsonlStore<ScoreLine> store = JsonlStore.open(big, ScoreLine.class, ScoreLine::key)) {
                if (store.size() != loadRecords) {
                    throw new IllegalStateException("loaded " + store.size() + " records, wrote " + loadRecords);
                }
            }
            load[r] = (System.nanoTime() - t0) / 1e6;
            System.out.printf(
                    "run %d: forced %.0f rec/s, batched(%d) %.0f rec/s, load of %d records %.1f ms%n",
                    r + 1, forced[r], batch, batched[r], loadRecords, load[r]);
        }
        double forcedMedian = Figures.median(forced);
        double batchedMedian = Figures.median(batched);
        new Figures("store")
                .put("forcedAppendsPerSecondMedian", forcedMedian)
                .put("batchedAppendsPerSecondMedian", batchedMedian)
                .put("batchSize", batch)
                .put("batchedOverForcedRatio", batchedMedian / forcedMedian)
                .put("loadRecords", loadRecords)
                .put("loadMillisMedian", Figures.median(load))
                .print();
        return 0;
    }

    private static double appendRate(Path file, int records, int forceEvery) {
        long t0 = System.nanoTime();
        try (JsonlStore<ScoreLine> store = JsonlStore.builder(file, ScoreLine.class, ScoreLine::key)
                .forceEvery(forceEvery)
                .open()) {
            for (int i = 0; i < records; i++) {
                store.append(
                        new ScoreLine("q" + i + "|bm25|faithfulness", "bm25", "faithfulness", i % 100 / 100.0, ""));
            }
        }
        return records / ((System.nanoTime() - t0) / 1e9);
    }
}
