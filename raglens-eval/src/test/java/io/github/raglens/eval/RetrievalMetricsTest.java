package io.github.raglens.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.result.BenchmarkResult.LatencyPercentiles;
import io.github.raglens.testkit.ChunkFixtures;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RetrievalMetricsTest {

    private static final List<String> RANKING = List.of("d1", "d2", "d3", "d4", "d5");
    private static final Set<String> RELEVANT = Set.of("d2", "d4", "d9");

    @Test
    void trecOrder_tiesBrokenByIdDescending_rankColumnIgnored() {
        List<String> order = RetrievalMetrics.trecOrder(List.of(
                new ScoredId("b", 1.0), new ScoredId("a", 2.0), new ScoredId("c", 1.0), new ScoredId("aa", 1.0)));
        assertThat(order).containsExactly("a", "c", "b", "aa");
    }

    @Test
    void trecOrder_comparesScoresAsCFloat() {
        assertThat(RetrievalMetrics.trecOrder(List.of(new ScoredId("a", 0.30000001), new ScoredId("b", 0.3))))
                .containsExactly("b", "a");
        assertThat(RetrievalMetrics.trecOrder(List.of(new ScoredId("b", 0.3), new ScoredId("a", 0.3000001))))
                .containsExactly("a", "b");
    }

    @Test
    void trecOrder_breaksTiesByUtf8Bytes_outsideTheBasicMultilingualPlane() {
        String emoji = "\uD83D\uDE00"; // U+1F600, UTF-8 F0 9F 98 80
        String fullwidth = "\uFF21"; // U+FF21, UTF-8 EF BC A1; larger as a UTF-16 unit
        assertThat(RetrievalMetrics.trecOrder(List.of(new ScoredId(fullwidth, 1), new ScoredId(emoji, 1))))
                .containsExactly(emoji, fullwidth);
        assertThat(RetrievalMetrics.trecOrder(List.of(new ScoredId("x", 1), new ScoredId("x" + emoji, 1))))
                .containsExactly("x" + emoji, "x");
    }

    @Test
    void trecOrder_duplicateId_isRejectedWithTheId() {
        assertThatThrownBy(() -> RetrievalMetrics.trecOrder(List.of(new ScoredId("x", 1), new ScoredId("x", 2))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ranking holds 'x' twice");
    }

    @Test
    void hitPrecisionRecall_handComputed() {
        assertThat(RetrievalMetrics.hitAt(RANKING, RELEVANT, 1)).isEqualTo(0.0);
        assertThat(RetrievalMetrics.hitAt(RANKING, RELEVANT, 2)).isEqualTo(1.0);
        assertThat(RetrievalMetrics.precisionAt(RANKING, RELEVANT, 5)).isEqualTo(0.4);
        // Missing ranks count as non-relevant: P@10 divides by 10.
        assertThat(RetrievalMetrics.precisionAt(RANKING, RELEVANT, 10)).isEqualTo(0.2);
        assertThat(RetrievalMetrics.recallAt(RANKING, RELEVANT, 3)).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(RetrievalMetrics.recallAt(RANKING, RELEVANT, 100)).isCloseTo(2.0 / 3, within(1e-12));
    }

    @Test
    void reciprocalRankAndAveragePrecision_handComputed() {
        assertThat(RetrievalMetrics.reciprocalRankAt(RANKING, RELEVANT, 1)).isEqualTo(0.0);
        assertThat(RetrievalMetrics.reciprocalRankAt(RANKING, RELEVANT, 5)).isEqualTo(0.5);
        assertThat(RetrievalMetrics.reciprocalRank(RANKING, RELEVANT)).isEqualTo(0.5);
        // (1/2 + 2/4) / 3 relevant
        assertThat(RetrievalMetrics.averagePrecision(RANKING, RELEVANT)).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(RetrievalMetrics.averagePrecisionAt(RANKING, RELEVANT, 3)).isCloseTo(0.5 / 3, within(1e-12));
        assertThat(RetrievalMetrics.rPrecision(RANKING, RELEVANT)).isCloseTo(1.0 / 3, within(1e-12));
    }

    @Test
    void ndcg_discountsByLog2OfRankPlusOne() {
        // Relevant at rank 2 only, one relevant: DCG = 1/log2(3), ideal = 1.
        assertThat(RetrievalMetrics.ndcgAt(List.of("x", "r"), Set.of("r"), 10)).isCloseTo(1 / log2(3), within(1e-12));
        // trec_eval's qrels.test query 302 at cutoff 10 (relstring 1101110110, 77 relevant): 0.7530.
        List<String> ranking = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j");
        Set<String> relevant = new java.util.HashSet<>(Set.of("a", "b", "d", "e", "f", "h", "i"));
        for (int i = 0; i < 70; i++) {
            relevant.add("unretrieved" + i);
        }
        assertThat(RetrievalMetrics.ndcgAt(ranking, relevant, 10)).isCloseTo(0.75297, within(1e-5));
    }

    @Test
    void ndcg_graded_handComputed() {
        Map<String, Double> gains = Map.of("a", 3.0, "b", 1.0, "c", 0.0);
        // ranking b, a: dcg = 1 + 3/log2(3); ideal: 3 + 1/log2(3)
        assertThat(RetrievalMetrics.ndcgAt(List.of("b", "a"), gains, 2))
                .isCloseTo((1 + 3 / log2(3)) / (3 + 1 / log2(3)), within(1e-12));
        // ranking c, x, a: dcg = 3/log2(4) = 1.5; ideal@3 = 3 + 1/log2(3)
        assertThat(RetrievalMetrics.ndcgAt(List.of("c", "x", "a"), gains, 3))
                .isCloseTo(1.5 / (3 + 1 / log2(3)), within(1e-12));
        // cut at 1: ranking b first: 1 / 3
        assertThat(RetrievalMetrics.ndcgAt(List.of("b", "a"), gains, 1)).isCloseTo(1.0 / 3, within(1e-12));
    }

    @Test
    void noRelevant_scoresZeroNotNaN() {
        assertThat(RetrievalMetrics.recallAt(RANKING, Set.of(), 5)).isZero();
        assertThat(RetrievalMetrics.averagePrecision(RANKING, Set.of())).isZero();
        assertThat(RetrievalMetrics.ndcgAt(RANKING, Set.of(), 5)).isZero();
        assertThat(RetrievalMetrics.rPrecision(RANKING, Set.of())).isZero();
    }

    @Test
    void emptyRanking_andKLargerThanRanking() {
        assertThat(RetrievalMetrics.hitAt(List.of(), RELEVANT, 10)).isZero();
        assertThat(RetrievalMetrics.reciprocalRank(List.of(), RELEVANT)).isZero();
        assertThat(RetrievalMetrics.hitAt(RANKING, RELEVANT, 1000)).isEqualTo(1.0);
    }

    @Test
    void kBelowOne_isRejected() {
        assertThatThrownBy(() -> RetrievalMetrics.hitAt(RANKING, RELEVANT, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("k must be >= 1, was 0");
    }

    @Test
    void sectionAndChildHit_lookThroughExpandedContext() {
        Chunk parent = ChunkFixtures.sectionNamed("p", "doc", "s1", "doc > s1", 0, "text of p");
        Chunk child = ChunkFixtures.fragmentNamed(
                "c2", "doc", "s1", "doc > s1", ChunkType.SECTION_FRAGMENT, 1, 1, "text of c2");
        Chunk other = ChunkFixtures.sectionNamed("o", "doc", "s2", "doc > s2", 2, "text of o");
        List<RetrievedChunk> hits =
                List.of(RetrievedChunk.of(1, 2.0, other), new RetrievedChunk(2, 1.0, parent, child, List.of(parent)));
        assertThat(RetrievalMetrics.sectionHitAt(hits, "s1", 1)).isZero();
        assertThat(RetrievalMetrics.sectionHitAt(hits, "s1", 2)).isEqualTo(1.0);
        assertThat(RetrievalMetrics.childHitAt(hits, "c2", 2)).isEqualTo(1.0);
        assertThat(RetrievalMetrics.childHitAt(hits, "p", 2)).isZero();
    }

    @Test
    void latencyPercentiles_nearestRank() {
        long[] nanos = new long[100];
        for (int i = 0; i < 100; i++) {
            nanos[i] = (100 - i) * 1_000_000L;
        }
        LatencyPercentiles p = LatencyPercentiles.ofNanos(nanos);
        assertThat(p.p50Millis()).isEqualTo(50.0);
        assertThat(p.p95Millis()).isEqualTo(95.0);
        assertThat(p.p99Millis()).isEqualTo(99.0);
        assertThat(p.maxMillis()).isEqualTo(100.0);
        assertThat(p.meanMillis()).isEqualTo(50.5);
        assertThat(LatencyPercentiles.ofNanos(new long[] {7_000_000}).p99Millis())
                .isEqualTo(7.0);
        assertThat(LatencyPercentiles.ofNanos(new long[0]).count()).isZero();
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }
}
