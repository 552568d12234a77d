package io.github.raglens.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Chunk;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.junit.jupiter.api.Test;

class SearchMemoTest {

    /**
     * A search over the corpus's chunks in order, counting the searches it runs and their depths, and
     * the queries it prepares (each a new instance), taking {@code prepareMillis} to prepare one.
     */
    private static final class CountingSearch implements SearchMemo.Search {
        final List<Integer> depths = new ArrayList<>();
        final List<Query> prepared = new ArrayList<>();
        final List<Query> runOn = new ArrayList<>();
        final int available;
        final long prepareMillis;

        CountingSearch(int available) {
            this(available, 0);
        }

        CountingSearch(int available, long prepareMillis) {
            this.available = available;
            this.prepareMillis = prepareMillis;
        }

        @Override
        public Query prepare() {
            long end = System.nanoTime() + prepareMillis * 1_000_000;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            Query q = new TermQuery(new Term("text", "query " + prepared.size()));
            prepared.add(q);
            return q;
        }

        @Override
        public List<Hit> run(Query query, int depth) {
            depths.add(depth);
            runOn.add(query);
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
    }

    @Test
    void aDeeperSearch_runsOnTheRememberedPreparedQuery_andReportsThePreparationsTime() throws Exception {
        SearchMemo memo = new SearchMemo();
        CountingSearch search = new CountingSearch(Corpus.CHUNKS.size(), 20);
        SearchMemo.Key key = SearchMemo.bm25("dual encoder", null);

        Ranking.Candidates first = memo.hits(key, 3, 3, search);
        Ranking.Candidates deeper = memo.hits(key, 8, 8, search);
        Ranking.Candidates shallow = memo.hits(key, 5, 5, search);

        assertThat(search.prepared).hasSize(1);
        assertThat(search.runOn).containsExactly(search.prepared.get(0), search.prepared.get(0));
        assertThat(first.reusedNanos()).isZero();
        // The deeper search did not prepare again: it reports the first one's preparation as reused.
        assertThat(deeper.reusedNanos()).isGreaterThanOrEqualTo(20_000_000L);
        // The remembered deeper search's time counts its preparation, though done by the first search.
        assertThat(shallow.reusedNanos()).isGreaterThanOrEqualTo(20_000_000L);
    }

    @Test
    void aSearchWithNothingToPrepare_findsNothing_withoutRunning() throws Exception {
        SearchMemo memo = new SearchMemo();
        SearchMemo.Search nothing = new SearchMemo.Search() {
            @Override
            public Query prepare() {
                return null;
            }

            @Override
            public List<Hit> run(Query prepared, int depth) {
                throw new AssertionError("ran a search that has no query");
            }
        };

        Ranking.Candidates found = memo.hits(SearchMemo.bm25("the of", null), 5, 5, nothing);

        assertThat(found.hits()).isEmpty();
        assertThat(found.more()).isFalse();
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
