package io.github.raglens.solr;

import io.github.raglens.internal.SectionTitles;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The steps the Solr retrievers share, as the in-process retrievers take them: argument checks,
 * asking for {@code k × 3} candidates, dropping excluded and repeated chunks, ranking best first (ties
 * by chunk id), and asking twice as deep while fewer than {@code k} remain and the source had more.
 */
final class SolrRanking {

    static final int OVER_RETRIEVAL_FACTOR = 3;
    private static final int MAX_DEPTH = 1 << 20;

    /** Candidates fetched at some depth, and whether a deeper search could give more. */
    record Candidates(List<Candidate> hits, boolean more) {}

    /** A search for candidates, in any order, at a given depth. */
    @FunctionalInterface
    interface Source {
        Candidates candidates(String query, int depth);
    }

    static final Comparator<Candidate> BEST_FIRST = Comparator.comparingDouble(Candidate::score)
            .reversed()
            .thenComparing(h -> h.chunk().id());

    private SolrRanking() {}

    static void checkK(int k) {
        if (k <= 0) {
            throw new IllegalArgumentException("k must be > 0, was " + k);
        }
    }

    /** The normalised form of section titles to leave out. */
    static Set<String> normalised(Set<String> titles) {
        Set<String> out = new HashSet<>();
        for (String t : titles) {
            String n = SectionTitles.normalise(Objects.requireNonNull(t, "excluded section title"));
            if (!n.isEmpty()) {
                out.add(n);
            }
        }
        return Set.copyOf(out);
    }

    static boolean isExcluded(Chunk c, Set<String> excludedTitles) {
        return !excludedTitles.isEmpty() && excludedTitles.contains(SectionTitles.ownTitle(c.sectionPath()));
    }

    /** The top {@code k} clean candidates of a source, ranked. */
    static RetrievalResult retrieve(String name, String query, int k, Set<String> excludedTitles, Source source) {
        Objects.requireNonNull(query, "query");
        checkK(k);
        long start = System.nanoTime();
        if (query.isBlank()) {
            return new RetrievalResult(name, query, List.of(), System.nanoTime() - start);
        }
        int depth = (int) Math.min(MAX_DEPTH, (long) k * OVER_RETRIEVAL_FACTOR);
        List<Candidate> clean;
        while (true) {
            Candidates candidates = source.candidates(query, depth);
            clean = clean(candidates.hits(), excludedTitles);
            if (clean.size() >= k || !candidates.more() || depth >= MAX_DEPTH) {
                break;
            }
            depth = (int) Math.min(MAX_DEPTH, depth * 2L);
        }
        List<RetrievedChunk> ranked = new ArrayList<>(Math.min(k, clean.size()));
        for (int i = 0; i < clean.size() && i < k; i++) {
            Candidate h = clean.get(i);
            ranked.add(new RetrievedChunk(i + 1, h.score(), h.chunk(), h.matched(), h.context()));
        }
        return new RetrievalResult(name, query, ranked, System.nanoTime() - start);
    }

    private static List<Candidate> clean(List<Candidate> candidates, Set<String> excludedTitles) {
        List<Candidate> sorted = new ArrayList<>(candidates);
        sorted.sort(BEST_FIRST);
        Set<String> seen = new HashSet<>();
        List<Candidate> out = new ArrayList<>(sorted.size());
        for (Candidate h : sorted) {
            if (isExcluded(h.chunk(), excludedTitles) || isExcluded(h.matched(), excludedTitles)) {
                continue;
            }
            if (seen.add(h.chunk().id())) {
                out.add(h);
            }
        }
        return out;
    }

    /** Candidates from a plain search that returned {@code hits.size()} of {@code depth} asked for. */
    static Candidates of(List<SolrIndex.Scored> hits, int depth) {
        List<Candidate> out = new ArrayList<>(hits.size());
        for (SolrIndex.Scored s : hits) {
            out.add(Candidate.of(s.stored().chunk(), s.score()));
        }
        return new Candidates(out, hits.size() >= depth);
    }
}
