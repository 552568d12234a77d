package io.github.raglens.retrieval;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.similarities.BM25Similarity;

/**
 * The last few Lucene searches of one snapshot with their hits, so that retrievers asking the same
 * search one after the other share it: {@code hierarchical} and {@code hier-neighbor} both search
 * through a hybrid at the same depths, and {@code dense} and {@code hybrid} explore the HNSW graph to
 * the same floor. A snapshot never changes, so a remembered search gives exactly the hits a new one
 * would; a search remembered at some depth also answers shallower ones with its first hits (Lucene's
 * top {@code n} are the first {@code n} of its top {@code m > n}: best score first, ties by document).
 *
 * <p>A deeper search of a remembered key starts from the remembered search's Lucene query: a BM25
 * query's terms are looked up in the term dictionary once per snapshot (Lucene's {@code TermStates},
 * a fifth of a BM25 search's time), not once per depth.
 *
 * <p>A reused search reports the time it took when it ran ({@link Ranking.Candidates#reusedNanos()}),
 * so that the latency of the retriever reusing it still counts it. Only the last {@value #CAPACITY}
 * searches are kept: enough for the retrievers of one query (or a few dozen queries on as many
 * threads), too few for a second pass over a query set to be answered from memory. Thread-safe.
 */
final class SearchMemo {

    /** Searches remembered; the least recently used one is forgotten first. */
    static final int CAPACITY = 64;

    /** Searches deeper than this (retries for heavily filtered results) are not remembered. */
    private static final int MAX_HITS = 10_000;

    /** A search that can be run at several depths, sharing its preparation. */
    interface Search {
        /**
         * What the search's runs at every depth share: its Lucene query, with whatever can be looked
         * up once done; null when the search finds nothing (e.g. a text of only stop words).
         */
        Query prepare() throws IOException;

        /** The best {@code depth} hits of the prepared query, best first. */
        List<Hit> run(Query prepared, int depth) throws IOException;
    }

    /**
     * A search's hits, how many it asked for, the time it took (preparation included), its prepared
     * query and the time preparing took.
     */
    private record Found(List<Hit> hits, int depth, long nanos, Query prepared, long prepareNanos) {

        /** Whether this answers a request for {@code n} hits: it holds them, or every hit there is. */
        boolean answers(int n) {
            return hits.size() >= n || hits.size() < depth;
        }
    }

    /** What identifies a search. */
    sealed interface Key permits Bm25Key, VectorKey {}

    private final Lru<Key, Found> found = new Lru<>(CAPACITY);

    /** The key of a BM25 search of a query text, scored with {@code similarity} (null: the index's). */
    static Key bm25(String text, BM25Similarity similarity) {
        return new Bm25Key(text, similarity);
    }

    /** The key of an HNSW search of a vector exploring the graph for {@code explore} candidates. */
    static Key hnsw(float[] vector, int explore) {
        return new VectorKey(vector, explore);
    }

    /**
     * The first {@code n} hits of the search under {@code key}: those of the remembered search when it
     * answers them, otherwise of {@code search} run now for {@code depth >= n} hits and remembered;
     * a run now reuses the remembered search's prepared query when there is one (and reports the
     * time preparing it took).
     *
     * @throws IOException if the search cannot read the index
     */
    Ranking.Candidates hits(Key key, int n, int depth, Search search) throws IOException {
        Found known = found.get(key);
        if (known != null && known.answers(n)) {
            return candidates(known.hits(), n, known.nanos());
        }
        long start = System.nanoTime();
        Query prepared;
        long prepareNanos;
        long reused;
        if (known != null) {
            prepared = known.prepared();
            prepareNanos = known.prepareNanos();
            reused = prepareNanos;
        } else {
            prepared = search.prepare();
            prepareNanos = System.nanoTime() - start;
            reused = 0;
        }
        List<Hit> hits = prepared == null ? List.of() : List.copyOf(search.run(prepared, depth));
        Found fresh = new Found(hits, depth, System.nanoTime() - start + reused, prepared, prepareNanos);
        if (hits.size() <= MAX_HITS) {
            Key stored = key instanceof VectorKey v ? v.copy() : key;
            found.put(stored, fresh, (old, now) -> old.depth() < now.depth() ? now : old);
        }
        return candidates(hits, n, reused);
    }

    private static Ranking.Candidates candidates(List<Hit> hits, int n, long reusedNanos) {
        List<Hit> first = hits.size() > n ? hits.subList(0, n) : hits;
        return new Ranking.Candidates(first, first.size() >= n, reusedNanos);
    }

    private record Bm25Key(String text, BM25Similarity similarity) implements Key {}

    /** A query vector by value (the memo keeps its own copy) and the HNSW exploration. */
    private static final class VectorKey implements Key {
        private final float[] vector;
        private final int explore;
        private final int hash;

        VectorKey(float[] vector, int explore) {
            this(vector, explore, 31 * Arrays.hashCode(vector) + explore);
        }

        private VectorKey(float[] vector, int explore, int hash) {
            this.vector = vector;
            this.explore = explore;
            this.hash = hash;
        }

        VectorKey copy() {
            return new VectorKey(vector.clone(), explore, hash);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof VectorKey k
                    && k.hash == hash
                    && k.explore == explore
                    && Arrays.equals(k.vector, vector);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public String toString() {
            return "VectorKey[dimension=" + vector.length + ", explore=" + explore + "]";
        }
    }
}
