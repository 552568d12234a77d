package io.github.raglens.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Chunk;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SearchMemoTest {

    /** A search over the corpus's chunks in order, counting the searches it runs and their depths. */
    private static final class CountingSearch implements SearchMemo.Search {
        final List<Integer> depths = new ArrayList<>();
        final int available;

        CountingSearch(int available) {
            this.available = available;
        }

        @Override
        public List<Hit> run(int depth) {
            depths.add(depth);
            List<Hit> hits = new ArrayList<>();
            for (int i = 0; i < Math.min(depth, available); i++) {
                Chunk c = Corpus.CHUNKS.get(i);
                hits.add(Hit.of(c, 1.0 / (i + 1)));
            }
            return hits;
        }
    }

    @Test
    void aRememberedSearch_answersShallowerRequestsWithItsFirstHits_andReportsItsTime() throws Exception {
        SearchMemo memo = new SearchMemo();
        CountingSearch search = new CountingSearch(Corpus.CHUNKS.size());
        SearchMemo.Key key = SearchMemo.bm25("dual encoder", null);

        Ranking.Candidates deep = memo.hits(key, 6, 6, search);
        Ranking.Candidates shallow = memo.hits(key, 4, 4, search);

        assertThat(search.depths).containsExactly(6);
        assertThat(deep.reusedNanos()).isZero();
        assertThat(shallow.hits()).isEqualTo(deep.hits().subList(0, 4));
        assertThat(shallow.more()).isTrue();
        assertThat(shallow.reusedNanos()).isPositive();
    }

    @Test
    void aDeeperRequest_searchesAgain_andTheDeeperSearchIsRemembered() throws Exception {
        SearchMemo memo = new SearchMemo();
        CountingSearch search = new CountingSearch(Corpus.CHUNKS.size());
        SearchMemo.Key key = SearchMemo.bm25("dual encoder", null);

        memo.hits(key, 3, 3, search);
        Ranking.Candidates deeper = memo.hits(key, 8, 8, search);
        memo.hits(key, 5, 5, search);

        assertThat(search.depths).containsExactly(3, 8);
        assertThat(deeper.hits()).hasSize(8);
        assertThat(deeper.reusedNanos()).isZero();
    }

    @Test
    void aSearchThatFoundFewerThanAsked_answersDeeperRequests_withNoMore() throws Exception {
        SearchMemo memo = new SearchMemo();
        CountingSearch search = new CountingSearch(4);
        SearchMemo.Key key = SearchMemo.bm25("dual encoder", null);

        memo.hits(key, 10, 10, search);
        Ranking.Candidates again = memo.hits(key, 40, 40, search);

        assertThat(search.depths).containsExactly(10);
        assertThat(again.hits()).hasSize(4);
        assertThat(again.more()).isFalse();
    }

    @Test
    void anHnswSearch_isKnownByTheVectorsValueAndItsExploration_notByTheArray() throws Exception {
        SearchMemo memo = new SearchMemo();
        CountingSearch search = new CountingSearch(Corpus.CHUNKS.size());
        float[] vector = {0.6f, 0.8f, 0f};

        memo.hits(SearchMemo.hnsw(vector, 100), 5, 100, search);
        vector[2] = 1f; // the caller's array changes after the search: the memo kept its own copy
        memo.hits(SearchMemo.hnsw(new float[] {0.6f, 0.8f, 0f}, 100), 7, 100, search);
        memo.hits(SearchMemo.hnsw(new float[] {0.6f, 0.8f, 0f}, 200), 7, 200, search);
        memo.hits(SearchMemo.hnsw(vector, 100), 5, 100, search);

        assertThat(search.depths).containsExactly(100, 200, 100);
    }

    @Test
    void keys_separateTextsAndSimilarities() throws Exception {
        SearchMemo memo = new SearchMemo();
        CountingSearch search = new CountingSearch(Corpus.CHUNKS.size());

        memo.hits(SearchMemo.bm25("dual encoder", null), 3, 3, search);
        memo.hits(SearchMemo.bm25("dual encoders", null), 3, 3, search);
        memo.hits(SearchMemo.bm25("dual encoder", new Bm25Params(0.9f, 0.4f).similarity()), 3, 3, search);
        memo.hits(SearchMemo.bm25("dual encoder", null), 3, 3, search);

        assertThat(search.depths).hasSize(3);
    }

    @Test
    void onlyTheLastSearchesAreKept() throws Exception {
        SearchMemo memo = new SearchMemo();
        CountingSearch search = new CountingSearch(Corpus.CHUNKS.size());
        memo.hits(SearchMemo.bm25("query 0", null), 3, 3, search);
        for (int i = 1; i <= SearchMemo.CAPACITY; i++) {
            memo.hits(SearchMemo.bm25("query " + i, null), 3, 3, search);
        }
        int searches = search.depths.size();

        memo.hits(SearchMemo.bm25("query " + SearchMemo.CAPACITY, null), 3, 3, search);
        assertThat(search.depths).hasSize(searches);
        memo.hits(SearchMemo.bm25("query 0", null), 3, 3, search);
        assertThat(search.depths).hasSize(searches + 1);
    }
}
