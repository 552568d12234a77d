package io.github.raglens.eval.benchmark;

import io.github.raglens.eval.RetrievalMetrics;
import io.github.raglens.model.RetrievedChunk;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The benchmark's metrics: their names in report order, which are headline metrics (compared
 * pairwise and broken down), and their values for one judged ranking. Immutable.
 */
final class MetricTable {
    private final int[] ks;
    private final boolean structure;
    private final List<String> names = new ArrayList<>();
    private final List<Integer> headline = new ArrayList<>();

    private MetricTable(int[] ks, boolean structure) {
        this.structure = structure;
        this.ks = ks.clone();
    }

    /** Every metric: those of the ranking, then section and child hits of the hits' structure. */
    MetricTable(int[] ks) {
        this(ks, true);
        addRankingMetrics();
    }

    /** The metrics of the ranking alone (Hit@K to R-precision), for rankings not made of hits. */
    static MetricTable rankingOnly(int[] ks) {
        MetricTable t = new MetricTable(ks, false);
        t.addRankingMetrics();
        return t;
    }

    /**
     * The metrics of judged relevance, filled from {@code trec_eval}'s measures by name ({@link
     * #values} is for the evidence targets): hit@K for every K, then MRR, nDCG, recall and precision at the
     * largest K, and MAP; the hits, MRR, nDCG and MAP are the headline.
     */
    static MetricTable judged(int[] ks) {
        MetricTable t = new MetricTable(ks, false);
        int maxK = Arrays.stream(ks).max().orElseThrow();
        for (int k : ks) {
            t.headline.add(t.names.size());
            t.names.add("hit@" + k);
        }
        for (String family : List.of("mrr", "ndcg", "recall", "precision")) {
            if (!family.equals("recall") && !family.equals("precision")) {
                t.headline.add(t.names.size());
            }
            t.names.add(family + "@" + maxK);
        }
        t.headline.add(t.names.size());
        t.names.add("map");
        return t;
    }

    private void addRankingMetrics() {
        int maxK = Arrays.stream(ks).max().orElseThrow();
        for (String family : List.of("hit", "mrr", "ndcg", "recall", "precision")) {
            for (int k : ks) {
                if (family.equals("hit") || (k == maxK && !family.equals("recall") && !family.equals("precision"))) {
                    headline.add(names.size());
                }
                names.add(family + "@" + k);
            }
        }
        headline.add(names.size());
        names.add("map");
        names.add("r_precision");
        for (String family : structure ? List.of("section_hit", "child_hit") : List.<String>of()) {
            for (int k : ks) {
                names.add(family + "@" + k);
            }
        }
    }

    int size() {
        return names.size();
    }

    String name(int i) {
        return names.get(i);
    }

    List<Integer> headline() {
        return headline;
    }

    /** The position of a metric by its name. */
    int index(String name) {
        int i = names.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no metric '" + name + "' in " + names);
        }
        return i;
    }

    /**
     * Every metric at every cutoff, in name order, of one judged ranking: {@link RetrievalMetrics}
     * computes each. Writes {@code v[metric][qi]}.
     *
     * @param ranking the judged ids in {@code trec_eval} order, distinct
     * @param relevant the ids of the relevant targets: one, or a multi-hop question's two
     * @param ordered the hits in the same order, for section and child hits (unused by {@link
     *     #rankingOnly})
     * @param sectionId the source section
     * @param chunkId the source chunk
     */
    void values(
            List<String> ranking,
            Set<String> relevant,
            List<RetrievedChunk> ordered,
            String sectionId,
            String chunkId,
            double[][] v,
            int qi) {
        int c = ks.length;
        for (int j = 0; j < c; j++) {
            int k = ks[j];
            v[j][qi] = RetrievalMetrics.hitAt(ranking, relevant, k);
            v[c + j][qi] = RetrievalMetrics.reciprocalRankAt(ranking, relevant, k);
            v[2 * c + j][qi] = RetrievalMetrics.ndcgAt(ranking, relevant, k);
            v[3 * c + j][qi] = RetrievalMetrics.recallAt(ranking, relevant, k);
            v[4 * c + j][qi] = RetrievalMetrics.precisionAt(ranking, relevant, k);
            if (structure) {
                v[5 * c + 2 + j][qi] = RetrievalMetrics.sectionHitAt(ordered, sectionId, k);
                v[6 * c + 2 + j][qi] = RetrievalMetrics.childHitAt(ordered, chunkId, k);
            }
        }
        v[5 * c][qi] = RetrievalMetrics.averagePrecision(ranking, relevant);
        v[5 * c + 1][qi] = RetrievalMetrics.rPrecision(ranking, relevant);
    }
}
