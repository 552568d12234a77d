package io.github.raglens.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.RepeatedTest;

/** Invariants of the retrieval metrics over random rankings; every failure prints its seed. */
class RetrievalMetricsPropertyTest {

    private static final long BASE_SEED = 20_261_202L;

    @RepeatedTest(200)
    void invariants_holdForRandomRankings(org.junit.jupiter.api.RepetitionInfo info) {
        long seed = BASE_SEED + info.getCurrentRepetition();
        Random random = new Random(seed);
        String why = "seed " + seed;
        int corpus = 1 + random.nextInt(40);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < corpus; i++) {
            ids.add("d" + i);
        }
        Collections.shuffle(ids, random);
        List<String> ranking = ids.subList(0, random.nextInt(corpus + 1));
        Set<String> relevant = new HashSet<>();
        Map<String, Double> gains = new HashMap<>();
        for (String id : ids) {
            if (random.nextInt(4) == 0) {
                relevant.add(id);
                gains.put(id, 1.0 + random.nextInt(3));
            } else if (random.nextBoolean()) {
                gains.put(id, 0.0);
            }
        }
        double previousRecall = 0;
        for (int k = 1; k <= corpus + 3; k++) {
            double recall = RetrievalMetrics.recallAt(ranking, relevant, k);
            assertThat(recall).as(why + " recall non-decreasing at k=" + k).isGreaterThanOrEqualTo(previousRecall);
            previousRecall = recall;
            double hit = RetrievalMetrics.hitAt(ranking, relevant, k);
            double mrr = RetrievalMetrics.reciprocalRankAt(ranking, relevant, k);
            assertThat(mrr).as(why + " MRR <= Hit at k=" + k).isLessThanOrEqualTo(hit);
            double ndcg = RetrievalMetrics.ndcgAt(ranking, relevant, k);
            assertThat(ndcg).as(why + " binary nDCG in [0,1] at k=" + k).isBetween(0.0, 1.0 + 1e-12);
            double graded = RetrievalMetrics.ndcgAt(ranking, gains, k);
            assertThat(graded).as(why + " graded nDCG in [0,1] at k=" + k).isBetween(0.0, 1.0 + 1e-12);
            assertThat(RetrievalMetrics.precisionAt(ranking, relevant, k))
                    .as(why)
                    .isBetween(0.0, 1.0);
        }
        if (!relevant.isEmpty()) {
            // The ideal ranking: relevant ids first by descending gain, then the rest.
            List<String> ideal = new ArrayList<>(relevant);
            ideal.sort((x, y) -> Double.compare(gains.get(y), gains.get(x)));
            for (String id : ids) {
                if (!relevant.contains(id)) {
                    ideal.add(id);
                }
            }
            for (int k = 1; k <= corpus; k++) {
                assertThat(RetrievalMetrics.ndcgAt(ideal, relevant, k))
                        .as(why + " ideal binary nDCG at k=" + k)
                        .isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-12));
                assertThat(RetrievalMetrics.ndcgAt(ideal, gains, k))
                        .as(why + " ideal graded nDCG at k=" + k)
                        .isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-12));
            }
            assertThat(RetrievalMetrics.averagePrecision(ideal, relevant))
                    .as(why)
                    .isEqualTo(1.0);
            assertThat(RetrievalMetrics.rPrecision(ideal, relevant)).as(why).isEqualTo(1.0);
        }
    }
}
