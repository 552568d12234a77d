package io.github.raglens.eval.benchmark;

import io.github.raglens.eval.RetrievalMetrics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The benchmark's metrics: their names in report order, which are headline metrics (compared
 * pairwise and broken down), and their values for one judged ranking. Immutable.
 */
final class MetricTable {
    private final int[] ks;
    private final List<String> names = new ArrayList<>();
    private final List<Integer> headline = new ArrayList<>();

    MetricTable(int[] ks) {
        this.ks = ks.clone();
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
        for (String family : List.of("section_hit", "child_hit")) {
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

    /**
     * Every metric at every cutoff, in name order, from three first ranks (1-based, 0 for none): of
     * the relevant hit, of a hit from the source section and of a hit matched through the source
     * chunk. With one relevant target each ranking metric is a closed form of its rank, bit for bit
     * what {@link RetrievalMetrics} returns for the ranking (OnePassJudgingTest checks). Writes {@code
     * v[metric][qi]}.
     */
    void values(int first, int firstSection, int firstChild, double[][] v, int qi) {
        int c = ks.length;
        double reciprocal = first > 0 ? 1.0 / first : 0.0;
        double ndcg = first > 0 ? 1.0 / (Math.log(first + 1) / Math.log(2)) : 0.0;
        for (int j = 0; j < c; j++) {
            int k = ks[j];
            boolean hit = first > 0 && first <= k;
            double h = hit ? 1.0 : 0.0;
            v[j][qi] = h;
            v[c + j][qi] = hit ? reciprocal : 0.0;
            v[2 * c + j][qi] = hit ? ndcg : 0.0;
            v[3 * c + j][qi] = h;
            v[4 * c + j][qi] = h / k;
            v[5 * c + 2 + j][qi] = firstSection > 0 && firstSection <= k ? 1.0 : 0.0;
            v[6 * c + 2 + j][qi] = firstChild > 0 && firstChild <= k ? 1.0 : 0.0;
        }
        v[5 * c][qi] = reciprocal;
        v[5 * c + 1][qi] = first == 1 ? 1.0 : 0.0;
    }
}
