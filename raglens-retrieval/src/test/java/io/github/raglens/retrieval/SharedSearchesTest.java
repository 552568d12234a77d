package io.github.raglens.retrieval;

import static io.github.raglens.testkit.ChunkFixtures.fragment;
import static io.github.raglens.testkit.ChunkFixtures.section;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.HashingEmbeddings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

/** Retrievers over one index sharing the searches they have in common (see {@link SearchMemo}). */
class SharedSearchesTest {

    private static final HashingEmbeddings EMBEDDINGS = HashingEmbeddings.of();
    private static final String[] WORDS = {
        "encoder", "passage", "retrieval", "graph", "latency", "rank", "fusion", "token", "section", "table",
        "model", "query", "index", "vector", "score", "recall", "dense", "sparse", "negative", "batch"
    };

    /**
     * Random documents of random sections, a third of them split into fragments, a few titled
     * References (excluded by default).
     */
    private static List<Chunk> corpus(Random rnd) {
        List<Chunk> chunks = new ArrayList<>();
        for (int d = 0; d < 12; d++) {
            String doc = "doc" + d;
            int order = 0;
            for (int s = 0; s < 6; s++) {
                String path = doc + " > " + (rnd.nextInt(8) == 0 ? "References" : "Section " + s);
                int parts = rnd.nextInt(3) == 0 ? 2 + rnd.nextInt(3) : 1;
                List<String> texts = new ArrayList<>();
                for (int p = 0; p < parts; p++) {
                    texts.add(sentence(rnd, 4 + rnd.nextInt(10)));
                }
                chunks.add(section(doc, "s" + s, path, order++, String.join("\n\n", texts)));
                for (int p = 0; parts > 1 && p < parts; p++) {
                    chunks.add(fragment(doc, "s" + s, path, ChunkType.SECTION_FRAGMENT, p, order++, texts.get(p)));
                }
            }
        }
        return chunks;
    }

    private static String sentence(Random rnd, int words) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < words; i++) {
            sb.append(i == 0 ? "" : " ").append(WORDS[rnd.nextInt(WORDS.length)]);
        }
        return sb.toString();
    }

    private static LuceneIndex index(List<Chunk> chunks) {
        LuceneIndex index = LuceneIndex.builder().threads(1).open();
        index.addAll(chunks, EMBEDDINGS);
        return index;
    }

    /**
     * How far apart two scores of the same hit may be: a float's precision, spread by the hybrid's
     * min-max normalisation, which divides a one-ulp difference by the small range of a short list
     * (a hybrid hit scored 0.5000013 alone and 0.5 in a shared search).
     */
    private static final double SCORE_TOLERANCE = 1e-5;

    /**
     * What a result says: every hit's chunk, matched chunk and context, and apart from them its
     * score, best first. Scores are compared to a float's precision, not bit for bit: Lucene's SIMD
     * dot product adds its lanes in an order the Vector API leaves open, which can differ between
     * interpreted and compiled code, so the same vectors can score one float ulp apart in two
     * searches. Hits whose scores are that close may therefore trade places, and at the cut a hit may
     * trade with the next one; everywhere else the hits must be the same, in the same order.
     */
    private record Said(List<String> hits, double[] scores) {

        static Said of(RetrievalResult r) {
            List<String> hits = new ArrayList<>();
            for (RetrievedChunk h : r.hits()) {
                hits.add(h.chunk().id() + " " + h.matched().id() + " "
                        + h.context().stream().map(Chunk::id).toList());
            }
            return new Said(
                    hits, r.hits().stream().mapToDouble(RetrievedChunk::score).toArray());
        }

        void isLike(Said expected, String description) {
            assertThat(scores).as(description).containsExactly(expected.scores, within(SCORE_TOLERANCE));
            int n = hits.size();
            for (int from = 0, to; from < n; from = to) {
                to = from + 1;
                while (to < n && expected.scores[to - 1] - expected.scores[to] <= SCORE_TOLERANCE) {
                    to++;
                }
                if (to == n) {
                    // the last hits, scoring alike (the scores above show it), may have traded one of
                    // themselves with a hit past the cut that scores alike too
                    List<String> kept = new ArrayList<>(hits.subList(from, to));
                    kept.retainAll(expected.hits.subList(from, to));
                    assertThat(kept)
                            .as("%s, ranks %d to %d", description, from + 1, to)
                            .hasSizeGreaterThanOrEqualTo(to - from - 1);
                    break;
                }
                assertThat(hits.subList(from, to))
                        .as("%s, ranks %d to %d", description, from + 1, to)
                        .containsExactlyInAnyOrderElementsOf(expected.hits.subList(from, to));
            }
        }

        /**
         * Whether a result of reciprocal-rank fusion says the same as another: the same hits, in any
         * order, but for the last one, which may trade with the next. Two dense hits that score a float
         * ulp apart may trade places (see above), and fusing by rank turns that trade into other fused
         * scores and orders: 2/62 and 2/63 where the other search gave 1/62 + 1/63 twice.
         */
        void hasHitsOf(Said expected, String description) {
            assertThat(hits).as(description).hasSameSizeAs(expected.hits);
            int above = Math.max(0, hits.size() - 1);
            assertThat(hits.subList(0, above))
                    .as(description)
                    .allMatch(expected.hits::contains, "a hit of the other search");
        }
    }

    @RepeatedTest(3)
    void retrieversAfterOthersOnTheSameQuery_giveWhatEachGivesAlone(RepetitionInfo repetition) {
        long seed = Long.getLong("raglens.seed", 4_100L + repetition.getCurrentRepetition());
        Random rnd = new Random(seed);
        List<Chunk> chunks = corpus(rnd);
        List<String> queries = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            queries.add(sentence(rnd, 1 + rnd.nextInt(4)));
        }
        int[] ks = {1, 3, 10, 40};
        // Alone: each retriever at each k on an index of its own, so no other search of the query is reused.
        Map<String, Said> alone = new HashMap<>();
        for (RetrieverKind name : RetrieverKind.values()) {
            for (int k : ks) {
                try (LuceneIndex own = index(chunks)) {
                    Retriever r = Retrievers.create(name, own, EMBEDDINGS, RetrievalConfig.defaults());
                    for (String q : queries) {
                        alone.put(name + "|" + q + "|" + k, Said.of(r.retrieve(q, k)));
                    }
                }
            }
        }
        // Shared: every retriever on one index, query by query, the deepest searches first and last.
        List<RetrieverKind> order =
                new ArrayList<>(List.of(RetrieverKind.values()).reversed());
        order.addAll(List.of(RetrieverKind.values()));
        try (LuceneIndex shared = index(chunks)) {
            for (String q : queries) {
                for (int k : ks) {
                    for (RetrieverKind name : order) {
                        Retriever r = Retrievers.create(name, shared, EMBEDDINGS, RetrievalConfig.defaults());
                        Said said = Said.of(r.retrieve(q, k));
                        Said expected = alone.get(name + "|" + q + "|" + k);
                        String description = String.format("seed %d, %s, '%s', k %d", seed, name, q, k);
                        if (name == RetrieverKind.HYBRID_RRF) {
                            said.hasHitsOf(expected, description);
                        } else {
                            said.isLike(expected, description);
                        }
                    }
                }
            }
        }
    }

    @Test
    void expandingRetrieversOverEqualBases_shareTheBasesResult_perQueryDepthAndSnapshot() {
        List<String> embedded = new ArrayList<>();
        EmbeddingProvider counting = new EmbeddingProvider() {
            @Override
            public String modelName() {
                return EMBEDDINGS.modelName();
            }

            @Override
            public int dimension() {
                return EMBEDDINGS.dimension();
            }

            @Override
            public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
                if (purpose == EmbeddingPurpose.QUERY) {
                    embedded.addAll(texts);
                }
                return EMBEDDINGS.embed(texts, purpose);
            }
        };
        List<Chunk> chunks = corpus(new Random(7));
        try (LuceneIndex index = LuceneIndex.builder().threads(1).open()) {
            index.addAll(chunks, EMBEDDINGS);
            RetrievalConfig config = RetrievalConfig.defaults();
            Retriever hierarchical = Retrievers.create(RetrieverKind.HIERARCHICAL, index, counting, config);
            Retriever hierNeighbor = Retrievers.create(RetrieverKind.HIER_NEIGHBOR, index, counting, config);
            Retriever otherConfig =
                    Retrievers.create(RetrieverKind.HIER_NEIGHBOR, index, counting, config.withOverRetrievalFactor(4));

            hierarchical.retrieve("graph fusion", 5);
            hierNeighbor.retrieve("graph fusion", 5); // the same hybrid question: its result is shared
            assertThat(embedded).containsExactly("graph fusion");
            hierNeighbor.retrieve("graph fusion", 6); // another depth
            otherConfig.retrieve("graph fusion", 5); // another base
            hierNeighbor.retrieve("rank token", 5); // another query
            assertThat(embedded).hasSize(4);
            index.addAll(List.of(section("new", "s", "new > Intro", 0, "graph fusion")), EMBEDDINGS);
            hierarchical.retrieve("graph fusion", 5); // a new snapshot
            assertThat(embedded).hasSize(5);
        }
    }

    @Test
    void aRetrieverReusingASearch_countsItsTimeInTheLatency() {
        long reused = 5_000_000_000L;
        Retriever base = new Retriever() {
            @Override
            public String name() {
                return "base";
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                return new RetrievalResult(
                        name(), query, List.of(RetrievedChunk.of(1, 1.0, Corpus.chunk("paper/intro"))), reused);
            }
        };
        for (Retriever r : List.of(
                HierarchicalRetriever.of(base, Corpus.CHUNKS),
                NeighborRetriever.of(NeighborRetriever.Reach.SECTION, base, Corpus.CHUNKS),
                NeighborRetriever.of(NeighborRetriever.Reach.READING_ORDER, base, Corpus.CHUNKS),
                HybridRetriever.of(base, base))) {
            assertThat(r.retrieve("retrieval", 1).latencyNanos()).as(r.name()).isGreaterThanOrEqualTo(reused);
        }
    }

    @Test
    void aNewSnapshot_searchesAgain() {
        List<Chunk> first = List.of(section("a", "s", "a > Intro", 0, "graph latency"));
        try (LuceneIndex index = index(first)) {
            Retriever bm25 = Bm25Retriever.of(index);
            assertThat(bm25.retrieve("graph", 5).chunkIds()).containsExactly("a/s");
            index.addAll(List.of(section("b", "s", "b > Intro", 0, "graph graph")), EMBEDDINGS);
            assertThat(bm25.retrieve("graph", 5).chunkIds()).containsExactlyInAnyOrder("a/s", "b/s");
        }
    }
}
