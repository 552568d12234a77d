package io.github.raglens.eval.baseline;

import io.github.raglens.eval.benchmark.BenchmarkRunner;
import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.ChunkFixtures;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntUnaryOperator;

/**
 * A corpus of 80 chunks with one question each, and retrievers that put each question's source chunk
 * at a chosen rank: the system under test of the gate tests, in its baseline, noisier and degraded
 * forms.
 */
public final class GateFixture {

    /** Questions in the fixture. */
    public static final int QUESTIONS = 80;

    final List<Chunk> corpus = new ArrayList<>();
    final List<QuestionSample> questions = new ArrayList<>();
    private final Map<String, Integer> indexOfQuestion = new HashMap<>();
    /** The baseline rank of each question's source (1..4), fixed by a seeded draw. */
    final int[] baselineRank = new int[QUESTIONS];

    /** The fixture. */
    public GateFixture() {
        Random random = new Random(11);
        for (int i = 0; i < QUESTIONS; i++) {
            String id = "c" + i;
            corpus.add(ChunkFixtures.sectionNamed(
                    id,
                    "doc" + (i % 4),
                    "s" + i,
                    "doc > s" + i,
                    i,
                    "Widget " + i + " is rated for load class " + i + "."));
            String question = "What load class is widget " + i + " rated for?";
            questions.add(new QuestionSample(
                    "q" + i,
                    question,
                    "class " + i,
                    "rated for load class " + i,
                    id,
                    "doc" + (i % 4),
                    "s" + i,
                    QuestionStatus.SUCCESS,
                    ""));
            indexOfQuestion.put(question, i);
            baselineRank[i] = 1 + random.nextInt(4);
        }
    }

    /** The system as recorded in the baseline. */
    public Retriever baseline() {
        return sourceAt(i -> baselineRank[i]);
    }

    /** The same system with every fifth question's source moved down one rank: a little noise. */
    public Retriever noisier() {
        return sourceAt(i -> i % 20 == 3 ? baselineRank[i] + 1 : baselineRank[i]);
    }

    /** The system with its best hit dropped: a source at rank 1 is lost, the others move up one rank. */
    public Retriever droppingTheBestHit() {
        return sourceAt(i -> baselineRank[i] == 1 ? 0 : baselineRank[i] - 1);
    }

    public BenchmarkResult benchmark(Retriever retriever) {
        return BenchmarkRunner.builder()
                .bootstrap(Bootstrap.of(2_000, 42, 0.95))
                .pairedTest(PairedRandomizationTest.of(2_000, 42))
                .retriever(retriever)
                .ks(1, 3, 5)
                .build()
                .run(questions, corpus);
    }

    /** Ranks every chunk by id, with the question's source moved to the given rank (0 = left out). */
    private Retriever sourceAt(IntUnaryOperator rankOfQuestion) {
        return new Retriever() {
            @Override
            public String name() {
                return "my-rag";
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                int q = indexOfQuestion.get(query);
                int rank = rankOfQuestion.applyAsInt(q);
                List<Chunk> ranked = new ArrayList<>();
                for (Chunk c : corpus) {
                    if (!c.id().equals("c" + q)) {
                        ranked.add(c);
                    }
                }
                if (rank > 0) {
                    ranked.add(rank - 1, corpus.get(q));
                }
                List<RetrievedChunk> hits = new ArrayList<>();
                for (int i = 0; i < Math.min(k, ranked.size()); i++) {
                    hits.add(RetrievedChunk.of(i + 1, 100.0 - i, ranked.get(i)));
                }
                return new RetrievalResult(name(), query, hits, 1_000);
            }
        };
    }
}
