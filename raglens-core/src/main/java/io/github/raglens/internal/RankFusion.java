package io.github.raglens.internal;

import io.github.raglens.model.RetrievedChunk;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fusion of a dense and a sparse ranking of one corpus, shared by every backend so that
 * {@code hybrid} and {@code hybrid-rrf} score alike whatever index ranked the lists.
 *
 * <p>Min-max fusion rescales each list to [0, 1] (a list whose scores are all equal maps to 1) and
 * scores a chunk {@code α · dense + (1 − α) · sparse}, a chunk missing from one list counting 0 there.
 * Reciprocal rank fusion scores {@code Σ 1 / (rrfK + rank)} over the lists that hold the chunk. The
 * fused scores do not depend on which list is read first; the result lists each chunk once, in order of
 * first appearance (dense first), unsorted. Stateless and thread-safe.
 */
public final class RankFusion {

    /**
     * A fused candidate.
     *
     * @param first the chunk's hit in the first list that holds it (its chunk, matched and context)
     * @param score the fused score
     */
    public record Fused(RetrievedChunk first, double score) {}

    private RankFusion() {}

    /** Min-max normalised weighted sum, the dense list weighted {@code alpha}. */
    public static List<Fused> minMax(List<RetrievedChunk> dense, List<RetrievedChunk> sparse, double alpha) {
        Map<String, Sum> sums = LinkedHashMap.newLinkedHashMap(dense.size() + sparse.size());
        addMinMax(dense, alpha, sums);
        addMinMax(sparse, 1.0 - alpha, sums);
        return fused(sums);
    }

    /** Reciprocal rank fusion with rank constant {@code rrfK}. */
    public static List<Fused> reciprocalRank(List<RetrievedChunk> dense, List<RetrievedChunk> sparse, int rrfK) {
        Map<String, Sum> sums = LinkedHashMap.newLinkedHashMap(dense.size() + sparse.size());
        for (List<RetrievedChunk> hits : List.of(dense, sparse)) {
            for (RetrievedChunk h : hits) {
                add(sums, h, 1.0 / (rrfK + h.rank()));
            }
        }
        return fused(sums);
    }

    /** A chunk's first hit and the sum of its parts so far. */
    private static final class Sum {
        final RetrievedChunk first;
        double score;

        Sum(RetrievedChunk first, double score) {
            this.first = first;
            this.score = score;
        }
    }

    private static void add(Map<String, Sum> sums, RetrievedChunk h, double part) {
        Sum sum = sums.get(h.chunk().id());
        if (sum == null) {
            sums.put(h.chunk().id(), new Sum(h, part));
        } else {
            sum.score += part;
        }
    }

    private static void addMinMax(List<RetrievedChunk> hits, double weight, Map<String, Sum> sums) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (RetrievedChunk h : hits) {
            min = Math.min(min, h.score());
            max = Math.max(max, h.score());
        }
        for (RetrievedChunk h : hits) {
            add(sums, h, weight * (max > min ? (h.score() - min) / (max - min) : 1.0));
        }
    }

    private static List<Fused> fused(Map<String, Sum> sums) {
        List<Fused> out = new ArrayList<>(sums.size());
        for (Sum s : sums.values()) {
            out.add(new Fused(s.first, s.score));
        }
        return out;
    }
}
