package io.github.raglens.facade.internal;

import io.github.raglens.BeirOptions;
import io.github.raglens.ProgressListener;
import io.github.raglens.eval.beir.BeirEvaluation;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.result.BeirResult;
import io.github.raglens.result.BeirScore;
import io.github.raglens.retrieval.BeirDataset;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.IndexBackend;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The BEIR benchmark: loads the corpus into the backend's index {@code beir-<dataset>} (with vectors,
 * kept in {@code <workspace>/beir/<dataset>/<model>/} by a backend that keeps files, so a later or
 * stopped run embeds only documents it lacks; text alone in memory when no retriever uses vectors),
 * then scores every configured retriever with {@link BeirEvaluation}, one TREC run file each in {@code
 * <workspace>/beir/<dataset>/runs/}.
 */
public final class BeirStage {

    /** Documents embedded and committed together: a stopped run keeps every finished slice. */
    private static final int SLICE = 1024;

    private final RagLensConfig config;

    public BeirStage(RagLensConfig config) {
        this.config = config;
    }

    public BeirResult run(Path dataset, BeirOptions options, ProgressListener progress) {
        BeirDataset data = BeirDataset.load(dataset, options.split());
        Path home = config.workspace().resolve("beir").resolve(safe(data.name()));
        IndexBackend backend = config.backend();
        boolean vectors = config.embeddings() != null
                && (backend.needsVectors() || config.retrieverKinds().stream().anyMatch(RetrieverKind::usesEmbeddings));
        EmbeddingProvider embeddings = vectors ? config.embeddings().get() : null;
        if (embeddings == null && backend.needsVectors()) {
            throw new IllegalStateException("the " + backend.name()
                    + " backend loads every document with its vector; configure embeddings(...)");
        }
        Path folder = embeddings == null ? null : home.resolve(safe(embeddings.modelName()));
        String name = "beir-" + safe(data.name()).toLowerCase(Locale.ROOT);
        try (IndexBackend.Index index = backend.open(bm25(options), name, folder)) {
            IndexLoader.Result loaded =
                    new IndexLoader("beir-index", SLICE).load(index, data.corpus(), embeddings, progress);
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
                    data.name(),
                    data.corpus().size(),
                    data.queries().size(),
                    loaded.reused(),
                    index.describe(),
                    scores);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The backend's options, with BM25's parameters when they are not the defaults. */
    private Map<String, String> bm25(BeirOptions options) {
        Map<String, String> out = new HashMap<>(config.backendOptions());
        BeirOptions defaults = BeirOptions.defaults();
        if (options.k1() != defaults.k1() || options.b() != defaults.b()) {
            out.put("k1", Float.toString(options.k1()));
            out.put("b", Float.toString(options.b()));
        }
        return out;
    }

    private static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
