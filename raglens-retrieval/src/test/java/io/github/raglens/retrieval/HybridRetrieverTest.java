package io.github.raglens.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.spi.Retriever;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

class HybridRetrieverTest {

    /** A retriever returning scripted scores for chunks of the corpus, best first. */
    record Scripted(String name, Map<String, Double> scores) implements Retriever {
        @Override
        public RetrievalResult retrieve(String query, int k) {
            List<Map.Entry<String, Double>> sorted = new ArrayList<>(scores.entrySet());
            sorted.sort(Map.Entry.<String, Double>comparingByValue().reversed());
            List<RetrievedChunk> hits = new ArrayList<>();
            for (int i = 0; i < sorted.size() && i < k; i++) {
                hits.add(RetrievedChunk.of(
                        i + 1,
                        sorted.get(i).getValue(),
                        Corpus.chunk(sorted.get(i).getKey())));
            }
            return new RetrievalResult(name, query, hits, 0);
        }
    }

    private static Map<String, Double> scores(Object... idScore) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < idScore.length; i += 2) {
            m.put((String) idScore[i], ((Number) idScore[i + 1]).doubleValue());
        }
        return m;
    }

    @Test
    void minMax_weightsNormalisedScores_missingCountsZero() {
        Retriever dense = new Scripted("d", scores("notes/bm25", 0.9, "notes/hnsw", 0.5, "paper/intro", 0.1));
        Retriever sparse = new Scripted("s", scores("notes/hnsw", 12.0, "paper/method", 2.0));
        RetrievalResult r = HybridRetriever.of(dense, sparse).retrieve("q", 10);
        Map<String, Double> got = new HashMap<>();
        r.hits().forEach(h -> got.put(h.chunk().id(), h.score()));
        assertThat(got.get("notes/hnsw")).isCloseTo(0.5 * 0.5 + 0.5 * 1.0, within(1e-12));
        assertThat(got.get("notes/bm25")).isCloseTo(0.5, within(1e-12));
        assertThat(got.get("paper/method")).isCloseTo(0.0, within(1e-12));
        assertThat(got.get("paper/intro")).isCloseTo(0.0, within(1e-12));
        assertThat(r.chunkIds().subList(0, 2)).containsExactly("notes/hnsw", "notes/bm25");
        assertThat(r.retriever()).isEqualTo("hybrid");
    }

    @Test
    void rrf_sumsReciprocalRanksWithK60() {
        Retriever dense = new Scripted("d", scores("notes/bm25", 0.9, "notes/hnsw", 0.5));
        Retriever sparse = new Scripted("s", scores("notes/hnsw", 12.0, "paper/method", 2.0));
        RetrievalResult r = HybridRetriever.builder(dense, sparse)
                .fusion(HybridRetriever.Fusion.RRF)
                .build()
                .retrieve("q", 10);
        assertThat(r.retriever()).isEqualTo("hybrid-rrf");
        assertThat(r.hits().get(0).chunk().id()).isEqualTo("notes/hnsw");
        assertThat(r.hits().get(0).score()).isCloseTo(1.0 / 62 + 1.0 / 61, within(1e-12));
        assertThat(r.hits().get(1).score()).isCloseTo(1.0 / 61, within(1e-12));
    }

    @RepeatedTest(20)
    void fusion_doesNotDependOnWhichListIsReadFirst() {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random rnd = new Random(seed);
        List<String> ids = Corpus.CHUNKS.stream().map(Chunk::id).toList();
        Map<String, Double> a = new LinkedHashMap<>();
        Map<String, Double> b = new LinkedHashMap<>();
        for (String id : ids) {
            if (rnd.nextBoolean()) {
                a.put(id, (double) rnd.nextInt(5));
            }
            if (rnd.nextBoolean()) {
                b.put(id, (double) rnd.nextInt(5));
            }
        }
        for (HybridRetriever.Fusion f : HybridRetriever.Fusion.values()) {
            RetrievalConfig none = RetrievalConfig.noExclusions();
            RetrievalResult ab = HybridRetriever.builder(new Scripted("a", a), new Scripted("b", b))
                    .fusion(f)
                    .config(none)
                    .build()
                    .retrieve("q", 20);
            RetrievalResult ba = HybridRetriever.builder(new Scripted("b", b), new Scripted("a", a))
                    .fusion(f)
                    .config(none)
                    .build()
                    .retrieve("q", 20);
            assertThat(ab.chunkIds()).as("seed %d, %s", seed, f).isEqualTo(ba.chunkIds());
        }
    }
}
