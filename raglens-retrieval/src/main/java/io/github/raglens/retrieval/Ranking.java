package io.github.raglens.retrieval;

import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.spi.Retriever;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The steps every retriever shares: argument checks, over-retrieval, filtering, ranking, timing. A
 * result's latency is its wall time plus the time of the reused work its candidates report.
 */
final class Ranking {

    /** Deeper than this the source is not asked again, whatever remains. */
    private static final int MAX_DEPTH = 1 << 20;

    /**
     * Candidates fetched at some depth, whether a deeper search could give more, and the time of work
     * done earlier that they reuse (a remembered search, see {@link SearchMemo}), which the retriever's
     * latency counts as if it had been done again.
     */
    record Candidates(List<Hit> hits, boolean more, long reusedNanos) {

        /** Candidates of work done now. */
        Candidates(List<Hit> hits, boolean more) {
            this(hits, more, 0);
        }
    }

    /**
     * The hits of a nested retriever, and the time its result reports beyond the wall time of the
     * call: work it reused rather than did (see {@link Candidates#reusedNanos()}).
     */
    record Nested(List<RetrievedChunk> hits, long reusedNanos) {}

    /** A search for candidates, in any order, at a given depth. */
    @FunctionalInterface
    interface Source {
        Candidates candidates(String query, int depth);
    }

    /** Best score first; equal scores by chunk id so that ties rank the same on every run. */
    static final Comparator<Hit> BEST_FIRST = (a, b) -> {
        int byScore = Double.compare(b.score(), a.score());
        return byScore != 0 ? byScore : a.chunk().id().compareTo(b.chunk().id());
    };

    private Ranking() {}

    /** Calls a nested retriever, noting the reused work its result reports. */
    static Nested nested(Retriever retriever, String query, int k) {
        long start = System.nanoTime();
        RetrievalResult result = retriever.retrieve(query, k);
        long wall = System.nanoTime() - start;
        return new Nested(result.hits(), Math.max(0, result.latencyNanos() - wall));
    }

    /** Rejects a non-positive k with the message every retriever uses. */
    static void checkK(int k) {
        if (k <= 0) {
            throw new IllegalArgumentException("k must be > 0, was " + k);
        }
    }

    /**
     * Retrieves the top {@code k} clean hits from a source.
     *
     * @throws IllegalArgumentException if {@code k <= 0}
     */
    static RetrievalResult retrieve(String name, String query, int k, ChunkFilter filter, Source source) {
        Objects.requireNonNull(query, "query");
        checkK(k);
        long start = System.nanoTime();
        if (query.isBlank()) {
            return new RetrievalResult(name, query, List.of(), System.nanoTime() - start);
        }
        int depth = (int) Math.min(MAX_DEPTH, (long) k * filter.config().overRetrievalFactor());
        List<Hit> clean;
        long reused = 0;
        while (true) {
            Candidates candidates = source.candidates(query, depth);
            reused += candidates.reusedNanos();
            clean = clean(candidates.hits(), filter, k);
            if (clean.size() >= k || !candidates.more() || depth >= MAX_DEPTH) {
                break;
            }
            depth = (int) Math.min(MAX_DEPTH, depth * 2L);
        }
        List<RetrievedChunk> ranked = new ArrayList<>(clean.size());
        for (int i = 0; i < clean.size(); i++) {
            Hit h = clean.get(i);
            ranked.add(new RetrievedChunk(i + 1, h.score(), h.chunk(), h.matched(), h.context()));
        }
        return new RetrievalResult(name, query, ranked, System.nanoTime() - start + reused);
    }

    /**
     * The best {@code k} candidates, best first, without excluded and repeated chunks. Candidates below
     * the k-th clean one are never looked at: the filter's verdicts are most of a query's cost outside
     * Lucene, and a source is asked for several times k.
     */
    private static List<Hit> clean(List<Hit> candidates, ChunkFilter filter, int k) {
        List<Hit> sorted = new ArrayList<>(candidates);
        sorted.sort(BEST_FIRST);
        Set<String> seen = HashSet.newHashSet(Math.min(k, sorted.size()));
        List<Hit> out = new ArrayList<>(Math.min(k, sorted.size()));
        for (Hit h : sorted) {
            if (out.size() == k) {
                break;
            }
            if (filter.isExcluded(h.chunk()) || (h.matched() != h.chunk() && filter.isExcluded(h.matched()))) {
                continue;
            }
            if (seen.add(h.chunk().id())) {
                out.add(h);
            }
        }
        return out;
    }
}
