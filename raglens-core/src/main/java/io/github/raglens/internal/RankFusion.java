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
        Map<String, RetrievedChunk> first = new LinkedHashMap<>();
        Map<String, Double> score = new LinkedHashMap<>();
        addMinMax(dense, alpha, first, score);
        addMinMax(sparse, 1.0 - alpha, first, score);
        return fused(first, score);
    }

    /** Reciprocal rank fusion with rank constant {@code rrfK}. */
    public static List<Fused> reciprocalRank(List<RetrievedChunk> dense, List<RetrievedChunk> sparse, int rrfK) {
        Map<String, RetrievedChunk> first = new LinkedHashMap<>();
        Map<String, Double> score = new LinkedHashMap<>();
        for (List<RetrievedChunk> hits : List.of(dense, sparse)) {
            for (RetrievedChunk h : hits) {
                first.putIfAbsent(h.chunk().id(), h);
                score.merge(h.chunk().id(), 1.0 / (rrfK + h.rank()), Double::sum);
            }
        }
        return fused(first, score);
    }

    private static void addMinMax(
            List<RetrievedChunk> hits, double weight, Map<String, RetrievedChunk> first, Map<String, Double> score) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (RetrievedChunk h : hits) {
            min = Math.min(min, h.score());
            max = Math.max(max, h.score());
        }
        for (RetrievedChunk h : hits) {
            double part = weight * (max > min ? (h.score() - min) / (max - min) : 1.0);
            first.putIfAbsent(h.chunk().id(), h);
            score.merge(h.chunk().id(), part, Double::sum);
        }
    }

    private static List<Fused> fused(Map<String, RetrievedChunk> first, Map<String, Double> score) {
        List<Fused> out = new ArrayList<>(score.size());
        for (Map.Entry<String, Double> e : score.entrySet()) {
            out.add(new Fused(first.get(e.getKey()), e.getValue()));
        }
        return out;
    }
}
