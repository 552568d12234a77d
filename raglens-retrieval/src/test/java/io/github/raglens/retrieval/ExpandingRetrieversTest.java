package io.github.raglens.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.spi.Retriever;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hierarchical and neighbour expansion over a scripted base retriever. */
class ExpandingRetrieversTest {

    /** A base retriever that returns the given chunks in order with falling scores. */
    record Scripted(List<String> ids) implements Retriever {
        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public RetrievalResult retrieve(String query, int k) {
            List<RetrievedChunk> hits = new ArrayList<>();
            for (int i = 0; i < ids.size() && i < k; i++) {
                hits.add(RetrievedChunk.of(i + 1, 10.0 - i, Corpus.chunk(ids.get(i))));
            }
            return new RetrievalResult(name(), query, hits, 0);
        }
    }

    private static List<String> ids(List<Chunk> chunks) {
        return chunks.stream().map(Chunk::id).toList();
    }

    @Test
    void hierarchical_fragmentHit_returnsParentSection_keepsMatchedFragment() {
        Retriever r = HierarchicalRetriever.of(new Scripted(List.of("paper/method#1")), Corpus.CHUNKS);
        RetrievedChunk h = r.retrieve("q", 5).hits().get(0);
        assertThat(h.chunk().id()).isEqualTo("paper/method");
        assertThat(h.matched().id()).isEqualTo("paper/method#1");
        assertThat(ids(h.context())).containsExactly("paper/method");
        assertThat(h.score()).isEqualTo(10.0);
    }

    @Test
    void hierarchical_parentReachedTwice_appearsOnce_atItsBestRank() {
        Retriever r = HierarchicalRetriever.of(
                new Scripted(List.of("paper/method#2", "notes/bm25", "paper/method#0", "paper/method", "paper/intro")),
                Corpus.CHUNKS);
        RetrievalResult res = r.retrieve("q", 10);
        assertThat(res.chunkIds()).containsExactly("paper/method", "notes/bm25", "paper/intro");
        assertThat(res.hits().get(0).matched().id()).isEqualTo("paper/method#2");
        assertThat(res.hits()).extracting(RetrievedChunk::rank).containsExactly(1, 2, 3);
    }

    @Test
    void hierarchical_atomicSectionHit_isItsOwnParent() {
        RetrievedChunk h = HierarchicalRetriever.of(new Scripted(List.of("notes/hnsw")), Corpus.CHUNKS)
                .retrieve("q", 1)
                .hits()
                .get(0);
        assertThat(h.chunk()).isSameAs(h.matched());
    }

    @Test
    void hierarchical_fillsKAfterCollapsingParents() {
        Retriever r = HierarchicalRetriever.of(
                new Scripted(List.of(
                        "paper/method#0",
                        "paper/method#1",
                        "paper/method#2",
                        "paper/method#3",
                        "paper/results#0",
                        "paper/results#1",
                        "notes/bm25")),
                Corpus.CHUNKS);
        assertThat(r.retrieve("q", 3).chunkIds()).containsExactly("paper/method", "paper/results", "notes/bm25");
    }

    @Test
    void hierNeighbor_middleFragment_getsOneSiblingEachSide_inOrder() {
        RetrievedChunk h = NeighborRetriever.of(
                        NeighborRetriever.Reach.SECTION, new Scripted(List.of("paper/method#1")), Corpus.CHUNKS)
                .retrieve("q", 1)
                .hits()
                .get(0);
        assertThat(h.chunk().id()).isEqualTo("paper/method#1");
        assertThat(ids(h.context())).containsExactly("paper/method#0", "paper/method#1", "paper/method#2");
    }

    @Test
    void hierNeighbor_neverCrossesASection() {
        Retriever r = NeighborRetriever.of(
                NeighborRetriever.Reach.SECTION,
                new Scripted(List.of("paper/method#3", "paper/results#0")),
                Corpus.CHUNKS);
        List<RetrievedChunk> hits = r.retrieve("q", 5).hits();
        assertThat(ids(hits.get(0).context())).containsExactly("paper/method#2", "paper/method#3");
        assertThat(ids(hits.get(1).context())).containsExactly("paper/results#0", "paper/results#1");
    }

    @Test
    void hierNeighbor_widerWindow_andOverlappingHitsAreNotRepeated() {
        Retriever r = NeighborRetriever.of(
                NeighborRetriever.Reach.SECTION,
                new Scripted(List.of("paper/method#1", "paper/method#2", "paper/intro")),
                Corpus.CHUNKS,
                2,
                RetrievalConfig.defaults());
        List<RetrievedChunk> hits = r.retrieve("q", 5).hits();
        assertThat(ids(hits.get(0).context()))
                .containsExactly("paper/method#0", "paper/method#1", "paper/method#2", "paper/method#3");
        assertThat(hits).extracting(h -> h.chunk().id()).containsExactly("paper/method#1", "paper/intro");
    }

    @Test
    void neighbor_followsReadingOrderAcrossSections_skippingSplitParents() {
        Retriever r = NeighborRetriever.of(
                NeighborRetriever.Reach.READING_ORDER,
                new Scripted(List.of("paper/method#3", "notes/bm25")),
                Corpus.CHUNKS);
        List<RetrievedChunk> hits = r.retrieve("q", 5).hits();
        assertThat(ids(hits.get(0).context())).containsExactly("paper/method#2", "paper/method#3", "paper/results#0");
        // notes/contents is excluded, so only the following chunk joins the context
        assertThat(ids(hits.get(1).context())).containsExactly("notes/bm25", "notes/hnsw");
    }

    @Test
    void neighbor_firstChunkOfDocument_hasOnlyTheFollowingNeighbour() {
        RetrievedChunk h = NeighborRetriever.of(
                        NeighborRetriever.Reach.READING_ORDER, new Scripted(List.of("paper/intro")), Corpus.CHUNKS)
                .retrieve("q", 1)
                .hits()
                .get(0);
        assertThat(ids(h.context())).containsExactly("paper/intro", "paper/method#0");
    }

    @Test
    void expanding_excludedSectionHits_areDropped() {
        for (Retriever r : List.of(
                HierarchicalRetriever.of(new Scripted(List.of("paper/refs", "paper/intro")), Corpus.CHUNKS),
                NeighborRetriever.of(
                        NeighborRetriever.Reach.SECTION,
                        new Scripted(List.of("paper/refs", "paper/intro")),
                        Corpus.CHUNKS),
                NeighborRetriever.of(
                        NeighborRetriever.Reach.READING_ORDER,
                        new Scripted(List.of("paper/refs", "paper/intro")),
                        Corpus.CHUNKS))) {
            assertThat(r.retrieve("q", 5).chunkIds()).as(r.name()).containsExactly("paper/intro");
        }
    }
}
