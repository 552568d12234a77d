package io.github.raglens.retrieval;

import io.github.raglens.error.IndexException;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.spi.EmbeddingProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene103.Lucene103Codec;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.KnnVectorValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.store.MMapDirectory;
import org.apache.lucene.util.Bits;

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

    private static final String ID = "id";
    private static final String TEXT = "text";
    private static final String VECTOR = "vector";
    private static final String DOCUMENT = "document";
    private static final String SECTION = "section";
    private static final String PARENT = "parent";
    private static final String PATH = "path";
    private static final String TYPE = "type";
    private static final String FRAGMENT = "fragment";
    private static final String ORDER = "order";
    private static final String CHAR_START = "charStart";
    private static final String CHAR_END = "charEnd";
    private static final String PAGE_START = "pageStart";
    private static final String PAGE_END = "pageEnd";

    private static final int MIN_HNSW_CANDIDATES = 100;

    /** Searchers kept per snapshot for retrievers with their own BM25 parameters. */
    private static final int MAX_CACHED_SEARCHERS = 16;

    private static final String MODEL_KEY = "raglens.embeddingModel";
    private static final String DIMENSION_KEY = "raglens.embeddingDimension";

    private final Path path;
    private final Directory directory;
    private final Analyzer analyzer;
    private final BM25Similarity similarity;
    private final IndexWriter writer;
    private final int threads;
    private final int batchSize;
    private final ExecutorService mergeExecutor;
    private final String description;
    private final Object writeLock = new Object();
    private volatile Snapshot snapshot;
    private volatile String model;
    private volatile int dimension;

    /**
     * A point-in-time view: the reader, its searcher, the chunks by Lucene document number, and
     * searchers for retrievers with their own BM25 parameters (created once per snapshot).
     */
    private record Snapshot(
            DirectoryReader reader,
            IndexSearcher searcher,
            Chunk[] byDoc,
            List<Chunk> chunks,
            Map<BM25Similarity, IndexSearcher> bySimilarity) {

        /** A searcher over this snapshot scoring with the given similarity (cached for a few of them). */
        IndexSearcher searcher(BM25Similarity similarity) {
            IndexSearcher cached = bySimilarity.get(similarity);
            if (cached != null) {
                return cached;
            }
            IndexSearcher s = new IndexSearcher(reader);
            s.setSimilarity(similarity);
            if (bySimilarity.size() < MAX_CACHED_SEARCHERS) {
                bySimilarity.putIfAbsent(similarity, s);
            }
            return s;
        }
    }

    private LuceneIndex(Builder b) {
        this.path = b.path;
        this.analyzer = b.analyzer;
        this.similarity = new BM25Similarity(b.k1, b.b);
        this.threads = b.threads;
        this.batchSize = b.batchSize;
        this.description = "LuceneIndex[" + (path == null ? "in memory" : path) + ", analyzer="
                + analyzer.getClass().getSimpleName() + ", k1=" + b.k1 + ", b=" + b.b + ", hnsw(maxConn="
                + b.maxConn + ", beamWidth=" + b.beamWidth + "), threads=" + threads + "]";
        this.mergeExecutor = threads > 1 ? Executors.newFixedThreadPool(threads, LuceneIndex::daemon) : null;
        Directory dir = null;
        IndexWriter w = null;
        try {
            if (path == null) {
                dir = new ByteBuffersDirectory();
            } else {
                if (Files.exists(path) && !Files.isDirectory(path)) {
                    throw new IndexException(
                            path,
                            "index directory " + path + " is a file; pass a folder (it is created if absent)",
                            null);
                }
                Files.createDirectories(path);
                dir = new MMapDirectory(path);
            }
            KnnVectorsFormat vectors = threads > 1
                    ? new Lucene99HnswVectorsFormat(b.maxConn, b.beamWidth, threads, mergeExecutor)
                    : new Lucene99HnswVectorsFormat(b.maxConn, b.beamWidth);
            IndexWriterConfig config = new IndexWriterConfig(analyzer)
                    .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                    .setSimilarity(similarity)
                    .setRAMBufferSizeMB(256)
                    .setCodec(new Lucene103Codec() {
                        @Override
                        public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
                            return vectors;
                        }
                    });
            w = new IndexWriter(dir, config);
            Map<String, String> data = new HashMap<>();
            Iterable<Map.Entry<String, String>> live = w.getLiveCommitData();
            if (live != null) {
                live.forEach(e -> data.put(e.getKey(), e.getValue()));
            }
            this.model = data.get(MODEL_KEY);
            this.dimension = data.containsKey(DIMENSION_KEY) ? Integer.parseInt(data.get(DIMENSION_KEY)) : 0;
            this.snapshot = load(DirectoryReader.open(w));
        } catch (LockObtainFailedException e) {
            closeQuietly(w, dir);
            shutdown();
            throw new IndexException(
                    path,
                    "index directory " + path + " is locked by another process (write.lock); close the other"
                            + " raglens process, or use another --workspace",
                    e);
        } catch (IOException | RuntimeException e) {
            closeQuietly(w, dir);
            shutdown();
            if (e instanceof IndexException ie) {
                throw ie;
            }
            throw new IndexException(
                    path,
                    "index directory " + path + " is corrupt or was written by an incompatible version; delete it"
                            + " and index again (raglens index --docs DIR)",
                    e);
        }
        this.directory = dir;
        this.writer = w;
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
        Snapshot s = acquire();
        try {
            for (LeafReaderContext ctx : s.reader().leaves()) {
                FloatVectorValues values = ctx.reader().getFloatVectorValues(VECTOR);
                if (values == null) {
                    continue;
                }
                Bits live = ctx.reader().getLiveDocs();
                KnnVectorValues.DocIndexIterator it = values.iterator();
                for (int doc = it.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = it.nextDoc()) {
                    if (live == null || live.get(doc)) {
                        action.accept(
                                s.byDoc()[ctx.docBase + doc],
                                values.vectorValue(it.index()).clone());
                    }
                }
            }
        } catch (IOException e) {
            throw new IndexException(path, "cannot read " + where() + ": " + e.getMessage(), e);
        } finally {
            release(s);
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
            ExecutorService pool = Executors.newFixedThreadPool(threads, LuceneIndex::daemon);
            try {
                List<Future<?>> pending = new ArrayList<>();
                for (int from = 0; from < chunks.size(); from += batchSize) {
                    List<Chunk> batch = chunks.subList(from, Math.min(chunks.size(), from + batchSize));
                    pending.add(pool.submit(() -> write(batch, null)));
                }
                await(pending);
            } finally {
                pool.shutdown();
            }
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
        Objects.requireNonNull(chunks, "chunks");
        Objects.requireNonNull(provider, "provider");
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
            ExecutorService pool = Executors.newFixedThreadPool(threads, LuceneIndex::daemon);
            try {
                List<Future<?>> pending = new ArrayList<>();
                for (int from = 0; from < chunks.size(); from += batchSize) {
                    List<Chunk> batch = chunks.subList(from, Math.min(chunks.size(), from + batchSize));
                    List<float[]> vectors =
                            provider.embed(batch.stream().map(Chunk::text).toList(), EmbeddingPurpose.PASSAGE);
                    if (vectors.size() != batch.size()) {
                        throw new IndexException(
                                path,
                                "embedding model '" + m + "' returned " + vectors.size() + " vectors for "
                                        + batch.size() + " texts",
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
                    pending.add(pool.submit(() -> write(batch, vectors)));
                }
                await(pending);
            } finally {
                pool.shutdown();
            }
            if (!chunks.isEmpty()) {
                model = m;
                dimension = d;
            }
            commit();
        }
    }

    private Void write(List<Chunk> batch, List<float[]> vectors) throws IOException {
        for (int i = 0; i < batch.size(); i++) {
            Chunk c = batch.get(i);
            writer.updateDocument(new Term(ID, c.id()), document(c, vectors == null ? null : vectors.get(i)));
        }
        return null;
    }

    private static Document document(Chunk c, float[] vector) {
        Document doc = new Document();
        doc.add(new StringField(ID, c.id(), Field.Store.YES));
        doc.add(new TextField(TEXT, c.text(), Field.Store.YES));
        if (vector != null) {
            doc.add(new KnnFloatVectorField(VECTOR, vector, VectorSimilarityFunction.COSINE));
        }
        doc.add(new StoredField(DOCUMENT, c.documentId()));
        doc.add(new StoredField(SECTION, c.sectionId()));
        if (c.parentSectionId() != null) {
            doc.add(new StoredField(PARENT, c.parentSectionId()));
        }
        doc.add(new StoredField(PATH, c.sectionPath()));
        doc.add(new StoredField(TYPE, c.type().name()));
        doc.add(new StoredField(FRAGMENT, c.fragmentIndex()));
        doc.add(new StoredField(ORDER, c.order()));
        doc.add(new StoredField(CHAR_START, c.charStart()));
        doc.add(new StoredField(CHAR_END, c.charEnd()));
        doc.add(new StoredField(PAGE_START, c.pageStart()));
        doc.add(new StoredField(PAGE_END, c.pageEnd()));
        return doc;
    }

    private static Chunk chunk(Document d) {
        return new Chunk(
                d.get(ID),
                d.get(DOCUMENT),
                d.get(SECTION),
                d.get(PARENT),
                d.get(PATH),
                ChunkType.valueOf(d.get(TYPE)),
                d.getField(FRAGMENT).numericValue().intValue(),
                d.getField(ORDER).numericValue().intValue(),
                d.get(TEXT),
                d.getField(CHAR_START).numericValue().intValue(),
                d.getField(CHAR_END).numericValue().intValue(),
                d.getField(PAGE_START).numericValue().intValue(),
                d.getField(PAGE_END).numericValue().intValue());
    }

    private void await(List<Future<?>> pending) {
        try {
            for (Future<?> f : pending) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IndexException(path, "indexing into " + where() + " was interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IndexException(path, "cannot write " + where() + ": " + cause.getMessage(), cause);
        }
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
            writer.setLiveCommitData(data.entrySet());
            writer.commit();
            Snapshot old = snapshot;
            snapshot = load(DirectoryReader.open(writer));
            old.reader().decRef();
        } catch (IOException e) {
            throw new IndexException(path, "cannot write " + where() + ": " + e.getMessage(), e);
        }
    }

    private Snapshot load(DirectoryReader reader) throws IOException {
        IndexSearcher searcher = new IndexSearcher(reader);
        searcher.setSimilarity(similarity);
        Chunk[] byDoc = new Chunk[reader.maxDoc()];
        List<Chunk> all = new ArrayList<>(reader.numDocs());
        for (LeafReaderContext ctx : reader.leaves()) {
            LeafReader leaf = ctx.reader();
            Bits live = leaf.getLiveDocs();
            StoredFields stored = leaf.storedFields();
            for (int doc = 0; doc < leaf.maxDoc(); doc++) {
                if (live == null || live.get(doc)) {
                    Chunk c = chunk(stored.document(doc));
                    byDoc[ctx.docBase + doc] = c;
                    all.add(c);
                }
            }
        }
        return new Snapshot(reader, searcher, byDoc, Collections.unmodifiableList(all), new ConcurrentHashMap<>());
    }

    private Snapshot acquire() {
        while (true) {
            Snapshot s = snapshot;
            if (s.reader().tryIncRef()) {
                return s;
            }
        }
    }

    private static void release(Snapshot s) {
        try {
            s.reader().decRef();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The analysed terms of a text with their counts, in first-seen order. */
    Map<String, Integer> terms(String text) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        try (TokenStream ts = analyzer.tokenStream(TEXT, text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                counts.merge(term.toString(), 1, Integer::sum);
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return counts;
    }

    /** Whether a query has at least one term left after analysis (i.e. is not only stop words). */
    boolean hasSearchableTerms(String query) {
        return !terms(query).isEmpty();
    }

    /**
     * The BM25 top hits: the query's analysed terms as optional clauses, a term repeated in the query
     * weighted by its count.
     */
    List<Hit> searchBm25(String query, int n, BM25Similarity override) {
        Map<String, Integer> terms = terms(query);
        if (terms.isEmpty()) {
            return List.of();
        }
        BooleanQuery.Builder q = new BooleanQuery.Builder();
        int clauses = 0;
        for (Map.Entry<String, Integer> t : terms.entrySet()) {
            if (clauses++ == IndexSearcher.getMaxClauseCount()) {
                break;
            }
            Query tq = new TermQuery(new Term(TEXT, t.getKey()));
            q.add(t.getValue() == 1 ? tq : new BoostQuery(tq, t.getValue()), BooleanClause.Occur.SHOULD);
        }
        Snapshot s = acquire();
        try {
            int docs = s.reader().numDocs();
            if (docs == 0) {
                return List.of();
            }
            IndexSearcher searcher = override == null ? s.searcher() : s.searcher(override);
            int top = Math.min(n, docs);
            // Counting every match is not needed (only the top hits are used): a threshold of `top`
            // lets Lucene skip documents that cannot enter the top (block-max MaxScore), the same
            // hits in the same order.
            return hits(s, searcher.search(q.build(), new TopScoreDocCollectorManager(top, top)), false);
        } catch (IOException e) {
            throw new IndexException(path, "cannot search " + where() + ": " + e.getMessage(), e);
        } finally {
            release(s);
        }
    }

    /**
     * The nearest chunks to a query vector by cosine similarity (the hit score), through the HNSW graph
     * or, when {@code exact}, by comparing with every vector.
     *
     * @throws IndexException if the vector is of another model or dimension than the index's
     */
    List<Hit> searchVector(float[] vector, String vectorModel, int n, boolean exact) {
        Snapshot s = acquire();
        try {
            if (s.reader().numDocs() == 0) {
                return List.of();
            }
            checkVector(vector, vectorModel);
            if (exact) {
                return exactSearch(s, vector, n);
            }
            // The graph is explored for at least 100 candidates: recall of a small top-k rises markedly
            // (0.973 -> over 0.98 for top-10 on SciFact) for a fraction of a millisecond.
            int explore = Math.max(n, MIN_HNSW_CANDIDATES);
            TopDocs top = s.searcher().search(new KnnFloatVectorQuery(VECTOR, vector, explore), n);
            return hits(s, top, true);
        } catch (IOException e) {
            throw new IndexException(path, "cannot search " + where() + ": " + e.getMessage(), e);
        } finally {
            release(s);
        }
    }

    /** Throws unless the vector matches the index's model and dimension. */
    void checkVector(float[] vector, String vectorModel) {
        if (model == null) {
            throw new IndexException(
                    path,
                    where() + " holds no vectors; index the chunks with an embedding model before dense"
                            + " retrieval (raglens index --docs DIR)",
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

    private List<Hit> exactSearch(Snapshot s, float[] vector, int n) throws IOException {
        record Scored(int doc, float score) {}
        PriorityQueue<Scored> top = new PriorityQueue<>(
                n + 1, (a, b) -> a.score() != b.score() ? Float.compare(a.score(), b.score()) : b.doc() - a.doc());
        for (LeafReaderContext ctx : s.reader().leaves()) {
            FloatVectorValues values = ctx.reader().getFloatVectorValues(VECTOR);
            if (values == null) {
                continue;
            }
            Bits live = ctx.reader().getLiveDocs();
            KnnVectorValues.DocIndexIterator it = values.iterator();
            for (int doc = it.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = it.nextDoc()) {
                if (live != null && !live.get(doc)) {
                    continue;
                }
                float score = VectorSimilarityFunction.COSINE.compare(vector, values.vectorValue(it.index()));
                top.add(new Scored(ctx.docBase + doc, score));
                if (top.size() > n) {
                    top.poll();
                }
            }
        }
        Hit[] out = new Hit[top.size()];
        for (int i = out.length - 1; i >= 0; i--) {
            Scored sc = top.poll();
            out[i] = Hit.of(s.byDoc()[sc.doc()], cosine(sc.score()));
        }
        return Arrays.asList(out);
    }

    private static List<Hit> hits(Snapshot s, TopDocs top, boolean cosine) {
        List<Hit> out = new ArrayList<>(top.scoreDocs.length);
        for (ScoreDoc sd : top.scoreDocs) {
            out.add(Hit.of(s.byDoc()[sd.doc], cosine ? cosine(sd.score) : sd.score));
        }
        return out;
    }

    /** Lucene scores cosine similarity as (1 + cos) / 2; hits report the cosine itself. */
    private static double cosine(float luceneScore) {
        return 2.0 * luceneScore - 1.0;
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
                snapshot.reader().decRef();
                directory.close();
            } catch (IOException e) {
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

    private static Thread daemon(Runnable r) {
        Thread t = new Thread(r, "raglens-index");
        t.setDaemon(true);
        return t;
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
        private float k1 = 1.2f;
        private float b = 0.75f;
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
            if (!Float.isFinite(k1) || k1 < 0) {
                throw new IllegalArgumentException("k1 must be finite and >= 0, was " + k1);
            }
            if (!(b >= 0 && b <= 1)) {
                throw new IllegalArgumentException("b must be in [0, 1], was " + b);
            }
            this.k1 = k1;
            this.b = b;
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
