package io.github.raglens.solr;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.IndexBackend;
import io.github.raglens.spi.Retriever;
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
 * the workspace's, such as a BEIR corpus, goes to {@code <collection>-<location>}); {@code shards} and
 * {@code replicas} of a collection raglens creates (default 2 and 1). Stateless and thread-safe.
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
    public void check(Map<String, String> options) {
        builder(options, "workspace");
    }

    @Override
    public Index open(Map<String, String> options, String location) {
        return new Connection(builder(options, location).open());
    }

    private static SolrIndex.Builder builder(Map<String, String> options, String location) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(location, "location");
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
        b.collection(location.equals("workspace") ? collection : collection + "-" + location);
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
        public void replaceAll(List<Chunk> chunks, EmbeddingProvider embeddings) {
            index.deleteAll();
            index.addAll(chunks, embeddings);
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
