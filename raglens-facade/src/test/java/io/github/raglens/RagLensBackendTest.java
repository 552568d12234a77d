package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link RagLens.Builder#backend}: lucene by default, other backends found on the classpath by name. */
class RagLensBackendTest {

    @Test
    void lucene_isTheDefault_foundByNameAsEveryBackend() {
        assertThat(RagLens.builder().bm25().build().toString()).contains("backend=lucene");
        assertThat(RagLens.builder()
                        .bm25()
                        .backend("lucene", Map.of("k1", "0.9", "b", "0.4"))
                        .build()
                        .toString())
                .contains("backend=lucene");
    }

    @Test
    void backendMissingFromTheClasspath_namesTheArtifactToAdd() {
        // raglens-solr is not on this module's classpath
        assertThatThrownBy(() -> RagLens.builder().backend("solrcloud", Map.of("zk", "zk1:2181/solr")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no index backend named 'solrcloud' on the classpath; use lucene, or add"
                        + " io.github.raglens:raglens-solr");
    }

    @Test
    void unknownBackend_isRefusedAtOnce() {
        assertThatThrownBy(() -> RagLens.builder().backend("elastic", Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no index backend named 'elastic' on the classpath; use lucene");
    }

    @Test
    void luceneWithAnotherBackendsOptions_orBadBm25Parameters_isRefused() {
        assertThatThrownBy(() -> RagLens.builder().backend("lucene", Map.of("zk", "zk1:2181", "collection", "c")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown lucene option 'collection'; use b, k1");
        assertThatThrownBy(() -> RagLens.builder().backend("lucene", Map.of("k1", "high")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("lucene option k1 must be a number, was 'high'");
        assertThatThrownBy(() -> RagLens.builder().backend("lucene", Map.of("b", "1.5")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("b must be in [0, 1], was 1.5");
    }
}
