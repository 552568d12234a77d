package io.github.raglens.retrieval;

import io.github.raglens.error.IndexException;
import io.github.raglens.error.Remedy;
import io.github.raglens.error.Setting;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.spi.EmbeddingProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene103.Lucene103Codec;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.store.MMapDirectory;

/**
 * One Lucene index holding, per chunk, its text for BM25, its vector for HNSW search (cosine) and the
 * stored fields that rebuild the {@link Chunk}.
 *
 * <p>On disk the index lives in a folder (memory-mapped); in memory it lives until {@link #close()}.
 * The index records the embedding model and vector dimension of its vectors (in the commit's user
 * data) and refuses query vectors of another model or dimension. Adding a chunk whose id is already
 * indexed replaces it, so a chunk is never indexed twice.
 *
 * <p>Thread-safe: searches run concurrently with each other and with {@code addAll}, and see the
 * contents of the last completed {@code addAll}. All chunks are also kept in memory, so a hit is
 * turned into a {@code Chunk} without reading the disk.
 *
 * <pre>{@code
 * try (LuceneIndex index = LuceneIndex.builder().directory(workspace.resolve("index")).open()) {
 *     index.addAll(chunks, embeddings);
 *     RetrievalResult r = Bm25Retriever.of(index).retrieve("how is the model trained", 5);
 * }
 * }</pre>
 */
public final class LuceneIndex implements AutoCloseable {

    private static final String MODEL_KEY = "raglens.embeddingModel";
    private static final String DIMENSION_KEY = "raglens.embeddingDimension";
    private static final String LOAD_STATE_KEY = "raglens.loadState";

    private final Path path;
    private final Directory directory;
    private final BM25Similarity similarity;
    private final Bm25Search bm25;
    private final IndexWriter writer;
    private final BatchWriter batches;
    private final int threads;
    private final ExecutorService mergeExecutor;
    private final String description;
    private final Object writeLock = new Object();
    private volatile IndexSnapshot snapshot;
    private volatile String model;
    private volatile int dimension;
    private volatile String loadState;

    private LuceneIndex(Builder b) {
        this.path = b.path;
        this.similarity = b.bm25.similarity();
        this.bm25 = new Bm25Search(b.analyzer);
        this.threads = b.threads;
        this.description = "LuceneIndex[" + (path == null ? "in memory" : path) + ", analyzer="
                + b.analyzer.getClass().getSimpleName() + ", " + b.bm25 + ", hnsw(maxConn=" + b.maxConn
                + ", beamWidth=" + b.beamWidth + "), threads=" + threads + "]";
        this.mergeExecutor = threads > 1 ? Executors.newFixedThreadPool(threads, BatchWriter::daemon) : null;
        Directory dir = null;
        IndexWriter w = null;
        try {
            dir = openDirectory(path);
            w = new IndexWriter(dir, writerConfig(b));
            Map<String, String> data = new HashMap<>();
            Iterable<Map.Entry<String, String>> live = w.getLiveCommitData();
            if (live != null) {
                live.forEach(e -> data.put(e.getKey(), e.getValue()));
            }
            this.model = data.get(MODEL_KEY);
            this.dimension = data.containsKey(DIMENSION_KEY) ? Integer.parseInt(data.get(DIMENSION_KEY)) : 0;
            this.loadState = data.get(LOAD_STATE_KEY);
            this.snapshot = IndexSnapshot.load(DirectoryReader.open(w), similarity);
        } catch (LockObtainFailedException e) {
            closeQuietly(w, dir);
            shutdown();
            throw new IndexException(
                    path,
                    "index directory " + path + " is locked by another process (write.lock); close the other"
                            + " raglens process, or use another workspace (" + Setting.WORKSPACE.apiName() + ")",
                    e);
        } catch (IOException | RuntimeException e) {
            closeQuietly(w, dir);
            shutdown();
            if (e instanceof IndexException ie) {
                throw ie;
            }
            throw unreadable(path, e);
        }
        this.directory = dir;
        this.writer = w;
        this.batches = new BatchWriter(w, threads, b.batchSize, path, where());
    }

    private static IndexException unreadable(Path path, Exception cause) {
        return new IndexException(
                path,
                "index directory " + path + " is corrupt or was written by an incompatible version; delete it and "
                        + Remedy.INDEX.again(),
                cause);
    }

    private static Directory openDirectory(Path path) throws IOException {
        if (path == null) {
            return new ByteBuffersDirectory();
        }
        if (Files.exists(path) && !Files.isDirectory(path)) {
            throw new IndexException(
                    path, "index directory " + path + " is a file; pass a folder (it is created if absent)", null);
        }
        Files.createDirectories(path);
        return new MMapDirectory(path);
    }

    private IndexWriterConfig writerConfig(Builder b) {
        KnnVectorsFormat vectors = threads > 1
                ? new Lucene99HnswVectorsFormat(b.maxConn, b.beamWidth, threads, mergeExecutor)
                : new Lucene99HnswVectorsFormat(b.maxConn, b.beamWidth);
        return new IndexWriterConfig(b.analyzer)
                .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                .setSimilarity(similarity)
                .setRAMBufferSizeMB(256)
                .setCodec(new Lucene103Codec() {
                    @Override
                    public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
                        return vectors;
                    }
                });
    }

    /** Starts configuring an index. */
    public static Builder builder() {
        return new Builder();
    }

    /** The index folder, empty for an in-memory index. */
    public Optional<Path> directory() {
        return Optional.ofNullable(path);
    }

    /** The embedding model of the indexed vectors, empty when the index holds no vectors. */
    public Optional<String> embeddingModel() {
        return Optional.ofNullable(model);
    }

    /**
     * The embedding model an index folder records, read from its last commit without opening the
     * index: no lock is taken and no chunk is loaded, so it answers while another process holds the
     * index and costs milliseconds on any size.
     *
     * @param directory the index folder
     * @return empty when the folder holds no index, or an index without vectors
     * @throws IndexException when the folder holds an index that cannot be read
     */
    public static Optional<String> recordedEmbeddingModel(Path directory) {
        if (!Files.isDirectory(directory)) {
            return Optional.empty();
        }
        try (Directory dir = new MMapDirectory(directory)) {
            if (!DirectoryReader.indexExists(dir)) {
                return Optional.empty();
            }
            return Optional.ofNullable(
                    SegmentInfos.readLatestCommit(dir).getUserData().get(MODEL_KEY));
        } catch (IOException | RuntimeException e) {
            throw unreadable(directory, e);
        }
    }

    /** What a loader last recorded with the index ({@link #recordLoadState}); empty when none has. */
    public Optional<String> loadState() {
        return Optional.ofNullable(loadState);
    }

    /**
     * Records a loader's state with the index and commits it; kept until the next call or {@link
     * #deleteAll()}.
     *
     * @throws IndexException if the index cannot be written
     */
    public void recordLoadState(String state) {
        Objects.requireNonNull(state, "state");
        synchronized (writeLock) {
            loadState = state;
            commit();
        }
    }

    /**
     * Removes every chunk, the embedding model and the load state, and commits.
     *
     * @throws IndexException if the index cannot be written
     */
    public void deleteAll() {
        synchronized (writeLock) {
            try {
                writer.deleteAll();
            } catch (IOException e) {
                throw new IndexException(path, "cannot clear " + where() + ": " + e.getMessage(), e);
            }
            model = null;
            dimension = 0;
            loadState = null;
            commit();
        }
    }

    /** The dimension of the indexed vectors, 0 when the index holds no vectors. */
    public int dimension() {
        return dimension;
    }

    /** The number of indexed chunks. */
    public int size() {
        return snapshot.chunks().size();
    }

    /** Every indexed chunk, in index order; the list is immutable and reflects the last {@code addAll}. */
    public List<Chunk> chunks() {
        return snapshot.chunks();
    }

    /**
     * Calls the action with every indexed chunk that has a vector, and a copy of its vector, in index
     * order (e.g. to load the same vectors into another store for comparison).
     *
     * @throws IndexException if the index cannot be read
     */
    public void forEachVector(BiConsumer<Chunk, float[]> action) {
        Objects.requireNonNull(action, "action");
        IndexSnapshot s = acquire();
        try {
            s.forEachVector((doc, v) -> action.accept(s.chunk(doc), v.clone()));
        } catch (IOException e) {
            throw new IndexException(path, "cannot read " + where() + ": " + e.getMessage(), e);
        } finally {
            s.release();
        }
    }

    /**
     * Indexes chunks for BM25 only (no vectors), using all configured threads, and commits.
     *
     * @param chunks the chunks; a chunk whose id is indexed already replaces the old one
     * @throws IndexException if the index cannot be written
     */
    public void addAll(List<Chunk> chunks) {
        Objects.requireNonNull(chunks, "chunks");
        synchronized (writeLock) {
            batches.write(chunks, batch -> null);
            commit();
        }
    }

    /**
     * Embeds chunks in batches with the provider (as passages) and indexes text and vectors, writing on
     * all configured threads while the next batch is embedded, then commits.
     *
     * @param chunks the chunks; a chunk whose id is indexed already replaces the old one
     * @param provider the embedding model; must be the index's model if it holds vectors already
     * @throws IndexException if the index holds vectors of another model or dimension, the provider
     *     returns vectors of the wrong size, or the index cannot be written
     */
    public void addAll(List<Chunk> chunks, EmbeddingProvider provider) {
        addAll(chunks, provider, chunk -> true);
    }

    /**
     * As {@link #addAll(List, EmbeddingProvider)}, embedding only the chunks {@code embedded} accepts
     * and indexing the others for BM25 alone, in one commit (a commit merges the index to one segment
     * and rebuilds its vector graph, so a load of mixed chunks pays it once).
     *
     * @param embedded which chunks get a vector
     */
    public void addAll(List<Chunk> chunks, EmbeddingProvider provider, Predicate<Chunk> embedded) {
        Objects.requireNonNull(chunks, "chunks");
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(embedded, "embedded");
        synchronized (writeLock) {
            String m = provider.modelName();
            int d = provider.dimension();
            if (model != null && (!model.equals(m) || dimension != d)) {
                throw new IndexException(
                        path,
                        where() + " holds vectors of model '" + model + "' (dimension " + dimension
                                + "); cannot add vectors of model '" + m + "' (dimension " + d
                                + "); index into a new folder, or embed with '" + model + "'",
                        null);
            }
            Map<Boolean, List<Chunk>> byVector = chunks.stream().collect(Collectors.partitioningBy(embedded));
            batches.write(byVector.get(true), batch -> embed(batch, provider, m, d));
            batches.write(byVector.get(false), batch -> null);
            if (!byVector.get(true).isEmpty()) {
                model = m;
                dimension = d;
            }
            commit();
        }
    }

    private List<float[]> embed(List<Chunk> batch, EmbeddingProvider provider, String m, int d) {
        List<float[]> vectors = provider.embed(batch.stream().map(Chunk::text).toList(), EmbeddingPurpose.PASSAGE);
        if (vectors.size() != batch.size()) {
            throw new IndexException(
                    path,
                    "embedding model '" + m + "' returned " + vectors.size() + " vectors for " + batch.size()
                            + " texts",
                    null);
        }
        for (float[] v : vectors) {
            if (v.length != d) {
                throw new IndexException(
                        path,
                        "embedding model '" + m + "' returned a vector of dimension " + v.length
                                + " but states dimension " + d,
                        null);
            }
        }
        return vectors;
    }

    /** Merges to one segment (one HNSW graph, built with the merge threads), commits and refreshes. */
    private void commit() {
        try {
            writer.forceMerge(1);
            Map<String, String> data = new LinkedHashMap<>();
            if (model != null) {
                data.put(MODEL_KEY, model);
                data.put(DIMENSION_KEY, Integer.toString(dimension));
            }
            if (loadState != null) {
                data.put(LOAD_STATE_KEY, loadState);
            }
            writer.setLiveCommitData(data.entrySet());
            writer.commit();
            IndexSnapshot old = snapshot;
            snapshot = IndexSnapshot.load(DirectoryReader.open(writer), similarity);
            old.release();
        } catch (IOException e) {
            throw new IndexException(path, "cannot write " + where() + ": " + e.getMessage(), e);
        }
    }

    private IndexSnapshot acquire() {
        while (true) {
            IndexSnapshot s = snapshot;
            if (s.tryAcquire()) {
                return s;
            }
        }
    }

    /** Whether a query has at least one term left after analysis (i.e. is not only stop words). */
    boolean hasSearchableTerms(String query) {
        return bm25.hasTerms(query);
    }

    /**
     * The BM25 top hits: the query's analysed terms as optional clauses, a term repeated in the query
     * weighted by its count; scored with {@code override} or, when null, the index's parameters. The
     * same search made a moment ago is reused ({@link SearchMemo}).
     */
    Ranking.Candidates searchBm25(String query, int n, BM25Similarity override) {
        IndexSnapshot s = acquire();
        try {
            return s.memo().hits(SearchMemo.bm25(query, override), n, n, bm25.search(s, query, override));
        } catch (IOException e) {
            throw new IndexException(path, "cannot search " + where() + ": " + e.getMessage(), e);
        } finally {
            s.release();
        }
    }

    /**
     * The nearest chunks to a query vector by cosine similarity (the hit score), through the HNSW graph
     * (the same search made a moment ago is reused, see {@link SearchMemo}) or, when {@code exact}, by
     * comparing with every vector.
     *
     * @throws IndexException if the vector is of another model or dimension than the index's
     */
    Ranking.Candidates searchVector(float[] vector, String vectorModel, int n, boolean exact) {
        IndexSnapshot s = acquire();
        try {
            if (s.reader().numDocs() == 0) {
                return new Ranking.Candidates(List.of(), false);
            }
            checkVector(vector, vectorModel);
            if (exact) {
                List<Hit> hits = VectorSearch.exact(s, vector, n);
                return new Ranking.Candidates(hits, hits.size() >= n);
            }
            int explore = VectorSearch.explored(n);
            return s.memo().hits(SearchMemo.hnsw(vector, explore), n, explore, VectorSearch.hnsw(s, vector, explore));
        } catch (IOException e) {
            throw new IndexException(path, "cannot search " + where() + ": " + e.getMessage(), e);
        } finally {
            s.release();
        }
    }

    /**
     * The result of a question to an expanding retriever's base: the one remembered on the current
     * snapshot, otherwise {@code retrieve}'s, remembered.
     */
    RetrievalResult shared(SharedBase.Question question, Supplier<RetrievalResult> retrieve) {
        IndexSnapshot s = acquire();
        try {
            RetrievalResult known = s.results().get(question);
            if (known != null) {
                return known;
            }
            RetrievalResult fresh = retrieve.get();
            s.results().put(question, fresh, (old, now) -> now);
            return fresh;
        } finally {
            s.release();
        }
    }

    /** Throws unless the vector matches the index's model and dimension. */
    void checkVector(float[] vector, String vectorModel) {
        if (model == null) {
            throw new IndexException(
                    path,
                    where() + " holds no vectors; set an embedding model (" + Setting.EMBEDDINGS.apiName() + ") and "
                            + Remedy.INDEX.again() + " before dense retrieval",
                    null);
        }
        if (!model.equals(vectorModel) || vector.length != dimension) {
            throw new IndexException(
                    path,
                    "query vector of model '" + vectorModel + "' (dimension " + vector.length + ") cannot search "
                            + where() + ", which holds vectors of model '" + model + "' (dimension " + dimension
                            + "); embed queries with '" + model + "' or re-index with '" + vectorModel + "'",
                    null);
        }
    }

    private String where() {
        return path == null ? "the in-memory index" : "index " + path;
    }

    /** Commits pending changes and releases the index (and its folder's lock). */
    @Override
    public void close() {
        synchronized (writeLock) {
            try {
                writer.close();
                snapshot.release();
                directory.close();
            } catch (IOException | UncheckedIOException e) {
                throw new IndexException(path, "cannot close " + where() + ": " + e.getMessage(), e);
            } finally {
                shutdown();
            }
        }
    }

    private void shutdown() {
        if (mergeExecutor != null) {
            mergeExecutor.shutdown();
        }
    }

    private static void closeQuietly(AutoCloseable... resources) {
        for (AutoCloseable r : resources) {
            if (r != null) {
                try {
                    r.close();
                } catch (Exception ignored) {
                    // already failing; the first error is the one reported
                }
            }
        }
    }

    /** The configured options, e.g. {@code LuceneIndex[/ws/index, analyzer=EnglishAnalyzer, k1=1.2, …]}. */
    @Override
    public String toString() {
        return description;
    }

    /**
     * Configures a {@link LuceneIndex}. Defaults: in memory, Lucene's {@code EnglishAnalyzer}, BM25 with
     * Lucene's k1 = 1.2 and b = 0.75, HNSW with 16 connections and beam width 100, all available
     * processors, embedding batches of 64.
     */
    public static final class Builder {
        private Path path;
        private Analyzer analyzer = new EnglishAnalyzer();
        private Bm25Params bm25 = Bm25Params.LUCENE_DEFAULTS;
        private int maxConn = Lucene99HnswVectorsFormat.DEFAULT_MAX_CONN;
        private int beamWidth = Lucene99HnswVectorsFormat.DEFAULT_BEAM_WIDTH;
        private int threads = Runtime.getRuntime().availableProcessors();
        private int batchSize = 64;

        private Builder() {}

        /** Keeps the index in this folder (created if absent), memory-mapped. */
        public Builder directory(Path directory) {
            this.path = Objects.requireNonNull(directory, "directory");
            return this;
        }

        /** Keeps the index in memory (the default). */
        public Builder inMemory() {
            this.path = null;
            return this;
        }

        /** The analyzer of chunk text and queries; the same one must be used on every opening. */
        public Builder analyzer(Analyzer analyzer) {
            this.analyzer = Objects.requireNonNull(analyzer, "analyzer");
            return this;
        }

        /**
         * The BM25 parameters.
         *
         * @param k1 term-frequency saturation, finite and {@code >= 0}
         * @param b length normalisation, in {@code [0, 1]}
         */
        public Builder bm25(float k1, float b) {
            this.bm25 = new Bm25Params(k1, b);
            return this;
        }

        /** The HNSW graph parameters: connections per node (2..512) and beam width at build (1..3200). */
        public Builder hnsw(int maxConn, int beamWidth) {
            if (maxConn < 2 || maxConn > Lucene99HnswVectorsFormat.MAXIMUM_MAX_CONN) {
                throw new IllegalArgumentException("maxConn must be in [2, 512], was " + maxConn);
            }
            if (beamWidth < 1 || beamWidth > Lucene99HnswVectorsFormat.MAXIMUM_BEAM_WIDTH) {
                throw new IllegalArgumentException("beamWidth must be in [1, 3200], was " + beamWidth);
            }
            this.maxConn = maxConn;
            this.beamWidth = beamWidth;
            return this;
        }

        /** Threads that write documents and merge HNSW graphs; at least 1. */
        public Builder threads(int threads) {
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be >= 1, was " + threads);
            }
            this.threads = threads;
            return this;
        }

        /** Chunks per embedding call and per write task; at least 1. */
        public Builder batchSize(int batchSize) {
            if (batchSize < 1) {
                throw new IllegalArgumentException("batchSize must be >= 1, was " + batchSize);
            }
            this.batchSize = batchSize;
            return this;
        }

        /**
         * Opens the index, creating it if absent.
         *
         * @throws IndexException if the folder is locked by another writer, is corrupt, or is a file
         */
        public LuceneIndex open() {
            return new LuceneIndex(this);
        }
    }
}
