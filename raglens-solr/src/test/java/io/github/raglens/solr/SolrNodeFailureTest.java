package io.github.raglens.solr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.IndexException;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.HashingEmbeddings;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.solr.embedded.JettySolrRunner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A node lost under a collection with one replica per shard: searches and loads fail with a clear
 * error instead of a ranking over the surviving shard, and work again once the node is back.
 */
@ExtendWith(TestCluster.Shared.class)
class SolrNodeFailureTest {

    private static final HashingEmbeddings EMBEDDINGS = HashingEmbeddings.of("test-hashing", 32);

    /** How long a node may take to stop, come back or bring its replicas back, on a loaded machine. */
    private static final int SECONDS = 120;

    private static TestCluster cluster;

    @BeforeAll
    static void share(TestCluster shared) {
        cluster = shared;
    }

    @Test
    void nodeLost_searchAndLoadFail_thenRecoverOnceTheNodeIsBack() throws Exception {
        List<String> before;
        try (SolrIndex index = cluster.index("fragile")
                .layout(2, 1)
                .retries(2, Duration.ofMillis(50))
                .open()) {
            index.addAll(Papers.CHUNKS, EMBEDDINGS);
            Retriever bm25 = SolrRetrievers.create(RetrieverKind.BM25, index, null);
            Retriever hybrid = SolrRetrievers.create(RetrieverKind.HYBRID, index, EMBEDDINGS);
            before = bm25.retrieve("BM25 lexical ranking", 10).chunkIds();
            assertThat(before).hasSizeGreaterThan(2);

            JettySolrRunner lost = cluster.cluster.stopJettySolrRunner(0);
            try {
                cluster.cluster.waitForJettyToStop(lost);
                lostNodeFails(index, bm25, hybrid);
            } finally {
                // the node comes back whatever failed: the cluster is shared with the other Solr tests
                cluster.cluster.startJettySolrRunner(lost);
                cluster.cluster.waitForAllNodes(SECONDS);
            }
            cluster.cluster.waitForActiveCollection("fragile", SECONDS, TimeUnit.SECONDS, 2, 2);
        }
        // The user's next run, once the node is back: a new client loads again and ranks as before.
        try (SolrIndex again = cluster.index("fragile").layout(2, 1).open()) {
            again.addAll(Papers.CHUNKS, EMBEDDINGS);
            Retriever bm25 = SolrRetrievers.create(RetrieverKind.BM25, again, null);
            assertThat(bm25.retrieve("BM25 lexical ranking", 10).chunkIds()).isEqualTo(before);
            assertThat(again.size()).isEqualTo(Papers.CHUNKS.size());
        }
    }

    /** With a shard's only replica gone, a search and a load fail with the clear error. */
    private static void lostNodeFails(SolrIndex index, Retriever bm25, Retriever hybrid) {
        String where = "collection 'fragile' at zk " + cluster.zkHost();
        for (Retriever r : List.of(bm25, hybrid)) {
            assertThatThrownBy(() -> r.retrieve("BM25 lexical ranking", 10))
                    .isInstanceOf(IndexException.class)
                    .hasMessageStartingWith("cannot search " + where + ": ")
                    .hasMessageEndingWith("; every shard needs a live replica (a ranking over part of the"
                            + " collection is never used)");
        }
        assertThatThrownBy(() -> index.addAll(Papers.CHUNKS, EMBEDDINGS))
                .isInstanceOf(IndexException.class)
                .hasMessageStartingWith("cannot load batch 1 of 1 (chunks 1..12) into " + where + " after 2 attempts: ")
                .hasMessageEndingWith("; the 0 chunks before it are loaded; bring every shard's replica back"
                        + " and index again (loading is idempotent)");
    }
}
