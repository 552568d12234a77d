package io.github.raglens.eval.benchmark;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.ChunkFixtures;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Hand-written fake retrievers over a fixed corpus, for benchmark tests. */
final class FakeRetrievers {

    private FakeRetrievers() {}

    /** A retriever whose ranking is computed by a function of the query. */
    static Retriever of(String name, BiFunction<String, Integer, List<Chunk>> ranking) {
        return new Retriever() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                List<Chunk> ranked = ranking.apply(query, k);
                List<RetrievedChunk> hits = new ArrayList<>();
                for (int i = 0; i < ranked.size() && i < k; i++) {
                    hits.add(RetrievedChunk.of(i + 1, 100.0 - i, ranked.get(i)));
                }
                return new RetrievalResult(name, query, hits, 1_000);
            }
        };
    }

    /** A retriever answering each query with the hits a function gives for it, as they are. */
    static Retriever returning(String name, Function<String, List<RetrievedChunk>> hits) {
        return new Retriever() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                return new RetrievalResult(name, query, hits.apply(query), 0);
            }
        };
    }

    /** Puts the question's source chunk at {@code rank} (1-based; 0 = never), filling the rest by id. */
    static Retriever sourceAt(String name, int rank, List<Chunk> corpus, Map<String, String> sourceOfQuestion) {
        return of(name, (query, k) -> {
            String source = sourceOfQuestion.get(query);
            List<Chunk> others = corpus.stream()
                    .filter(c -> !c.id().equals(source))
                    .sorted(Comparator.comparing(Chunk::id))
                    .collect(Collectors.toCollection(ArrayList::new));
            if (rank > 0 && rank <= others.size() + 1) {
                others.add(
                        rank - 1,
                        corpus.stream()
                                .filter(c -> c.id().equals(source))
                                .findFirst()
                                .orElseThrow());
            }
            return others;
        });
    }

    /** A seeded random ranking per query. */
    static Retriever random(String name, List<Chunk> corpus, long seed) {
        return of(name, (query, k) -> {
            List<Chunk> copy = new ArrayList<>(corpus);
            java.util.Collections.shuffle(copy, new Random(seed ^ query.hashCode()));
            return copy;
        });
    }

    /**
     * An expanding retriever: finds the source's parent section chunk and returns it with the source
     * as the matched child, at rank 1.
     */
    static Retriever hierarchical(String name, List<Chunk> corpus, Map<String, String> sourceOfQuestion) {
        return new Retriever() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                Chunk source = corpus.stream()
                        .filter(c -> c.id().equals(sourceOfQuestion.get(query)))
                        .findFirst()
                        .orElseThrow();
                Chunk parent = ChunkFixtures.sectionNamed(
                        "parent-of-" + source.id(),
                        source.documentId(),
                        source.sectionId(),
                        source.sectionPath(),
                        0,
                        "Whole section. " + source.text());
                List<RetrievedChunk> hits = new ArrayList<>();
                hits.add(new RetrievedChunk(1, 5.0, parent, source, List.of(parent)));
                int rank = 2;
                for (Chunk c : corpus) {
                    if (rank > k) {
                        break;
                    }
                    if (!c.sectionId().equals(source.sectionId())) {
                        hits.add(RetrievedChunk.of(rank, 5.0 - rank, c));
                        rank++;
                    }
                }
                return new RetrievalResult(name, query, hits, 2_000);
            }
        };
    }
}
