package io.github.raglens.solr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.spi.IndexBackend;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/** The {@code solrcloud} index backend: registered for ServiceLoader, its options checked before connecting. */
class SolrBackendTest {

    private final SolrBackend backend = new SolrBackend();

    @Test
    void serviceLoader_findsTheBackendByName() {
        assertThat(ServiceLoader.load(IndexBackend.class).stream()
                        .map(p -> p.get().name())
                        .toList())
                .contains("solrcloud");
    }

    @Test
    void noAddress_namesBothForms() {
        assertThatThrownBy(() -> backend.check(Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "the solrcloud backend needs an address: zk HOST:PORT[/chroot] or url http://HOST:PORT/solr");
    }

    @Test
    void twoAddresses_areRefused() {
        assertThatThrownBy(() -> backend.check(Map.of("zk", "zk1:2181", "url", "http://solr1:8983/solr")))
                .hasMessage("give the solrcloud backend one address, zk or url, not both");
    }

    @Test
    void malformedOptions_areNamed() {
        assertThatThrownBy(() -> backend.check(Map.of("zk", "zk1")))
                .hasMessage("ZooKeeper address 'zk1' is not HOST:PORT[,HOST:PORT...][/chroot]");
        assertThatThrownBy(() -> backend.check(Map.of("url", "solr1:8983")))
                .hasMessage("Solr URL 'solr1:8983' must start with http:// or https://");
        assertThatThrownBy(() -> backend.check(Map.of("zk", "zk1:2181", "shards", "two")))
                .hasMessage("solrcloud option shards must be a whole number, was 'two'");
        assertThatThrownBy(() -> backend.check(Map.of("zk", "zk1:2181", "shard", "2")))
                .hasMessage("unknown solrcloud option 'shard'; use collection, replicas, shards, url, zk");
    }

    @Test
    void bm25Parameters_areRefused_theSchemaScoresWithItsOwn() {
        assertThatThrownBy(() -> backend.check(Map.of("zk", "zk1:2181", "k1", "0.9", "b", "0.4")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the solrcloud backend scores BM25 with k1 1.2 and b 0.75 (its schema's); drop the other"
                        + " values of BeirOptions.k1() and b(), or use the lucene backend (RagLens.Builder.backend(name,"
                        + " options))");
    }

    @Test
    void declaresThatItLoadsEveryChunkWithAVector_soTheFacadeAsksForEmbeddings() {
        assertThat(backend.needsVectors()).isTrue();
    }
}
