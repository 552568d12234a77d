package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link RagLens.Builder#backend}: lucene by default, other backends found on the classpath by name. */
class RagLensBackendTest {

    @Test
    void lucene_isTheDefault_andNamedInNoToString() {
        RagLens lens = RagLens.builder().bm25().backend("lucene", Map.of()).build();
        assertThat(lens.toString()).doesNotContain("backend");
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
    void luceneWithOptions_isRefused() {
        assertThatThrownBy(() -> RagLens.builder().backend("lucene", Map.of("zk", "zk1:2181", "collection", "c")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the lucene backend takes no options, was given [collection, zk]");
    }
}
