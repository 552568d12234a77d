package io.github.raglens;

import io.github.raglens.error.Setting;
import io.github.raglens.eval.beir.BeirEvaluation;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.result.BeirScore;
import io.github.raglens.retrieval.BeirDataset;
import io.github.raglens.retrieval.LuceneIndex;
import io.github.raglens.retrieval.RetrievalConfig;
import io.github.raglens.retrieval.Retrievers;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.IndexBackend;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
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
        boolean usesVectors =
                config.embeddings() != null && config.retrieverKinds().stream().anyMatch(RetrieverKind::usesEmbeddings);
        EmbeddingProvider embeddings = usesVectors ? config.embeddings().get() : null;
        if (config.backend() != null) {
            return runInBackend(data, home, embeddings, options, progress);
        }
        LuceneIndex.Builder builder = LuceneIndex.builder().bm25(options.k1(), options.b());
        if (embeddings != null) {
            builder.directory(home.resolve(safe(embeddings.modelName())));
        }
        try (LuceneIndex index = builder.open()) {
            int reused = fill(index, data.corpus(), embeddings, progress);
            Path runs = home.resolve("runs");
            Files.createDirectories(runs);
            List<BeirScore> scores = new ArrayList<>();
            for (RetrieverKind kind : config.retrieverKinds()) {
                scores.add(BeirEvaluation.evaluate(
                        Retrievers.create(kind, index, embeddings, RetrievalConfig.noExclusions()),
                        data.queries(),
                        data.qrels(),
                        options.hits(),
                        runs.resolve(kind + ".trec")));
            }
            return new BeirResult(
                    data.name(), data.corpus().size(), data.queries().size(), reused, index.directory(), scores);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The BEIR run over the backend's index {@code beir-<dataset>}: loaded (replacing what it held)
     * unless it already holds the whole corpus with the model's vectors; the backend's BM25 parameters
     * are its own, so other ones are refused.
     */
    private BeirResult runInBackend(
            BeirDataset data, Path home, EmbeddingProvider embeddings, BeirOptions options, ProgressListener progress) {
        BeirOptions defaults = BeirOptions.defaults();
        if (options.k1() != defaults.k1() || options.b() != defaults.b()) {
            throw new IllegalStateException("the " + config.backendName() + " backend scores BM25 with k1 "
                    + defaults.k1() + " and b " + defaults.b() + " (its schema's); drop the other values of "
                    + Setting.BM25_PARAMETERS.apiName() + ", or use the lucene backend ("
                    + Setting.BACKEND.apiName() + ")");
        }
        if (embeddings == null) {
            embeddings =
                    config.embeddings() == null ? null : config.embeddings().get();
        }
        if (embeddings == null) {
            throw new IllegalStateException("the " + config.backendName()
                    + " backend loads every document with its vector; configure embeddings(...)");
        }
        try (IndexBackend.Index index = config.backend()
                .open(config.backendOptions(), "beir-" + safe(data.name()).toLowerCase(Locale.ROOT))) {
            int reused = data.corpus().size();
            if (index.size() != data.corpus().size()
                    || !index.embeddingModel().equals(Optional.of(embeddings.modelName()))) {
                progress.progress("beir-index", 0, data.corpus().size(), embeddings.modelName());
                index.replaceAll(data.corpus(), embeddings);
                progress.progress(
                        "beir-index", data.corpus().size(), data.corpus().size(), embeddings.modelName());
                reused = 0;
            }
            Path runs = home.resolve("runs");
            Files.createDirectories(runs);
            List<BeirScore> scores = new ArrayList<>();
            for (RetrieverKind kind : config.retrieverKinds()) {
                scores.add(BeirEvaluation.evaluate(
                        index.retriever(kind, embeddings, Set.of()),
                        data.queries(),
                        data.qrels(),
                        options.hits(),
                        runs.resolve(kind + ".trec")));
            }
            return new BeirResult(
                    data.name(), data.corpus().size(), data.queries().size(), reused, Optional.empty(), scores);
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
