package io.github.raglens.solr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.IndexException;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.IndexBackend;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.HashingEmbeddings;
import io.github.raglens.testkit.RetrieverContract;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The retrievers over a real two-shard collection; one cluster for the whole class. */
@ExtendWith(TestCluster.Shared.class)
class SolrRetrieversTest {

    private static final HashingEmbeddings EMBEDDINGS = HashingEmbeddings.of("test-hashing", 32);

    private static TestCluster cluster;
    private static SolrIndex index;

    @BeforeAll
    static void load(TestCluster shared) {
        cluster = shared;
        index = cluster.index("papers").layout(2, 1).batchSize(4).open();
        index.addAll(Papers.CHUNKS, EMBEDDINGS);
    }

    @AfterAll
    static void stop() {
        if (index != null) {
            index.close();
        }
    }

    abstract static class Contract implements RetrieverContract {
        abstract String name();

        @Override
        public Retriever retriever() {
            return SolrRetrievers.create(RetrieverKind.parse(name()), index, EMBEDDINGS);
        }

        @Override
        public List<String> queries() {
            return Papers.QUERIES;
        }

        @Override
        public Set<String> excludedChunkIds() {
            return Papers.EXCLUDED;
        }
    }

    @Nested
    class Bm25 extends Contract {
        @Override
        String name() {
            return "bm25";
        }
    }

    @Nested
    class Dense extends Contract {
        @Override
        String name() {
            return "dense";
        }
    }

    @Nested
    class Hybrid extends Contract {
        @Override
        String name() {
            return "hybrid";
        }
    }

    @Nested
    class HybridRrf extends Contract {
        @Override
        String name() {
            return "hybrid-rrf";
        }
    }

    @Nested
    class Hierarchical extends Contract {
        @Override
        String name() {
            return "hierarchical";
        }
    }

    @Nested
    class HierNeighbor extends Contract {
        @Override
        String name() {
            return "hier-neighbor";
        }
    }

    @Nested
    class Neighbor extends Contract {
        @Override
        String name() {
            return "neighbor";
        }
    }

    @Test
    void open_existingCollection_readsItsModelRecord() {
        try (SolrIndex again = cluster.index("papers").open()) {
            assertThat(again.embeddingModel()).contains("test-hashing");
            assertThat(again.dimension()).isEqualTo(32);
            assertThat(again.size()).isEqualTo(Papers.CHUNKS.size());
        }
    }

    @Test
    void bm25_returnsWholeChunksWithEveryStoredField() {
        RetrievalResult r =
                SolrRetrievers.create(RetrieverKind.BM25, index, null).retrieve("Collection-wide term statistics", 1);
        assertThat(r.hits()).hasSize(1);
        assertThat(r.hits().get(0).chunk()).isEqualTo(Papers.chunk("paper/design#1"));
    }

    @Test
    void bm25_querySyntaxAndOperatorWords_areSearchedAsWords() {
        RetrievalResult r =
                SolrRetrievers.create(RetrieverKind.BM25, index, null).retrieve("NOT saturates: AND (k1) OR \"b", 3);
        assertThat(r.hits()).isNotEmpty();
        assertThat(r.hits().get(0).chunk().id()).isEqualTo("notes/bm25");
    }

    @Test
    void hierarchical_promotesAFragmentToItsSection() {
        RetrievedChunk top = SolrRetrievers.create(RetrieverKind.HIERARCHICAL, index, null)
                .retrieve("Collection-wide term statistics", 3)
                .hits()
                .get(0);
        assertThat(top.chunk()).isEqualTo(Papers.chunk("paper/design"));
        assertThat(top.matched()).isEqualTo(Papers.chunk("paper/design#1"));
        assertThat(top.context()).containsExactly(Papers.chunk("paper/design"));
    }

    @Test
    void hierNeighbor_addsSiblingFragmentsInsideTheSectionOnly() {
        RetrievedChunk top = topMatching("hier-neighbor", "Fusion of two rankings, lexical and dense", "paper/ops#1");
        assertThat(ids(top.context())).containsExactly("paper/ops#0", "paper/ops#1");
    }

    @Test
    void neighbor_followsTheReadingOrderAcrossSectionsButLeavesOutExcludedOnes() {
        RetrievedChunk design = topMatching("neighbor", "Vector search walks an HNSW graph", "paper/design#2");
        assertThat(ids(design.context())).containsExactly("paper/design#1", "paper/design#2", "paper/ops#0");
        RetrievedChunk ops = topMatching("neighbor", "Fusion of two rankings, lexical and dense", "paper/ops#1");
        assertThat(ids(ops.context())).containsExactly("paper/ops#0", "paper/ops#1");
    }

    @Test
    void dense_queryOfAnotherModel_isRefused() {
        Retriever other = SolrRetrievers.create(RetrieverKind.DENSE, index, HashingEmbeddings.of("other-model", 16));
        assertThatThrownBy(() -> other.retrieve("shards", 5))
                .isInstanceOf(IndexException.class)
                .hasMessage("query vector of model 'other-model' (dimension 16) cannot search collection 'papers'"
                        + " at zk " + cluster.zkHost() + ", which holds vectors of model 'test-hashing' (dimension"
                        + " 32); embed queries with 'test-hashing' or re-index with 'other-model'");
    }

    @Test
    void addAll_vectorsOfAnotherModel_isRefused() {
        assertThatThrownBy(() -> index.addAll(Papers.CHUNKS, HashingEmbeddings.of("other-model", 16)))
                .isInstanceOf(IndexException.class)
                .hasMessage("collection 'papers' at zk " + cluster.zkHost() + " holds vectors of model"
                        + " 'test-hashing' (dimension 32); cannot add vectors of model 'other-model' (dimension"
                        + " 16); index into a new collection, or embed with 'test-hashing'");
    }

    @Test
    void create_aKindThatNeedsEmbeddings_withoutThem_namesTheFix() {
        assertThatThrownBy(() -> SolrRetrievers.create(RetrieverKind.DENSE, index, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("retriever 'dense' needs an embedding provider; pass one, or use only bm25");
    }

    @Test
    void fields_gradeACollectionThroughItsOwnFields_withoutWriting() {
        SolrFields mapping = new SolrFields("id", "text", "vector", "section");
        try (SolrIndex graded = cluster.index("papers").fields(mapping).open()) {
            RetrievedChunk top = SolrRetrievers.create(RetrieverKind.BM25, graded, null, Set.of())
                    .retrieve("Collection-wide term statistics", 1)
                    .hits()
                    .get(0);
            assertThat(top.chunk().id()).isEqualTo("paper/design#1");
            assertThat(top.chunk().documentId()).isEqualTo("design");
            assertThat(top.chunk().text())
                    .isEqualTo(Papers.chunk("paper/design#1").text());
            assertThat(SolrRetrievers.create(RetrieverKind.DENSE, graded, EMBEDDINGS, Set.of())
                            .retrieve("HNSW graph", 3)
                            .hits())
                    .isNotEmpty();
            assertThatThrownBy(() -> graded.addAll(Papers.CHUNKS, EMBEDDINGS))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("collection 'papers' at zk " + cluster.zkHost()
                            + " is graded read-only (custom fields); raglens never writes to it");
        }
    }

    @Test
    void fields_missingCollection_isNamed() {
        assertThatThrownBy(() -> cluster.index("nowhere")
                        .fields(new SolrFields("id", "body", "emb", "src"))
                        .open())
                .isInstanceOf(IndexException.class)
                .hasMessage("collection 'nowhere' at zk " + cluster.zkHost()
                        + " does not exist; name an existing collection to grade it");
    }

    @Test
    void builder_badAddresses_areRejected() {
        assertThatThrownBy(() -> SolrIndex.builder().zkHost("localhost"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ZooKeeper address 'localhost' is not HOST:PORT[,HOST:PORT...][/chroot]");
        assertThatThrownBy(() -> SolrIndex.builder().solrUrl("solr1:8983"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Solr URL 'solr1:8983' must start with http:// or https://");
        assertThatThrownBy(() -> SolrIndex.builder().open())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("a SolrCloud index needs an address; call zkHost(\"HOST:PORT[/chroot]\") or solrUrl(URL)");
    }

    private static RetrievedChunk topMatching(String retriever, String query, String matchedId) {
        return SolrRetrievers.create(RetrieverKind.parse(retriever), index, null).retrieve(query, 5).hits().stream()
                .filter(h -> h.matched().id().equals(matchedId))
                .findFirst()
                .orElseThrow(
                        () -> new AssertionError(retriever + " did not match " + matchedId + " for '" + query + "'"));
    }

    private static List<String> ids(List<Chunk> chunks) {
        return chunks.stream().map(Chunk::id).toList();
    }

    @Test
    void backendIndex_recordsItsLoadState_givesBackItsChunks_andClears() {
        List<Chunk> corpus = Papers.CHUNKS;
        try (IndexBackend.Index loads = new SolrBackend()
                .open(Map.of("zk", cluster.zkHost(), "collection", "loads", "shards", "1"), "workspace", null)) {
            loads.recordLoadState("loading");
            IndexBackend.Index.Adder adder = loads.adder(corpus, EMBEDDINGS);
            adder.add(corpus.subList(0, 3));
            adder.add(corpus.subList(3, corpus.size()));
            loads.recordLoadState("complete");
            assertThat(loads.loadState()).hasValue("complete");
            assertThat(loads.size()).isEqualTo(corpus.size());
            assertThat(loads.chunks()).containsExactlyInAnyOrderElementsOf(corpus);
            assertThat(loads.embeddingModel()).hasValue(EMBEDDINGS.modelName());
            // links are worked out over the whole corpus, not the part added: the same expansion as one load
            assertThat(ids(loads.retriever(RetrieverKind.HIER_NEIGHBOR, null, Set.of())
                            .retrieve("Collection-wide term statistics", 3)))
                    .isEqualTo(ids(SolrRetrievers.create(RetrieverKind.HIER_NEIGHBOR, index, null, Set.of())
                            .retrieve("Collection-wide term statistics", 3)));

            loads.clear();
            assertThat(loads.loadState()).isEmpty();
            assertThat(loads.size()).isZero();
            assertThat(loads.embeddingModel()).isEmpty();
        }
        try (IndexBackend.Index again =
                new SolrBackend().open(Map.of("zk", cluster.zkHost(), "collection", "loads"), "workspace", null)) {
            assertThat(again.loadState()).isEmpty();
        }
    }

    private static List<List<String>> ids(RetrievalResult r) {
        return r.hits().stream()
                .map(h -> List.of(
                        h.chunk().id(),
                        h.matched().id(),
                        String.join(",", h.context().stream().map(Chunk::id).toList())))
                .toList();
    }
}
