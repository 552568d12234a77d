package io.github.raglens.solr;

import io.github.raglens.error.Setting;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.IndexBackend;
import io.github.raglens.spi.Retriever;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * SolrCloud as the facade's index backend, named {@code solrcloud} and found by {@link
 * java.util.ServiceLoader}: {@code RagLens.builder().backend("solrcloud", Map.of("zk", "zk1:2181/solr"))}
 * or {@code raglens index --backend solrcloud --solr-zk zk1:2181/solr}.
 *
 * <p>Options: {@code zk} ({@code HOST:PORT[,HOST:PORT...][/chroot]}) or {@code url} (a node, {@code
 * http://solr1:8983/solr}), exactly one; {@code collection} (default {@code raglens}; an index other than
 * the workspace's, such as a BEIR corpus, goes to {@code <collection>-<name>}); {@code shards} and
 * {@code replicas} of a collection raglens creates (default 2 and 1). BM25 is scored with the schema's
 * k1 and b, so options {@code k1} and {@code b} are refused. Every chunk is loaded with its vector.
 * Stateless and thread-safe.
 */
public final class SolrBackend implements IndexBackend {

    /** The backend's name. */
    public static final String NAME = "solrcloud";

    private static final Set<String> KEYS = Set.of("zk", "url", "collection", "shards", "replicas");

    /** The backend; ServiceLoader calls this. */
    public SolrBackend() {}

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean needsVectors() {
        return true;
    }

    @Override
    public void check(Map<String, String> options) {
        builder(options, "workspace");
    }

    /** Opens the collection of the options and name; the folder is not used (the cluster keeps the index). */
    @Override
    public Index open(Map<String, String> options, String name, Path folder) {
        return new Connection(builder(options, name).open());
    }

    private static SolrIndex.Builder builder(Map<String, String> options, String name) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(name, "name");
        if (options.containsKey("k1") || options.containsKey("b")) {
            throw new IllegalArgumentException("the " + NAME + " backend scores BM25 with k1 1.2 and b 0.75 (its"
                    + " schema's); drop the other values of " + Setting.BM25_PARAMETERS.apiName()
                    + ", or use the lucene backend (" + Setting.BACKEND.apiName() + ")");
        }
        for (String key : options.keySet()) {
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException("unknown solrcloud option '" + key + "'; use "
                        + String.join(", ", KEYS.stream().sorted().toList()));
            }
        }
        String zk = options.get("zk");
        String url = options.get("url");
        if ((zk == null) == (url == null)) {
            throw new IllegalArgumentException(
                    zk == null
                            ? "the solrcloud backend needs an address: zk HOST:PORT[/chroot] or url http://HOST:PORT/solr"
                            : "give the solrcloud backend one address, zk or url, not both");
        }
        SolrIndex.Builder b = SolrIndex.builder();
        if (zk != null) {
            b.zkHost(zk);
        } else {
            b.solrUrl(url);
        }
        String collection = options.getOrDefault("collection", "raglens");
        b.collection(name.equals("workspace") ? collection : collection + "-" + name);
        b.layout(count(options, "shards", 2), count(options, "replicas", 1));
        return b;
    }

    private static int count(Map<String, String> options, String key, int otherwise) {
        String value = options.get(key);
        if (value == null) {
            return otherwise;
        }
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "solrcloud option " + key + " must be a whole number, was '" + value + "'");
        }
    }

    /** The toString names the backend. */
    @Override
    public String toString() {
        return NAME;
    }

    /** An open collection behind the facade's index interface. */
    private record Connection(SolrIndex index) implements Index {

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
            return index.loadState();
        }

        @Override
        public void recordLoadState(String state) {
            index.recordLoadState(state);
        }

        @Override
        public void clear() {
            index.deleteAll();
        }

        @Override
        public Adder adder(List<Chunk> corpus, EmbeddingProvider embeddings) {
            if (embeddings == null) {
                throw new IllegalArgumentException("the " + NAME + " backend loads every chunk with its vector;"
                        + " give an embedding model (" + Setting.EMBEDDINGS.apiName() + ")");
            }
            Map<String, StoredChunk> linked = new HashMap<>();
            ChunkLinks.of(corpus).forEach(s -> linked.put(s.id(), s));
            // The loader sends each chunk once: into a collection known empty now, none is held already,
            // so a fresh load asks nothing; a resumed one asks which chunks a stopped run had sent.
            boolean mayBeHeld = !index.knownEmpty();
            return chunks ->
                    index.addLinked(chunks.stream().map(c -> linked.get(c.id())).toList(), embeddings, mayBeHeld);
        }

        @Override
        public Retriever retriever(
                RetrieverKind kind, EmbeddingProvider embeddings, Set<String> excludedSectionTitles) {
            return SolrRetrievers.create(kind, index, embeddings, excludedSectionTitles);
        }

        @Override
        public String describe() {
            return index.toString();
        }

        @Override
        public void close() {
            index.close();
        }
    }
}
