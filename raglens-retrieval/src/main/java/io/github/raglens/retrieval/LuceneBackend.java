package io.github.raglens.retrieval;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.IndexBackend;
import io.github.raglens.spi.Retriever;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * raglens's own Lucene index (BM25 and HNSW vectors in one index) as the facade's index backend,
 * named {@code lucene}, the default, found by {@link java.util.ServiceLoader} as every backend is. An
 * index lives in the folder the facade names ({@code <workspace>/index}), or in memory for one it
 * discards. Options: {@code k1} and {@code b}, BM25's parameters (default 1.2 and 0.75). The parent
 * chunk of a section split into fragments is indexed for BM25 only ({@link EmbeddedChunks}).
 * Stateless and thread-safe.
 */
public final class LuceneBackend implements IndexBackend {

    /** The backend's name. */
    public static final String NAME = "lucene";

    private static final Set<String> KEYS = new TreeSet<>(Set.of("k1", "b"));

    /** What a load's state records first, so a load under another rule of which chunks get vectors is redone. */
    private static final String LAYOUT = EmbeddedChunks.RULE + "\n";

    /** The backend; ServiceLoader calls this. */
    public LuceneBackend() {}

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean needsVectors() {
        return false;
    }

    @Override
    public void check(Map<String, String> options) {
        bm25(options);
    }

    @Override
    public Index open(Map<String, String> options, String name, Path folder) {
        Objects.requireNonNull(name, "name");
        Bm25Params bm25 = bm25(options);
        LuceneIndex.Builder builder = LuceneIndex.builder().bm25(bm25.k1(), bm25.b());
        if (folder != null) {
            builder.directory(folder);
        }
        return new Connection(builder.open());
    }

    /** Read from the folder's last commit without opening the index: no lock, no chunk loaded. */
    @Override
    public Optional<String> embeddingModel(Map<String, String> options, String name, Path folder) {
        check(options);
        return folder == null ? Optional.empty() : LuceneIndex.recordedEmbeddingModel(folder);
    }

    private static Bm25Params bm25(Map<String, String> options) {
        Objects.requireNonNull(options, "options");
        for (String key : new TreeSet<>(options.keySet())) {
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException(
                        "unknown lucene option '" + key + "'; use " + String.join(", ", KEYS));
            }
        }
        return new Bm25Params(
                number(options, "k1", Bm25Params.LUCENE_DEFAULTS.k1()),
                number(options, "b", Bm25Params.LUCENE_DEFAULTS.b()));
    }

    private static float number(Map<String, String> options, String key, float otherwise) {
        String value = options.get(key);
        if (value == null) {
            return otherwise;
        }
        try {
            return Float.parseFloat(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("lucene option " + key + " must be a number, was '" + value + "'");
        }
    }

    /** The toString names the backend. */
    @Override
    public String toString() {
        return NAME;
    }

    /** An open Lucene index behind the facade's index interface. */
    private record Connection(LuceneIndex index) implements Index {

        @Override
        public long size() {
            return index.size();
        }

        @Override
        public Optional<String> embeddingModel() {
            return index.embeddingModel();
        }

        @Override
        public List<Chunk> chunks() {
            return index.chunks();
        }

        @Override
        public Optional<String> loadState() {
            return index.loadState().filter(s -> s.startsWith(LAYOUT)).map(s -> s.substring(LAYOUT.length()));
        }

        @Override
        public void recordLoadState(String state) {
            index.recordLoadState(LAYOUT + Objects.requireNonNull(state, "state"));
        }

        @Override
        public void clear() {
            index.deleteAll();
        }

        @Override
        public Adder adder(List<Chunk> corpus, EmbeddingProvider embeddings) {
            if (embeddings == null) {
                return index::addAll;
            }
            Predicate<Chunk> embedded = EmbeddedChunks.of(corpus);
            return chunks -> index.addAll(chunks, embeddings, embedded);
        }

        @Override
        public Retriever retriever(
                RetrieverKind kind, EmbeddingProvider embeddings, Set<String> excludedSectionTitles) {
            return Retrievers.create(
                    kind,
                    index,
                    embeddings,
                    RetrievalConfig.defaults().withExcludedSectionTitles(excludedSectionTitles));
        }

        @Override
        public String describe() {
            return index.directory().map(Path::toString).orElse("the in-memory index");
        }

        @Override
        public void close() {
            index.close();
        }
    }
}
