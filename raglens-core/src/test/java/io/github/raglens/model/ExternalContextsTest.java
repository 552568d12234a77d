package io.github.raglens.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExternalContextsTest {

    @Test
    void ofContexts_keepsOrderSourceAndPage_andDropsARepeatedId() {
        List<RetrievedContext> contexts = List.of(
                new RetrievedContext("first text", "a", 2.0, "paper.pdf", 3, Map.of()),
                new RetrievedContext("second text", "b", 1.5, "", 0, Map.of("k", "v")),
                new RetrievedContext("first text again", "a", 1.0, "paper.pdf", 4, Map.of()));

        RetrievalResult result = RetrievalResult.ofContexts("my-search", "q", contexts, 7);

        assertThat(result.chunkIds()).containsExactly("a", "b");
        assertThat(result.hits()).extracting(RetrievedChunk::rank).containsExactly(1, 2);
        assertThat(result.hits()).extracting(RetrievedChunk::score).containsExactly(2.0, 1.5);
        Chunk first = result.hits().get(0).chunk();
        assertThat(first.documentId()).isEqualTo("paper.pdf");
        assertThat(first.pageStart()).isEqualTo(3);
        assertThat(first.text()).isEqualTo("first text");
        assertThat(result.latencyNanos()).isEqualTo(7);
    }

    @Test
    void ofContexts_withoutIdsOrScores_derivesIdsFromTextAndScoresFromRank() {
        RetrievalResult result = RetrievalResult.ofContexts(
                "ext", "q", List.of(RetrievedContext.of("alpha"), RetrievedContext.of("beta")), 0);

        assertThat(result.chunkIds()).allMatch(id -> id.matches("text-[0-9a-f]{16}"));
        assertThat(result.chunkIds().get(0)).isNotEqualTo(result.chunkIds().get(1));
        assertThat(result.hits()).extracting(RetrievedChunk::score).containsExactly(1.0, 0.5);
        assertThat(RetrievalResult.ofContexts("ext", "q", List.of(RetrievedContext.of("alpha")), 0)
                        .chunkIds())
                .containsExactly(result.chunkIds().get(0));
    }

    @Test
    void ofContexts_scoresThatRiseDownTheList_giveWayToTheRank_soTheGivenOrderStays() {
        List<RetrievedContext> reranked = List.of(
                new RetrievedContext("first", "a", 0.2, "", 0, Map.of()),
                new RetrievedContext("second", "b", 0.9, "", 0, Map.of()),
                new RetrievedContext("third", "c", 0.1, "", 0, Map.of()));

        RetrievalResult result = RetrievalResult.ofContexts("ext", "q", reranked, 0);

        assertThat(result.chunkIds()).containsExactly("a", "b", "c");
        assertThat(result.hits()).extracting(RetrievedChunk::score).containsExactly(1.0, 0.5, 1.0 / 3);
    }

    @Test
    void retrievedContext_rejectsEmptyText() {
        assertThatThrownBy(() -> RetrievedContext.of(""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("text must not be empty");
    }
}
