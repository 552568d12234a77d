package io.github.raglens.solr;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.IndexBackend;
import io.github.raglens.testkit.ChunkFixtures;
import io.github.raglens.testkit.HashingEmbeddings;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Chunks loaded again, by a user finishing a failed load or by a resumed run, are neither embedded
 * nor sent again: a replaced copy would stay in BM25's document counts until a background merge, and
 * the collection would rank with other scores than a fresh load of the same chunks.
 */
@ExtendWith(TestCluster.Shared.class)
class SolrReloadTest {

    private static final String QUERY = "BM25 lexical ranking";

    private static TestCluster cluster;

    @BeforeAll
    static void share(TestCluster shared) {
        cluster = shared;
    }

    @Test
    void loadingChunksAgain_scoresAsTheFirstLoad_withoutEmbeddingThemAgain() {
        HashingEmbeddings embeddings = HashingEmbeddings.of("test-hashing", 32);
        try (SolrIndex index = cluster.index("reloaded").layout(2, 1).open()) {
            index.addAll(Papers.CHUNKS, embeddings);
            List<RetrievedChunk> first = bm25(index);
            // a load sent again: one document once more (whole, as addAll asks, so with the same links)
            List<Chunk> notes = Papers.CHUNKS.stream()
                    .filter(c -> c.documentId().equals("notes"))
                    .toList();
            assertThat(notes).hasSize(3);
            index.addAll(notes, embeddings);
            List<RetrievedChunk> again = bm25(index);

            assertThat(scores(again)).isEqualTo(scores(first));
            assertThat(ids(again)).isEqualTo(ids(first));
            assertThat(embeddings.texts()).isEqualTo(Papers.CHUNKS.size());
        }
    }

    @Test
    void resumedLoad_embedsOnlyTheChunksTheCollectionLacks_andScoresAsAFreshLoad() {
        List<Chunk> corpus = Papers.CHUNKS;
        HashingEmbeddings embeddings = HashingEmbeddings.of("test-hashing", 32);
        try (IndexBackend.Index fresh = open("loaded-once")) {
            fresh.adder(corpus, embeddings).add(corpus);
        }
        // A stopped run sent every chunk, the last without committing it: the next run's loader cannot
        // see that one and sends it again (here it was committed, which the lookup treats alike).
        try (IndexBackend.Index stopped = open("resumed")) {
            stopped.adder(corpus, embeddings).add(corpus);
        }
        try (IndexBackend.Index resumed = open("resumed");
                IndexBackend.Index fresh = open("loaded-once")) {
            resumed.adder(corpus, embeddings).add(corpus.subList(corpus.size() - 1, corpus.size()));

            assertThat(embeddings.texts()).isEqualTo(2 * corpus.size());
            List<RetrievedChunk> expected = bm25(fresh);
            List<RetrievedChunk> actual = bm25(resumed);
            assertThat(scores(actual)).isEqualTo(scores(expected));
            assertThat(ids(actual)).isEqualTo(ids(expected));
        }
    }

    @Test
    void loadingAFullBatchAgain_ofLongIdsWithCommas_findsEveryChunkHeld() {
        // 600 chunks: a batch of 500 whose ids (about 70 characters each) would outgrow a URL
        String document = "reports/2024, quarterly review of the distributed search cluster.pdf";
        List<Chunk> chunks = IntStream.range(0, 600)
                .mapToObj(i -> ChunkFixtures.section(
                        document, "part-" + i, document + " > Part " + i, i, "Passage " + i + " on shards."))
                .toList();
        HashingEmbeddings embeddings = HashingEmbeddings.of("test-hashing", 32);
        try (SolrIndex index = cluster.index("long-ids").layout(2, 1).open()) {
            index.addAll(chunks, embeddings);
            index.addAll(chunks, embeddings);

            assertThat(embeddings.texts()).isEqualTo(chunks.size());
            assertThat(index.size()).isEqualTo(chunks.size());
        }
    }

    @Test
    void knownEmpty_onlyForACollectionThisIndexCreatedOrCleared_andLoadedNothingInto() {
        try (SolrIndex index = cluster.index("emptied").layout(1, 1).open()) {
            assertThat(index.knownEmpty()).isTrue();
            index.addAll(Papers.CHUNKS.subList(0, 2), HashingEmbeddings.of("test-hashing", 32));
            assertThat(index.knownEmpty()).isFalse();
            index.deleteAll();
            assertThat(index.knownEmpty()).isTrue();
        }
        try (SolrIndex existing = cluster.index("emptied").open()) {
            // another run may have sent chunks it did not commit
            assertThat(existing.knownEmpty()).isFalse();
        }
    }

    @Test
    void aChunkLoadedAgainWithOtherText_isReplaced() {
        HashingEmbeddings embeddings = HashingEmbeddings.of("test-hashing", 32);
        try (SolrIndex index = cluster.index("edited").layout(2, 1).open()) {
            index.addAll(Papers.CHUNKS, embeddings);
            Chunk c = Papers.chunk("notes/bm25");
            Chunk edited = ChunkFixtures.sectionNamed(
                    c.id(),
                    c.documentId(),
                    c.sectionId(),
                    c.sectionPath(),
                    c.order(),
                    "Okapi weighting of zebra stripes.");
            index.addAll(
                    Papers.CHUNKS.stream()
                            .map(x -> x.id().equals(c.id()) ? edited : x)
                            .toList(),
                    embeddings);

            assertThat(embeddings.texts()).isEqualTo(Papers.CHUNKS.size() + 1);
            assertThat(index.size()).isEqualTo(Papers.CHUNKS.size());
            List<RetrievedChunk> hits = SolrRetrievers.create(RetrieverKind.BM25, index, null)
                    .retrieve("zebra", 5)
                    .hits();
            assertThat(hits).extracting(h -> h.chunk().text()).containsExactly("Okapi weighting of zebra stripes.");
        }
    }

    private static IndexBackend.Index open(String collection) {
        return new SolrBackend().open(Map.of("zk", cluster.zkHost(), "collection", collection), "workspace", null);
    }

    private static List<RetrievedChunk> bm25(SolrIndex index) {
        return SolrRetrievers.create(RetrieverKind.BM25, index, null)
                .retrieve(QUERY, 10)
                .hits();
    }

    private static List<RetrievedChunk> bm25(IndexBackend.Index index) {
        return index.retriever(RetrieverKind.BM25, null, Set.of())
                .retrieve(QUERY, 10)
                .hits();
    }

    private static List<Double> scores(List<RetrievedChunk> hits) {
        return hits.stream().map(RetrievedChunk::score).toList();
    }

    private static List<String> ids(List<RetrievedChunk> hits) {
        return hits.stream().map(h -> h.chunk().id()).toList();
    }
}
