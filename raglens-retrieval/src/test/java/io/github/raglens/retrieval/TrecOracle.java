package io.github.raglens.retrieval;

import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * An independent test oracle for trec_eval's ndcg_cut.10 and recall.100 averaged over all judged
 * queries ({@code -c}): runs are re-sorted as trec_eval does (score descending, then document id
 * descending), gains are the judged relevance levels.
 */
final class TrecOracle {

    private record Scored(String doc, double score) {}

    private TrecOracle() {}

    static List<String> trecOrder(RetrievalResult r) {
        List<Scored> s = new ArrayList<>();
        for (RetrievedChunk h : r.hits()) {
            s.add(new Scored(h.chunk().id(), h.score()));
        }
        s.sort(Comparator.comparingDouble(Scored::score)
                .reversed()
                .thenComparing(Scored::doc, Comparator.reverseOrder()));
        return s.stream().map(Scored::doc).toList();
    }

    static double ndcgAt(List<String> ranked, Map<String, Integer> rels, int k) {
        double dcg = 0;
        for (int i = 0; i < Math.min(k, ranked.size()); i++) {
            int rel = rels.getOrDefault(ranked.get(i), 0);
            if (rel > 0) {
                dcg += rel / (Math.log(i + 2) / Math.log(2));
            }
        }
        List<Integer> ideal = rels.values().stream()
                .filter(v -> v > 0)
                .sorted(Comparator.reverseOrder())
                .toList();
        double idcg = 0;
        for (int i = 0; i < Math.min(k, ideal.size()); i++) {
            idcg += ideal.get(i) / (Math.log(i + 2) / Math.log(2));
        }
        return idcg == 0 ? 0 : dcg / idcg;
    }

    static double recallAt(List<String> ranked, Map<String, Integer> rels, int k) {
        long relevant = rels.values().stream().filter(v -> v > 0).count();
        long found = ranked.stream()
                .limit(k)
                .filter(d -> rels.getOrDefault(d, 0) > 0)
                .count();
        return relevant == 0 ? 0 : (double) found / relevant;
    }
}
