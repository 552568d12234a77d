package io.github.raglens.cli;

import io.github.raglens.eval.RetrievalMetrics;
import io.github.raglens.eval.ScoredId;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.onnx.OnnxEmbeddings;
import io.github.raglens.retrieval.BeirDataset;
import io.github.raglens.retrieval.LuceneIndex;
import io.github.raglens.retrieval.RetrievalConfig;
import io.github.raglens.retrieval.Retrievers;
import io.github.raglens.spi.Retriever;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code raglens beir DATASET_DIR}: indexes a BEIR-format corpus, runs the judged queries through each
 * retriever, prints nDCG@10, Recall@100 and MRR@10 (as trec_eval computes them) and writes one TREC run
 * file per retriever.
 */
@Command(
        name = "beir",
        mixinStandardHelpOptions = true,
        description = {
            "Evaluate retrievers on a BEIR-format dataset (corpus.jsonl, queries.jsonl, qrels/test.tsv).",
            "Prints nDCG@10, Recall@100 and MRR@10 per retriever and writes a TREC run file per retriever to"
                    + " <workspace>/beir/<dataset>/runs/. Vectors are kept in <workspace>/beir/<dataset>/<model>/"
                    + " and reused by later runs."
        })
final class BeirCommand implements Callable<Integer> {

    @ParentCommand
    RaglensCli parent;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DATASET_DIR", description = "The BEIR dataset folder.")
    Path dataset;

    @Option(
            names = "--retrievers",
            split = ",",
            paramLabel = "LIST",
            defaultValue = "bm25,dense,hybrid",
            description = "Retrievers to evaluate (default: ${DEFAULT-VALUE}); any of "
                    + "bm25, dense, hybrid, hybrid-rrf, hierarchical, hier-neighbor, neighbor.")
    List<String> retrievers;

    @Option(names = "--k1", defaultValue = "1.2", description = "BM25 k1 (default: ${DEFAULT-VALUE}).")
    float k1;

    @Option(names = "--b", defaultValue = "0.75", description = "BM25 b (default: ${DEFAULT-VALUE}).")
    float b;

    @Option(
            names = "--embedding-model",
            paramLabel = "NAME",
            defaultValue = EmbeddingModels.DEFAULT,
            description = "Local embedding model for dense retrieval (default: ${DEFAULT-VALUE}).")
    String embeddingModel;

    @Option(
            names = "--hits",
            defaultValue = "100",
            description = "Hits per query in the run files (default: ${DEFAULT-VALUE}).")
    int hits;

    @Option(names = "--split", defaultValue = "test", description = "The qrels split (default: ${DEFAULT-VALUE}).")
    String split;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        for (String r : retrievers) {
            if (!Retrievers.NAMES.contains(r)) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "unknown retriever '" + r + "'; use any of " + String.join(", ", Retrievers.NAMES));
            }
        }
        if (hits < 100) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--hits must be >= 100 (Recall@100 needs 100 hits), was " + hits);
        }
        if (k1 < 0 || !Float.isFinite(k1) || !(b >= 0 && b <= 1)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "BM25 needs k1 >= 0 and b in [0, 1], were k1=" + k1 + ", b=" + b);
        }
        boolean needsVectors = retrievers.stream().anyMatch(r -> !r.equals("bm25"));
        BeirDataset data = BeirDataset.load(dataset, split);
        note(
                err,
                "%s: %,d documents, %,d judged queries%n",
                data.name(),
                data.corpus().size(),
                data.queries().size());
        Path home = parent.workspace.resolve("beir").resolve(safe(data.name()));
        OnnxEmbeddings embeddings = needsVectors ? EmbeddingModels.onnx(embeddingModel, spec.commandLine()) : null;
        LuceneIndex.Builder builder = LuceneIndex.builder().bm25(k1, b);
        if (embeddings != null) {
            builder.directory(home.resolve(safe(embeddings.modelName())));
        }
        try (LuceneIndex index = builder.open()) {
            fill(index, data.corpus(), embeddings, err);
            Path runs = home.resolve("runs");
            Files.createDirectories(runs);
            out.printf(
                    Locale.ROOT,
                    "%-14s %8s %10s %8s %10s  %s%n",
                    "retriever",
                    "nDCG@10",
                    "Recall@100",
                    "MRR@10",
                    "p50 ms",
                    "run file");
            for (String name : retrievers) {
                Retriever r = Retrievers.create(name, index, embeddings, RetrievalConfig.noExclusions());
                evaluate(r, data, runs.resolve(name + ".trec"), out);
            }
        } finally {
            if (embeddings != null) {
                embeddings.close();
            }
        }
        return 0;
    }

    private void fill(LuceneIndex index, List<Chunk> corpus, OnnxEmbeddings embeddings, PrintWriter err) {
        Set<String> present = new HashSet<>();
        index.chunks().forEach(c -> present.add(c.id()));
        List<Chunk> missing =
                corpus.stream().filter(c -> !present.contains(c.id())).toList();
        if (missing.isEmpty()) {
            note(
                    err,
                    "reusing the index of %,d documents%s%n",
                    index.size(),
                    index.directory().map(d -> " at " + d).orElse(""));
            return;
        }
        if (embeddings == null) {
            index.addAll(missing);
            return;
        }
        // Committed slices survive an interruption; a rerun embeds only what is missing.
        int slice = 1024;
        long start = System.nanoTime();
        for (int from = 0; from < missing.size(); from += slice) {
            List<Chunk> part = missing.subList(from, Math.min(missing.size(), from + slice));
            index.addAll(part, embeddings);
            int done = from + part.size();
            note(
                    err,
                    "embedded and indexed %,d/%,d documents with %s (%.0f s)%n",
                    done,
                    missing.size(),
                    embeddings.modelName(),
                    (System.nanoTime() - start) / 1e9);
        }
    }

    private void evaluate(Retriever r, BeirDataset data, Path runFile, PrintWriter out) throws IOException {
        double ndcg = 0;
        double recall = 0;
        double mrr = 0;
        long[] latencies = new long[data.queries().size()];
        int i = 0;
        try (BufferedWriter w = Files.newBufferedWriter(runFile, StandardCharsets.UTF_8)) {
            for (Map.Entry<String, String> q : data.queries().entrySet()) {
                long t0 = System.nanoTime();
                RetrievalResult result = r.retrieve(q.getValue(), hits);
                latencies[i++] = System.nanoTime() - t0;
                List<ScoredId> scored = new ArrayList<>(result.hits().size());
                for (RetrievedChunk h : result.hits()) {
                    scored.add(new ScoredId(h.chunk().id(), h.score()));
                }
                List<String> ranking = RetrievalMetrics.trecOrder(scored);
                Map<String, Double> gains = new HashMap<>();
                Set<String> relevant = new HashSet<>();
                data.qrels().get(q.getKey()).forEach((doc, rel) -> {
                    if (rel > 0) {
                        gains.put(doc, rel.doubleValue());
                        relevant.add(doc);
                    }
                });
                ndcg += RetrievalMetrics.ndcgAt(ranking, gains, 10);
                recall += RetrievalMetrics.recallAt(ranking, relevant, 100);
                mrr += RetrievalMetrics.reciprocalRankAt(ranking, relevant, 10);
                Map<String, Double> scoreOf = new HashMap<>();
                scored.forEach(s -> scoreOf.put(s.id(), s.score()));
                for (int rank = 0; rank < ranking.size(); rank++) {
                    String doc = ranking.get(rank);
                    w.write(q.getKey() + " Q0 " + doc + " " + (rank + 1) + " " + scoreOf.get(doc) + " raglens-"
                            + r.name());
                    w.newLine();
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        int n = data.queries().size();
        java.util.Arrays.sort(latencies);
        double p50 = n == 0 ? 0 : latencies[(n - 1) / 2] / 1e6;
        out.printf(
                Locale.ROOT,
                "%-14s %8.4f %10.4f %8.4f %10.2f  %s%n",
                r.name(),
                n == 0 ? 0 : ndcg / n,
                n == 0 ? 0 : recall / n,
                n == 0 ? 0 : mrr / n,
                p50,
                runFile);
    }

    private void note(PrintWriter err, String format, Object... args) {
        if (!parent.quiet) {
            err.printf(Locale.ROOT, format, args);
            err.flush();
        }
    }

    private static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
