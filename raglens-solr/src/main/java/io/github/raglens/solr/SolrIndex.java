package io.github.raglens.solr;

import io.github.raglens.error.IndexException;
import io.github.raglens.error.Remedy;
import io.github.raglens.error.Setting;
import io.github.raglens.internal.SectionTitles;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.spi.EmbeddingProvider;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import org.apache.solr.client.solrj.SolrClient;
import org.apache.solr.client.solrj.SolrQuery;
import org.apache.solr.client.solrj.SolrRequest;
import org.apache.solr.client.solrj.SolrServerException;
import org.apache.solr.client.solrj.impl.CloudHttp2SolrClient;
import org.apache.solr.client.solrj.request.CollectionAdminRequest;
import org.apache.solr.client.solrj.request.ConfigSetAdminRequest;
import org.apache.solr.client.solrj.request.QueryRequest;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.client.solrj.util.ClientUtils;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrException;
import org.apache.solr.common.SolrInputDocument;
import org.apache.solr.common.params.CursorMarkParams;
import org.apache.solr.common.params.ModifiableSolrParams;
import org.apache.solr.common.util.ContentStreamBase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A SolrCloud collection as the index: per chunk its text for BM25 (analysed like the in-process
 * index's), its vector for HNSW search (cosine), the stored fields that rebuild the {@link Chunk} and
 * the links that hierarchical and neighbour retrieval follow.
 *
 * <p>The collection is created with the raglens configset on the first load when it does not exist
 * (with the configured shards and replicas), or used as it is. The collection records the embedding
 * model and dimension of its vectors and refuses query vectors of another model or dimension. BM25
 * term statistics are the whole collection's ({@code ExactStatsCache}), so every shard scores as one
 * index would. A search that some shard cannot answer fails with an {@link IndexException}; a ranking
 * over part of the collection is never returned.
 *
 * <p>A collection filled by someone else is graded read-only by naming its fields with
 * {@link Builder#fields(SolrFields)}. Thread-safe.
 *
 * <pre>{@code
 * try (SolrIndex index = SolrIndex.builder().zkHost("zk1:2181/solr").collection("papers").open()) {
 *     index.addAll(chunks, embeddings);
 *     RetrievalResult r = SolrRetrievers.create(RetrieverKind.BM25, index, null).retrieve("how is the model trained", 5);
 * }
 * }</pre>
 */
final class SolrIndex implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SolrIndex.class);

    /** Each shard explores its HNSW graph for at least this many candidates, as the in-process index does. */
    private static final int MIN_HNSW_CANDIDATES = 100;

    /** Chunks read per request when the whole collection is read. */
    private static final int CHUNK_PAGE = 1_000;

    private final SolrClient client;
    private final String collection;
    private final String where;
    private final SolrFields fields;
    private final boolean readOnly;
    private final int shards;
    private final int replicas;
    private final int batchSize;
    private final int attempts;
    private final Duration retryDelay;
    private final Object writeLock = new Object();
    private volatile boolean exists;
    private volatile String model;
    private volatile int dimension;
    private volatile String loadState;
    /**
     * Whether this index knows the collection holds no chunk, not even one sent and not yet committed:
     * it created or cleared the collection and has sent no chunk since. Guarded by {@code writeLock}.
     */
    private boolean empty;

    private SolrIndex(Builder b) {
        this.collection = b.collection;
        this.fields = b.fields;
        this.readOnly = !b.fields.isDefault();
        this.shards = b.shards;
        this.replicas = b.replicas;
        this.batchSize = b.batchSize;
        this.attempts = b.attempts;
        this.retryDelay = b.retryDelay;
        this.where = "collection '" + collection + "' at " + b.address;
        this.client = b.client();
        try {
            this.exists = CollectionAdminRequest.listCollections(client).contains(collection);
            this.empty = !exists;
            if (!exists && readOnly) {
                throw new IndexException(
                        null, where + " does not exist; name an existing collection to grade it", null);
            }
            if (exists && !readOnly) {
                readModelRecord();
            }
        } catch (IndexException e) {
            closeQuietly();
            throw e;
        } catch (SolrServerException | IOException | RuntimeException e) {
            // SolrJ reports a cluster it cannot reach through a URL as a bare RuntimeException
            closeQuietly();
            throw new IndexException(
                    null,
                    "cannot reach SolrCloud at " + b.address + ": " + e.getMessage() + "; check "
                            + Setting.BACKEND_ADDRESS.apiName() + " and that the cluster is up",
                    e);
        }
    }

    /** Starts configuring a connection to a collection. */
    public static Builder builder() {
        return new Builder();
    }

    /** The collection's name. */
    public String collection() {
        return collection;
    }

    /** The embedding model of the collection's vectors, empty when it records none. */
    public Optional<String> embeddingModel() {
        return Optional.ofNullable(model);
    }

    /** The dimension of the collection's vectors, 0 when it records none. */
    public int dimension() {
        return dimension;
    }

    /**
     * The number of chunks in the collection (committed ones).
     *
     * @throws IndexException if the collection cannot be read
     */
    public long size() {
        if (!exists) {
            return 0;
        }
        SolrQuery q = new SolrQuery(fields.text() + ":*").setRows(0);
        return query(q).getResults().getNumFound();
    }

    /**
     * Embeds chunks in batches (as passages) and loads them with their vectors and links, creating the
     * collection on the first load, then commits. A batch the cluster rejects is sent again (the
     * configured number of attempts, waiting longer each time). Loading is idempotent: a chunk the
     * collection holds already as given is neither embedded nor sent again, so a load sent again ranks
     * as the first one did (a replaced copy would count in BM25's statistics until Solr merged it away);
     * a chunk held with other content or links is replaced. The links of hierarchical and neighbour
     * retrieval are computed over the chunks of one call, so pass whole documents.
     *
     * @param chunks the chunks
     * @param provider the embedding model; must be the collection's model if it holds vectors already
     * @throws IllegalStateException if the index grades a collection filled by someone else
     * @throws IndexException if the collection holds vectors of another model or dimension, or a batch
     *     still fails after the last attempt (the batches before it stay loaded)
     */
    public void addAll(List<Chunk> chunks, EmbeddingProvider provider) {
        addLinked(ChunkLinks.of(Objects.requireNonNull(chunks, "chunks")), provider, true);
    }

    /**
     * Whether this index knows the collection holds no chunk, not even one sent and not yet committed:
     * it created or cleared the collection and has loaded none since.
     */
    boolean knownEmpty() {
        synchronized (writeLock) {
            return empty;
        }
    }

    /**
     * As {@link #addAll}, for chunks whose links were worked out over a larger corpus.
     *
     * @param linked the chunks with their links
     * @param mayBeHeld false when the caller knows the collection holds none of these chunks (a loader
     *     sending each chunk once into a collection {@linkplain #knownEmpty() known empty} when it began),
     *     so that they are sent without asking which are held
     */
    void addLinked(List<StoredChunk> linked, EmbeddingProvider provider, boolean mayBeHeld) {
        Objects.requireNonNull(linked, "linked");
        Objects.requireNonNull(provider, "provider");
        if (readOnly) {
            throw new IllegalStateException(where + " is graded read-only (custom fields); raglens never writes to it");
        }
        synchronized (writeLock) {
            String m = provider.modelName();
            int d = provider.dimension();
            if (model != null && (!model.equals(m) || dimension != d)) {
                throw new IndexException(
                        null,
                        where + " holds vectors of model '" + model + "' (dimension " + dimension
                                + "); cannot add vectors of model '" + m + "' (dimension " + d
                                + "); index into a new collection, or embed with '" + model + "'",
                        null);
            }
            if (linked.isEmpty()) {
                return;
            }
            if (!exists) {
                create(d);
            }
            boolean lookUp = mayBeHeld && !empty;
            int batches = (linked.size() + batchSize - 1) / batchSize;
            for (int from = 0, n = 1; from < linked.size(); from += batchSize, n++) {
                List<StoredChunk> batch = linked.subList(from, Math.min(linked.size(), from + batchSize));
                String what =
                        "batch " + n + " of " + batches + " (chunks " + (from + 1) + ".." + (from + batch.size()) + ")";
                List<StoredChunk> unheld = lookUp ? loading(what, from, () -> unheld(batch)) : batch;
                List<SolrInputDocument> docs = documents(unheld, provider);
                if (model == null) {
                    docs.add(modelRecord(m, d, loadState));
                }
                if (!docs.isEmpty()) {
                    send(what, from, unheld, docs);
                }
                model = m;
                dimension = d;
            }
            retried("commit", () -> client.commit(collection, true, true));
        }
    }

    /** The chunks' documents with their vectors, the chunks embedded as passages in one call. */
    private static List<SolrInputDocument> documents(List<StoredChunk> chunks, EmbeddingProvider provider) {
        List<SolrInputDocument> docs = new ArrayList<>(chunks.size() + 1);
        if (chunks.isEmpty()) {
            return docs;
        }
        String m = provider.modelName();
        int d = provider.dimension();
        List<float[]> vectors =
                provider.embed(chunks.stream().map(s -> s.chunk().text()).toList(), EmbeddingPurpose.PASSAGE);
        if (vectors.size() != chunks.size()) {
            throw new IndexException(
                    null,
                    "embedding model '" + m + "' returned " + vectors.size() + " vectors for " + chunks.size()
                            + " texts",
                    null);
        }
        for (int i = 0; i < chunks.size(); i++) {
            float[] v = vectors.get(i);
            if (v.length != d) {
                throw new IndexException(
                        null,
                        "embedding model '" + m + "' returned a vector of dimension " + v.length
                                + " but states dimension " + d,
                        null);
            }
            docs.add(document(chunks.get(i), v));
        }
        return docs;
    }

    /**
     * The chunks the collection does not hold as given, read in real time (chunks sent but not yet
     * committed, by a load that stopped or an attempt that failed on some shard only, count as held).
     */
    private List<StoredChunk> unheld(List<StoredChunk> chunks) throws SolrServerException, IOException {
        Map<String, StoredChunk> held =
                held(chunks.stream().map(StoredChunk::id).toList());
        return chunks.stream().filter(s -> !s.equals(held.get(s.id()))).toList();
    }

    /**
     * Deletes every chunk and the model record, and commits; the collection and its schema stay.
     *
     * @throws IllegalStateException if the index grades a collection filled by someone else
     * @throws IndexException if the deletion still fails after the last attempt
     */
    void deleteAll() {
        if (readOnly) {
            throw new IllegalStateException(where + " is graded read-only (custom fields); raglens never writes to it");
        }
        synchronized (writeLock) {
            if (!exists) {
                return;
            }
            retried("delete every chunk", () -> client.deleteByQuery(collection, "*:*"));
            retried("commit", () -> client.commit(collection, true, true));
            empty = true;
            model = null;
            dimension = 0;
            loadState = null;
        }
    }

    private void create(int d) {
        String configSet = SolrSchema.configSetName(d);
        retried("create " + where, () -> {
            if (!new ConfigSetAdminRequest.List()
                    .process(client)
                    .getConfigSets()
                    .contains(configSet)) {
                new ConfigSetAdminRequest.Upload()
                        .setConfigSetName(configSet)
                        .setUploadStream(new ContentStreamBase.ByteArrayStream(
                                SolrSchema.configSetZip(d), configSet + ".zip", "application/zip"))
                        .process(client);
            }
            if (!CollectionAdminRequest.listCollections(client).contains(collection)) {
                CollectionAdminRequest.createCollection(collection, configSet, shards, replicas)
                        .process(client);
            }
            return null;
        });
        exists = true;
        LOG.debug("created {} with configset {}, {} shards x {} replicas", where, configSet, shards, replicas);
    }

    /**
     * Sends a batch's documents (its chunks' in order, then perhaps the model record). An attempt after a
     * failed one sends only the chunks the collection does not hold as given: the failed one may have
     * reached some shards, and a chunk sent twice would leave a replaced copy in BM25's statistics.
     */
    private void send(String what, int from, List<StoredChunk> chunks, List<SolrInputDocument> docs) {
        boolean[] failedBefore = {false};
        empty &= chunks.isEmpty();
        loading(what, from, () -> {
            List<SolrInputDocument> rest = docs;
            if (failedBefore[0]) {
                Set<String> resent = new HashSet<>(Set.of(SolrSchema.MODEL_RECORD_ID));
                unheld(chunks).forEach(s -> resent.add(s.id()));
                rest = docs.stream()
                        .filter(doc -> resent.contains((String) doc.getFieldValue(SolrSchema.ID)))
                        .toList();
            }
            failedBefore[0] = true;
            if (!rest.isEmpty()) {
                client.add(collection, rest);
            }
            return null;
        });
    }

    /** Runs a call of a batch's load, retried, failing with the message that says what is loaded. */
    private <T> T loading(String what, int from, SolrCall<T> call) {
        try {
            return retried(what, call);
        } catch (IndexException e) {
            throw new IndexException(
                    null,
                    "cannot load " + what + " into " + where + " after " + attempts + " attempts: "
                            + e.getCause().getMessage() + "; the " + from + " chunks before it are loaded;"
                            + " bring every shard's replica back and index again (loading is idempotent)",
                    e.getCause());
        }
    }

    @FunctionalInterface
    private interface SolrCall<T> {
        T call() throws SolrServerException, IOException;
    }

    /** Runs a call, again after a growing pause while it fails, at most {@code attempts} times. */
    private <T> T retried(String what, SolrCall<T> call) {
        Exception last = null;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            try {
                return call.call();
            } catch (SolrServerException | IOException | SolrException e) {
                last = e;
                if (e instanceof SolrException se && se.code() >= 400 && se.code() < 500) {
                    break;
                }
                LOG.warn("{} on {} failed (attempt {} of {}): {}", what, where, attempt, attempts, e.getMessage());
                if (attempt < attempts) {
                    sleep(retryDelay.multipliedBy(attempt));
                }
            }
        }
        throw new IndexException(null, what + " on " + where + " failed: " + last.getMessage(), last);
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IndexException(null, "loading was interrupted", e);
        }
    }

    private void readModelRecord() throws SolrServerException, IOException {
        SolrDocument record = client.getById(collection, SolrSchema.MODEL_RECORD_ID);
        if (record != null && record.getFieldValue(SolrSchema.EMBEDDING_MODEL) != null) {
            model = (String) record.getFieldValue(SolrSchema.EMBEDDING_MODEL);
            dimension = ((Number) record.getFieldValue(SolrSchema.EMBEDDING_DIMENSION)).intValue();
        }
        if (record != null) {
            loadState = (String) record.getFieldValue(SolrSchema.LOAD_STATE);
        }
    }

    private static SolrInputDocument modelRecord(String m, int d, String state) {
        SolrInputDocument doc = new SolrInputDocument();
        doc.addField(SolrSchema.ID, SolrSchema.MODEL_RECORD_ID);
        if (m != null) {
            doc.addField(SolrSchema.EMBEDDING_MODEL, m);
            doc.addField(SolrSchema.EMBEDDING_DIMENSION, d);
        }
        if (state != null) {
            doc.addField(SolrSchema.LOAD_STATE, state);
        }
        return doc;
    }

    /** What a loader last recorded with the collection ({@link #recordLoadState}); empty when none has. */
    Optional<String> loadState() {
        return Optional.ofNullable(loadState);
    }

    /**
     * Records a loader's state on the collection's model record and commits it; before the collection
     * exists, it is written with the first chunks loaded (nothing is held until then to be mistaken for
     * a complete load).
     *
     * @throws IllegalStateException if the index grades a collection filled by someone else
     * @throws IndexException if the record cannot be written
     */
    void recordLoadState(String state) {
        Objects.requireNonNull(state, "state");
        if (readOnly) {
            throw new IllegalStateException(where + " is graded read-only (custom fields); raglens never writes to it");
        }
        synchronized (writeLock) {
            loadState = state;
            if (exists) {
                retried("record the load state", () -> client.add(collection, modelRecord(model, dimension, state)));
                retried("commit", () -> client.commit(collection, true, true));
            }
        }
    }

    /**
     * Every chunk of the collection, read in pages in id order.
     *
     * @throws IndexException if some shard cannot answer
     */
    List<Chunk> chunks() {
        List<Chunk> out = new ArrayList<>();
        if (!exists) {
            return out;
        }
        String cursor = CursorMarkParams.CURSOR_MARK_START;
        while (true) {
            SolrQuery q = new SolrQuery(fields.text() + ":*")
                    .setRows(CHUNK_PAGE)
                    .setSort(SolrQuery.SortClause.asc(fields.id()));
            q.set(CursorMarkParams.CURSOR_MARK_PARAM, cursor);
            q.set("fl", fieldList(false));
            QueryResponse r = query(q);
            r.getResults().forEach(d -> out.add(stored(d).chunk()));
            String next = r.getNextCursorMark();
            if (next == null || next.equals(cursor)) {
                return out;
            }
            cursor = next;
        }
    }

    private static SolrInputDocument document(StoredChunk s, float[] vector) {
        Chunk c = s.chunk();
        SolrInputDocument doc = new SolrInputDocument();
        doc.addField(SolrSchema.ID, c.id());
        doc.addField(SolrSchema.TEXT, c.text());
        List<Float> v = new ArrayList<>(vector.length);
        for (float x : vector) {
            v.add(x);
        }
        doc.addField(SolrSchema.VECTOR, v);
        doc.addField(SolrSchema.DOCUMENT, c.documentId());
        doc.addField(SolrSchema.SECTION, c.sectionId());
        if (c.parentSectionId() != null) {
            doc.addField(SolrSchema.PARENT_SECTION, c.parentSectionId());
        }
        doc.addField(SolrSchema.PATH, c.sectionPath());
        doc.addField(SolrSchema.SECTION_TITLE, SectionTitles.ownTitle(c.sectionPath()));
        doc.addField(SolrSchema.TYPE, c.type().name());
        doc.addField(SolrSchema.FRAGMENT, c.fragmentIndex());
        doc.addField(SolrSchema.ORDER, c.order());
        doc.addField(SolrSchema.CHAR_START, c.charStart());
        doc.addField(SolrSchema.CHAR_END, c.charEnd());
        doc.addField(SolrSchema.PAGE_START, c.pageStart());
        doc.addField(SolrSchema.PAGE_END, c.pageEnd());
        addIfPresent(doc, SolrSchema.PARENT_ID, s.parentId());
        addIfPresent(doc, SolrSchema.PREV_SIBLING_ID, s.prevSiblingId());
        addIfPresent(doc, SolrSchema.NEXT_SIBLING_ID, s.nextSiblingId());
        addIfPresent(doc, SolrSchema.PREV_ID, s.prevId());
        addIfPresent(doc, SolrSchema.NEXT_ID, s.nextId());
        doc.addField(SolrSchema.SPLIT_PARENT, s.splitParent());
        return doc;
    }

    private static void addIfPresent(SolrInputDocument doc, String field, String value) {
        if (value != null) {
            doc.addField(field, value);
        }
    }

    /**
     * The BM25 top {@code n} chunks: the query's words as optional clauses of the text field (a word
     * repeated counting as often as it occurs), excluded sections filtered out by the cluster.
     */
    List<Scored> searchBm25(String query, int n, Set<String> excludedTitles) {
        if (!exists) {
            return List.of();
        }
        StringJoiner words = new StringJoiner(" ");
        for (String w : query.strip().split("\\s+")) {
            // Lower case (the analyzer's first step anyway) so that AND, OR and NOT stay words, not operators.
            words.add(ClientUtils.escapeQueryChars(w.toLowerCase(Locale.ROOT)));
        }
        SolrQuery q = new SolrQuery(words.toString());
        q.set("defType", "lucene");
        q.set("df", fields.text());
        q.set("q.op", "OR");
        q.set("sow", true);
        q.setRows(n);
        filter(q, excludedTitles);
        return scored(query(q), false);
    }

    /**
     * The nearest {@code n} chunks to a query vector by cosine similarity (the hit score). Each shard
     * explores its graph for {@code max(n, 100)} candidates and returns its best {@code n}, so the merged
     * top {@code n} is the collection's.
     *
     * @throws IndexException if the vector is of another model or dimension than the collection's
     */
    List<Scored> searchVector(float[] vector, String vectorModel, int n, Set<String> excludedTitles) {
        checkVector(vector, vectorModel);
        if (!exists) {
            return List.of();
        }
        StringJoiner v = new StringJoiner(",", "[", "]");
        for (float x : vector) {
            v.add(Float.toString(x));
        }
        int topK = Math.max(n, MIN_HNSW_CANDIDATES);
        SolrQuery q = new SolrQuery("{!knn f=" + fields.vector() + " topK=" + topK + "}" + v);
        q.setRows(n);
        filter(q, excludedTitles);
        return scored(query(q), true);
    }

    /** Throws unless the vector matches the collection's recorded model and dimension. */
    void checkVector(float[] vector, String vectorModel) {
        if (readOnly) {
            return;
        }
        if (model == null) {
            throw new IndexException(
                    null,
                    where + " holds no vectors; set an embedding model (" + Setting.EMBEDDINGS.apiName() + ") and "
                            + Remedy.INDEX.again() + " before dense retrieval",
                    null);
        }
        if (!model.equals(vectorModel) || vector.length != dimension) {
            throw new IndexException(
                    null,
                    "query vector of model '" + vectorModel + "' (dimension " + vector.length + ") cannot search "
                            + where + ", which holds vectors of model '" + model + "' (dimension " + dimension
                            + "); embed queries with '" + model + "' or re-index with '" + vectorModel + "'",
                    null);
        }
    }

    /**
     * The stored chunks of these ids, by id; ids the collection lacks are left out.
     *
     * @throws IndexException if some shard cannot answer
     */
    Map<String, StoredChunk> byIds(Collection<String> ids) {
        try {
            return held(ids);
        } catch (SolrServerException | IOException | SolrException e) {
            throw searchFailure(e);
        }
    }

    /**
     * The stored chunks of these ids by id, read in real time (uncommitted ones too). The ids go in one
     * value, commas and backslashes escaped as the handler splits it, in a POST body: a batch's ids
     * outgrow a URL.
     */
    private Map<String, StoredChunk> held(Collection<String> ids) throws SolrServerException, IOException {
        Map<String, StoredChunk> out = new HashMap<>();
        if (ids.isEmpty()) {
            return out;
        }
        StringJoiner escaped = new StringJoiner(",");
        ids.forEach(id -> escaped.add(id.replace("\\", "\\\\").replace(",", "\\,")));
        ModifiableSolrParams p = new ModifiableSolrParams();
        p.set("ids", escaped.toString());
        p.set("fl", fieldList(false));
        QueryRequest get = new QueryRequest(p, SolrRequest.METHOD.POST);
        get.setPath("/get");
        for (SolrDocument d : get.process(client, collection).getResults()) {
            StoredChunk s = stored(d);
            out.put(s.id(), s);
        }
        return out;
    }

    private void filter(SolrQuery q, Set<String> excludedTitles) {
        q.set("fl", fieldList(true));
        q.set("shards.tolerant", false);
        if (readOnly || excludedTitles.isEmpty()) {
            return;
        }
        StringJoiner titles = new StringJoiner(" OR ", "-" + SolrSchema.SECTION_TITLE + ":(", ")");
        for (String t : excludedTitles) {
            titles.add(ClientUtils.escapeQueryChars(t));
        }
        q.addFilterQuery(titles.toString());
    }

    private String fieldList(boolean score) {
        String f = readOnly ? fields.id() + "," + fields.text() + "," + fields.source() : "*";
        return score ? f + ",score" : f;
    }

    private QueryResponse query(SolrQuery q) {
        QueryResponse r;
        try {
            r = client.query(collection, q);
        } catch (SolrServerException | IOException | SolrException e) {
            throw searchFailure(e);
        }
        Object partial = r.getResponseHeader().get("partialResults");
        if (Boolean.TRUE.equals(partial)) {
            throw new IndexException(
                    null,
                    "search of " + where + " answered by some shards only; a partial ranking is never used;"
                            + " bring every shard's replica back and run again",
                    null);
        }
        return r;
    }

    private IndexException searchFailure(Exception e) {
        return new IndexException(
                null,
                "cannot search " + where + ": " + e.getMessage() + "; every shard needs a live replica (a"
                        + " ranking over part of the collection is never used)",
                e);
    }

    private List<Scored> scored(QueryResponse r, boolean cosine) {
        List<Scored> out = new ArrayList<>(r.getResults().size());
        for (SolrDocument d : r.getResults()) {
            float score = ((Number) d.getFieldValue("score")).floatValue();
            out.add(new Scored(stored(d), cosine ? 2.0 * score - 1.0 : score));
        }
        return out;
    }

    private StoredChunk stored(SolrDocument d) {
        if (readOnly) {
            String id = String.valueOf(d.getFirstValue(fields.id()));
            Object text = d.getFirstValue(fields.text());
            if (text == null) {
                throw new IndexException(
                        null,
                        where + ": document '" + id + "' has no stored field '" + fields.text()
                                + "'; name the collection's stored text field in SolrIndex.Builder.fields(new SolrFields(id, text,"
                                + " vector, source))",
                        null);
            }
            Object source = d.getFirstValue(fields.source());
            String document = source == null ? id : source.toString();
            return StoredChunk.unlinked(new Chunk(
                    id, document, id, null, "", ChunkType.PARENT_SECTION, -1, 0, text.toString(), 0, 0, 0, 0));
        }
        Chunk c = new Chunk(
                (String) d.getFieldValue(SolrSchema.ID),
                (String) d.getFieldValue(SolrSchema.DOCUMENT),
                (String) d.getFieldValue(SolrSchema.SECTION),
                (String) d.getFieldValue(SolrSchema.PARENT_SECTION),
                (String) d.getFieldValue(SolrSchema.PATH),
                ChunkType.valueOf((String) d.getFieldValue(SolrSchema.TYPE)),
                integer(d, SolrSchema.FRAGMENT),
                integer(d, SolrSchema.ORDER),
                (String) d.getFieldValue(SolrSchema.TEXT),
                integer(d, SolrSchema.CHAR_START),
                integer(d, SolrSchema.CHAR_END),
                integer(d, SolrSchema.PAGE_START),
                integer(d, SolrSchema.PAGE_END));
        return new StoredChunk(
                c,
                (String) d.getFieldValue(SolrSchema.PARENT_ID),
                (String) d.getFieldValue(SolrSchema.PREV_SIBLING_ID),
                (String) d.getFieldValue(SolrSchema.NEXT_SIBLING_ID),
                (String) d.getFieldValue(SolrSchema.PREV_ID),
                (String) d.getFieldValue(SolrSchema.NEXT_ID),
                Boolean.TRUE.equals(d.getFieldValue(SolrSchema.SPLIT_PARENT)));
    }

    private static int integer(SolrDocument d, String field) {
        return ((Number) d.getFieldValue(field)).intValue();
    }

    /** A stored chunk and its score. */
    record Scored(StoredChunk stored, double score) {}

    private void closeQuietly() {
        try {
            client.close();
        } catch (IOException | RuntimeException ignored) {
            // already failing; the first error is the one reported
        }
    }

    /** Releases the connection to the cluster; the collection stays. */
    @Override
    public void close() {
        try {
            client.close();
        } catch (IOException e) {
            throw new IndexException(null, "cannot close the connection to " + where + ": " + e.getMessage(), e);
        }
    }

    /** The collection and its address, e.g. {@code SolrIndex[collection 'papers' at zk zk1:2181/solr]}. */
    @Override
    public String toString() {
        return "SolrIndex[" + where + (readOnly ? ", read-only " + fields : "") + "]";
    }

    /**
     * Configures a {@link SolrIndex}. Defaults: collection {@code raglens}, 2 shards, 1 replica each,
     * batches of 500 chunks, 3 attempts per batch, 1 s between the first two; the raglens configset's
     * fields. One of {@link #zkHost(String)} or {@link #solrUrl(String)} is required.
     */
    public static final class Builder {
        private String zkHost;
        private String solrUrl;
        private String address;
        private String collection = "raglens";
        private SolrFields fields = SolrFields.defaults();
        private int shards = 2;
        private int replicas = 1;
        private int batchSize = 500;
        private int attempts = 3;
        private Duration retryDelay = Duration.ofSeconds(1);

        private Builder() {}

        /**
         * Reaches the cluster through ZooKeeper, e.g. {@code zk1:2181,zk2:2181/solr}.
         *
         * @param zkHost {@code HOST:PORT[,HOST:PORT...][/chroot]}
         */
        public Builder zkHost(String zkHost) {
            Objects.requireNonNull(zkHost, "zkHost");
            if (!zkHost.matches("[^/\\s:]+:\\d+(,[^/\\s:]+:\\d+)*(/\\S*)?")) {
                throw new IllegalArgumentException(
                        "ZooKeeper address '" + zkHost + "' is not HOST:PORT[,HOST:PORT...][/chroot]");
            }
            this.zkHost = zkHost;
            this.solrUrl = null;
            return this;
        }

        /** Reaches the cluster through one of its nodes, e.g. {@code http://solr1:8983/solr}. */
        public Builder solrUrl(String solrUrl) {
            Objects.requireNonNull(solrUrl, "solrUrl");
            if (!solrUrl.matches("https?://\\S+")) {
                throw new IllegalArgumentException("Solr URL '" + solrUrl + "' must start with http:// or https://");
            }
            this.solrUrl = solrUrl;
            this.zkHost = null;
            return this;
        }

        /** The collection's name. */
        public Builder collection(String collection) {
            Objects.requireNonNull(collection, "collection");
            if (!collection.matches("[A-Za-z0-9_][A-Za-z0-9_.-]*")) {
                throw new IllegalArgumentException("collection name '" + collection
                        + "' may hold only letters, digits, '_', '-' and '.' (not first)");
            }
            this.collection = collection;
            return this;
        }

        /** Shards and replicas per shard of a collection raglens creates; both at least 1. */
        public Builder layout(int shards, int replicas) {
            if (shards < 1 || replicas < 1) {
                throw new IllegalArgumentException(
                        "shards and replicas must be >= 1, were " + shards + " and " + replicas);
            }
            this.shards = shards;
            this.replicas = replicas;
            return this;
        }

        /**
         * Grades a collection someone else filled, through its own fields: read-only, no model record
         * (query vectors are not checked against a model).
         */
        public Builder fields(SolrFields fields) {
            this.fields = Objects.requireNonNull(fields, "fields");
            return this;
        }

        /** Chunks per embedding call and per update request; at least 1. */
        public Builder batchSize(int batchSize) {
            if (batchSize < 1) {
                throw new IllegalArgumentException("batchSize must be >= 1, was " + batchSize);
            }
            this.batchSize = batchSize;
            return this;
        }

        /**
         * How often a failing cluster call is tried (at least 1), and the pause after the first failure
         * (growing linearly), not negative.
         */
        public Builder retries(int attempts, Duration retryDelay) {
            if (attempts < 1) {
                throw new IllegalArgumentException("attempts must be >= 1, was " + attempts);
            }
            Objects.requireNonNull(retryDelay, "retryDelay");
            if (retryDelay.isNegative()) {
                throw new IllegalArgumentException("retryDelay must not be negative, was " + retryDelay);
            }
            this.attempts = attempts;
            this.retryDelay = retryDelay;
            return this;
        }

        /**
         * Connects to the cluster and reads the collection's model record.
         *
         * @throws IllegalStateException if neither a ZooKeeper address nor a Solr URL is set
         * @throws IndexException if the cluster cannot be reached, or a collection to grade read-only
         *     does not exist
         */
        public SolrIndex open() {
            if (zkHost == null && solrUrl == null) {
                throw new IllegalStateException(
                        "a SolrCloud index needs an address; call zkHost(\"HOST:PORT[/chroot]\") or solrUrl(URL)");
            }
            this.address = zkHost != null ? "zk " + zkHost : solrUrl;
            return new SolrIndex(this);
        }

        private SolrClient client() {
            if (solrUrl != null) {
                return new CloudHttp2SolrClient.Builder(List.of(solrUrl)).build();
            }
            int slash = zkHost.indexOf('/');
            String hosts = slash < 0 ? zkHost : zkHost.substring(0, slash);
            Optional<String> chroot = slash < 0 ? Optional.empty() : Optional.of(zkHost.substring(slash));
            return new CloudHttp2SolrClient.Builder(List.of(hosts.split(",")), chroot).build();
        }

        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT, "SolrIndex.Builder[%s, collection=%s, %dx%d]", address, collection, shards, replicas);
        }
    }
}
