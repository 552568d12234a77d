package io.github.raglens.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.spi.Retriever;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Retriever} promises. A retriever's test implements this interface and supplies
 * the retriever over a corpus, some queries that match it, and the chunks it must never return.
 */
public interface RetrieverContract {

    /** The retriever under test. */
    Retriever retriever();

    /** Queries with at least one match in the corpus. */
    List<String> queries();

    /** Ids of chunks the retriever must never return (e.g. bibliography sections). */
    default Set<String> excludedChunkIds() {
        return Set.of();
    }

    /** Hits are ranked 1..n with non-increasing scores and no chunk twice. */
    @Test
    default void retrieve_ranksAreOneToN_scoresNonIncreasing_noDuplicates() {
        for (String q : queries()) {
            RetrievalResult r = retriever().retrieve(q, 10);
            assertThat(r.hits()).as("hits for '%s'", q).isNotEmpty();
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < r.hits().size(); i++) {
                RetrievedChunk h = r.hits().get(i);
                assertThat(h.rank()).isEqualTo(i + 1);
                if (i > 0) {
                    assertThat(h.score())
                            .isLessThanOrEqualTo(r.hits().get(i - 1).score());
                }
                assertThat(seen.add(h.chunk().id()))
                        .as("chunk %s returned twice for '%s'", h.chunk().id(), q)
                        .isTrue();
            }
        }
    }

    /** No more than k hits, for k = 1, 2, 3 and 5. */
    @Test
    default void retrieve_respectsK() {
        for (String q : queries()) {
            for (int k : new int[] {1, 2, 3, 5}) {
                assertThat(retriever().retrieve(q, k).hits()).hasSizeLessThanOrEqualTo(k);
            }
        }
    }

    /** No hit, nor its matched child, is one of the {@link #excludedChunkIds()}. */
    @Test
    default void retrieve_neverReturnsExcludedChunks() {
        for (String q : queries()) {
            for (RetrievedChunk h : retriever().retrieve(q, 20).hits()) {
                assertThat(excludedChunkIds())
                        .doesNotContain(h.chunk().id(), h.matched().id());
            }
        }
    }

    /** A k of 0 is an {@link IllegalArgumentException}. */
    @Test
    default void retrieve_nonPositiveK_isRejected() {
        assertThatThrownBy(() -> retriever().retrieve(queries().get(0), 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** A blank query gets no hits. */
    @Test
    default void retrieve_blankQuery_isEmpty() {
        assertThat(retriever().retrieve("   ", 5).hits()).isEmpty();
    }

    /** The same query twice gives the same ranking. */
    @Test
    default void retrieve_isDeterministic() {
        for (String q : queries()) {
            assertThat(retriever().retrieve(q, 10).chunkIds())
                    .isEqualTo(retriever().retrieve(q, 10).chunkIds());
        }
    }
}
