package io.github.raglens;

import io.github.raglens.eval.beir.BeirEvaluation;
import io.github.raglens.eval.beir.BeirScore;
import io.github.raglens.model.Chunk;
import io.github.raglens.retrieval.BeirDataset;
import io.github.raglens.retrieval.LuceneIndex;
import io.github.raglens.retrieval.RetrievalConfig;
import io.github.raglens.retrieval.Retrievers;
import io.github.raglens.spi.EmbeddingProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The BEIR benchmark: indexes the corpus under {@code <workspace>/beir/<dataset>/<model>/} (kept, so a
 * later run embeds only documents it has not seen), then scores every configured retriever with
 * {@link BeirEvaluation}, one TREC run file each in {@code <workspace>/beir/<dataset>/runs/}.
 */
final class BeirStage {

    /** Documents embedded and committed together: a stopped run keeps every finished slice. */
    private static final int SLICE = 1024;

    private final RagLensConfig config;

    BeirStage(RagLensConfig config) {
        this.config = config;
    }

    BeirResult run(Path dataset, BeirOptions options, ProgressListener progress) {
        BeirDataset data = BeirDataset.load(dataset, options.split());
        Path home = config.workspace().resolve("beir").resolve(safe(data.name()));
        boolean needsVectors = config.retrieverNames().stream().anyMatch(r -> !r.equals("bm25"));
        if (needsVectors && config.embeddings() == null) {
            throw new IllegalStateException(
                    "retrievers other than bm25 need an embedding provider; call embeddings(...) or use only bm25()");
        }
        EmbeddingProvider embeddings = needsVectors ? config.embeddings().get() : null;
        LuceneIndex.Builder builder = LuceneIndex.builder().bm25(options.k1(), options.b());
        if (embeddings != null) {
            builder.directory(home.resolve(safe(embeddings.modelName())));
        }
        try (LuceneIndex index = builder.open()) {
            int reused = fill(index, data.corpus(), embeddings, progress);
            Path runs = home.resolve("runs");
            Files.createDirectories(runs);
            List<BeirScore> scores = new ArrayList<>();
            for (String name : config.retrieverNames()) {
                scores.add(BeirEvaluation.evaluate(
                        Retrievers.create(name, index, embeddings, RetrievalConfig.noExclusions()),
                        data.queries(),
                        data.qrels(),
                        options.hits(),
                        runs.resolve(name + ".trec")));
            }
            return new BeirResult(
                    data.name(), data.corpus().size(), data.queries().size(), reused, index.directory(), scores);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Adds the documents the index lacks, in committed slices; returns how many it already had. */
    private static int fill(
            LuceneIndex index, List<Chunk> corpus, EmbeddingProvider embeddings, ProgressListener progress) {
        Set<String> present = new HashSet<>();
        index.chunks().forEach(c -> present.add(c.id()));
        List<Chunk> missing =
                corpus.stream().filter(c -> !present.contains(c.id())).toList();
        if (embeddings == null) {
            index.addAll(missing);
            return corpus.size() - missing.size();
        }
        for (int from = 0; from < missing.size(); from += SLICE) {
            List<Chunk> part = missing.subList(from, Math.min(missing.size(), from + SLICE));
            index.addAll(part, embeddings);
            progress.progress("beir-index", from + part.size(), missing.size(), embeddings.modelName());
        }
        return corpus.size() - missing.size();
    }

    private static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
