package io.github.raglens.eval;

import io.github.raglens.model.RetrievedChunk;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Retrieval metrics of one ranked list against the relevant ids of one query, defined as
 * {@code trec_eval} defines them.
 *
 * <p>A ranking is a list of ids in rank order (rank 1 first) with no id twice. To rank scored ids
 * the way {@code trec_eval} does, which ignores the rank column of a run, compares scores as C
 * {@code float} and breaks ties by the document id in descending order, use {@link #trecOrder(List)}
 * first.
 *
 * <p>Conventions shared by every metric, matching {@code trec_eval}:
 *
 * <ul>
 *   <li>a cutoff {@code k} larger than the ranking counts the missing ranks as non-relevant, so
 *       Precision@K always divides by {@code k};
 *   <li>a query without relevant ids scores 0 on every recall-oriented metric (recall, AP,
 *       R-precision, nDCG) instead of dividing by zero.
 * </ul>
 *
 * <p>All methods are pure and thread-safe. Null arguments throw {@link NullPointerException}, a
 * cutoff below 1 or a ranking that holds an id twice throws {@link IllegalArgumentException}.
 */
public final class RetrievalMetrics {

    private RetrievalMetrics() {}

    /**
     * Orders scored ids as {@code trec_eval} does ({@link ScoredId#TREC_ORDER}): score descending as
     * C {@code float}, ties broken by id in descending UTF-8 byte order.
     *
     * @param scored the scored ids, in any order
     * @return the ids in rank order
     * @throws IllegalArgumentException if an id occurs twice
     */
    public static List<String> trecOrder(List<ScoredId> scored) {
        List<ScoredId> sorted = new ArrayList<>(scored);
        sorted.sort(ScoredId.TREC_ORDER);
        List<String> ids = new ArrayList<>(sorted.size());
        for (ScoredId s : sorted) {
            ids.add(s.id());
        }
        checkDistinct(ids);
        return List.copyOf(ids);
    }

    /** Hit@K ({@code trec_eval}'s {@code success_K}): 1 when a relevant id is in the top {@code k}, else 0. */
    public static double hitAt(List<String> ranking, Set<String> relevant, int k) {
        return relevantInTop(ranking, relevant, k) > 0 ? 1.0 : 0.0;
    }

    /** Precision@K ({@code P_K}): relevant ids in the top {@code k}, divided by {@code k}. */
    public static double precisionAt(List<String> ranking, Set<String> relevant, int k) {
        return (double) relevantInTop(ranking, relevant, k) / k;
    }

    /** Recall@K ({@code recall_K}): relevant ids in the top {@code k}, divided by all relevant ids. */
    public static double recallAt(List<String> ranking, Set<String> relevant, int k) {
        int hits = relevantInTop(ranking, relevant, k);
        return relevant.isEmpty() ? 0.0 : (double) hits / relevant.size();
    }

    /** MRR@K: the reciprocal rank of the first relevant id within the top {@code k}, 0 when none. */
    public static double reciprocalRankAt(List<String> ranking, Set<String> relevant, int k) {
        checkK(k);
        Objects.requireNonNull(relevant, "relevant");
        checkDistinct(ranking);
        int limit = Math.min(k, ranking.size());
        for (int i = 0; i < limit; i++) {
            if (relevant.contains(ranking.get(i))) {
                return 1.0 / (i + 1);
            }
        }
        return 0.0;
    }

    /** The reciprocal rank of the first relevant id anywhere in the ranking ({@code recip_rank}). */
    public static double reciprocalRank(List<String> ranking, Set<String> relevant) {
        return reciprocalRankAt(ranking, relevant, Math.max(1, ranking.size()));
    }

    /**
     * Average precision ({@code map} per query): the mean over all relevant ids of the precision at
     * the rank where each is retrieved, with unretrieved relevant ids contributing 0.
     */
    public static double averagePrecision(List<String> ranking, Set<String> relevant) {
        return averagePrecisionAt(ranking, relevant, Math.max(1, ranking.size()));
    }

    /** Average precision over the top {@code k} only ({@code map_cut_K}). */
    public static double averagePrecisionAt(List<String> ranking, Set<String> relevant, int k) {
        checkK(k);
        Objects.requireNonNull(relevant, "relevant");
        checkDistinct(ranking);
        if (relevant.isEmpty()) {
            return 0.0;
        }
        int limit = Math.min(k, ranking.size());
        int found = 0;
        double sum = 0;
        for (int i = 0; i < limit; i++) {
            if (relevant.contains(ranking.get(i))) {
                found++;
                sum += (double) found / (i + 1);
            }
        }
        return sum / relevant.size();
    }

    /** R-precision ({@code Rprec}): precision at rank R, where R is the number of relevant ids. */
    public static double rPrecision(List<String> ranking, Set<String> relevant) {
        if (relevant.isEmpty()) {
            checkDistinct(ranking);
            return 0.0;
        }
        return precisionAt(ranking, relevant, relevant.size());
    }

    /**
     * nDCG@K with binary gains ({@code ndcg_cut_K} on binary judgements): DCG of the top {@code k}
     * with gain 1 per relevant id, divided by the DCG of an ideal top {@code k}. The discount is
     * {@code log2(rank + 1)}, as in {@code trec_eval}'s {@code ndcg} and {@code ndcg_cut}.
     */
    public static double ndcgAt(List<String> ranking, Set<String> relevant, int k) {
        checkK(k);
        Objects.requireNonNull(relevant, "relevant");
        checkDistinct(ranking);
        int limit = Math.min(k, ranking.size());
        double dcg = 0;
        for (int i = 0; i < limit; i++) {
            if (relevant.contains(ranking.get(i))) {
                dcg += 1.0 / discount(i);
            }
        }
        double ideal = 0;
        int idealLimit = Math.min(k, relevant.size());
        for (int i = 0; i < idealLimit; i++) {
            ideal += 1.0 / discount(i);
        }
        return ideal == 0 ? 0.0 : dcg / ideal;
    }

    /**
     * nDCG@K with graded gains ({@code ndcg_cut_K}): an id's gain is its value in {@code gains}
     * (absent or non-positive means 0), discounted as in {@link #ndcgAt(List, Set, int)}; the ideal DCG ranks the
     * positive gains in descending order.
     *
     * @param gains the graded judgement of each judged id, e.g. 0..3
     */
    public static double ndcgAt(List<String> ranking, Map<String, Double> gains, int k) {
        checkK(k);
        Objects.requireNonNull(gains, "gains");
        checkDistinct(ranking);
        int limit = Math.min(k, ranking.size());
        double dcg = 0;
        for (int i = 0; i < limit; i++) {
            Double g = gains.get(ranking.get(i));
            if (g != null && g > 0) {
                dcg += g / discount(i);
            }
        }
        double[] positive = gains.values().stream()
                .mapToDouble(Double::doubleValue)
                .filter(g -> g > 0)
                .toArray();
        Arrays.sort(positive);
        double ideal = 0;
        int idealLimit = Math.min(k, positive.length);
        for (int i = 0; i < idealLimit; i++) {
            ideal += positive[positive.length - 1 - i] / discount(i);
        }
        return ideal == 0 ? 0.0 : dcg / ideal;
    }

    /**
     * Section hit@K for expanding retrievers: 1 when one of the top {@code k} hits comes from the
     * section, through its representative chunk, its matched child or any chunk of its context.
     */
    public static double sectionHitAt(List<RetrievedChunk> hits, String sectionId, int k) {
        checkK(k);
        Objects.requireNonNull(sectionId, "sectionId");
        int limit = Math.min(k, hits.size());
        for (int i = 0; i < limit; i++) {
            RetrievedChunk hit = hits.get(i);
            if (sectionId.equals(hit.chunk().sectionId())
                    || sectionId.equals(hit.matched().sectionId())) {
                return 1.0;
            }
            for (var c : hit.context()) {
                if (sectionId.equals(c.sectionId())) {
                    return 1.0;
                }
            }
        }
        return 0.0;
    }

    /**
     * Child hit@K for expanding retrievers: 1 when one of the top {@code k} hits matched through the
     * given chunk (its matched child), else 0. For plain retrievers this equals Hit@K on the chunk.
     */
    public static double childHitAt(List<RetrievedChunk> hits, String chunkId, int k) {
        checkK(k);
        Objects.requireNonNull(chunkId, "chunkId");
        int limit = Math.min(k, hits.size());
        for (int i = 0; i < limit; i++) {
            if (chunkId.equals(hits.get(i).matched().id())) {
                return 1.0;
            }
        }
        return 0.0;
    }

    private static int relevantInTop(List<String> ranking, Set<String> relevant, int k) {
        checkK(k);
        Objects.requireNonNull(relevant, "relevant");
        checkDistinct(ranking);
        int limit = Math.min(k, ranking.size());
        int hits = 0;
        for (int i = 0; i < limit; i++) {
            if (relevant.contains(ranking.get(i))) {
                hits++;
            }
        }
        return hits;
    }

    private static void checkK(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1, was " + k);
        }
    }

    private static void checkDistinct(List<String> ranking) {
        Objects.requireNonNull(ranking, "ranking");
        if (ranking.size() < 2) {
            return;
        }
        Set<String> seen = new HashSet<>(ranking.size() * 2);
        for (String id : ranking) {
            if (!seen.add(Objects.requireNonNull(id, "id in ranking"))) {
                throw new IllegalArgumentException("ranking holds '" + id + "' twice");
            }
        }
    }

    /** {@code trec_eval}'s discount of the 0-based position {@code i}: {@code log2(rank + 1)}. */
    static double discount(int i) {
        return Math.log(i + 2) / Math.log(2);
    }
}
