package io.github.raglens.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.eval.benchmark.BenchmarkRunner;
import io.github.raglens.eval.questions.QuestionGenerator;
import io.github.raglens.eval.sampling.StratifiedSampler;
import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.eval.trec.TrecRuns;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.QuestionGenerationResult;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.ChunkFixtures;
import io.github.raglens.testkit.ScriptedLlm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Questions for a small corpus through a scripted model, killed mid-way and resumed without asking
 * any settled chunk again, then a benchmark of five retrievers over the questions.
 */
class EndToEndTest {

    @TempDir
    Path dir;

    /**
     * The scripted model: one question per passage, quoting its first sentence; skips tables. After
     * {@code answered} replies it hangs, as a stalled model does, until the run is killed.
     */
    static ScriptedLlm scriptedModel(int answered) {
        AtomicInteger calls = new AtomicInteger();
        return ScriptedLlm.of("fake/e2e").otherwise(request -> {
            if (calls.incrementAndGet() > answered) {
                try {
                    Thread.sleep(10_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                }
            }
            String passage = passage(request);
            if (passage.startsWith("|")) {
                return "{\"status\":\"skip\",\"question\":\"\",\"answer\":\"\",\"evidence\":\"\"}";
            }
            String first = passage.substring(0, passage.indexOf('.'));
            String subject = first.split(" ")[4];
            return "{\"status\":\"success\",\"question\":\"What is special about " + subject + "?\",\"answer\":\""
                    + first + "\",\"evidence\":\"" + first + "\"}";
        });
    }

    private static String passage(ChatRequest request) {
        String user = ScriptedLlm.prompt(request);
        return user.substring(user.indexOf("<<<\n") + 4, user.lastIndexOf("\n>>>"));
    }

    static List<Chunk> corpus() {
        List<Chunk> chunks = new ArrayList<>();
        String[] words = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"};
        for (int d = 0; d < 4; d++) {
            for (int c = 0; c < 10; c++) {
                String id = "doc" + d + "-chunk" + c;
                boolean table = c == 9;
                String text = table
                        ? "| col | value |\n|---|---|\n| " + words[c] + " | " + d + " |"
                        : "The measured value of " + words[c] + d + " grows steadily. It is reported per run for"
                                + " document " + d + " and chunk " + c + ".";
                chunks.add(ChunkFixtures.fragmentNamed(
                        id,
                        "doc" + d,
                        "doc" + d + "-sec" + (c / 3),
                        "doc" + d + " > sec" + (c / 3),
                        table ? ChunkType.TABLE_FRAGMENT : ChunkType.SECTION_FRAGMENT,
                        c % 3,
                        c,
                        text));
            }
        }
        return chunks;
    }

    @Test
    void questions_killedAndResumed_thenBenchmarkOfFiveRetrievers() throws Exception {
        List<Chunk> corpus = corpus();
        Path file = dir.resolve("questions.jsonl");

        // Run 1: the model hangs after 17 answers and the run is killed (interrupted) while waiting.
        ScriptedLlm first = scriptedModel(17);
        QuestionGenerator generator =
                QuestionGenerator.builder(first).concurrency(4).build();
        Thread runner = Thread.ofPlatform()
                .start(() -> assertThatThrownBy(
                                () -> generator.generate(corpus, file, Integer.MAX_VALUE, (done, total, r) -> {}))
                        .hasMessage("question generation was interrupted; rerun to resume"));
        while (first.calls() < 21) { // 17 answered, 4 hanging
            Thread.sleep(5);
        }
        Thread.sleep(50);
        runner.interrupt();
        runner.join(10_000);
        assertThat(runner.isAlive()).isFalse();
        Set<String> settledAfterKill = new HashSet<>();
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(file, QuestionSample.class, QuestionSample::sourceChunkId)) {
            store.records().forEach(r -> settledAfterKill.add(r.sourceChunkId()));
        }
        assertThat(settledAfterKill).hasSize(17);

        // Run 2: resumes; no chunk settled in run 1 is asked again, every chunk ends with one record.
        ScriptedLlm second = scriptedModel(Integer.MAX_VALUE);
        QuestionGenerationResult resumed = QuestionGenerator.builder(second)
                .concurrency(4)
                .build()
                .generate(corpus, file, Integer.MAX_VALUE, (done, total, r) -> {});
        assertThat(resumed.alreadyDone()).isEqualTo(17);
        assertThat(second.calls()).isEqualTo(40 - 17);
        Set<String> asked = new HashSet<>();
        second.requests().forEach(r -> asked.add(passage(r)));
        Set<String> askedAgain = new HashSet<>();
        for (Chunk c : corpus) {
            if (asked.contains(c.text())) {
                askedAgain.add(c.id());
            }
        }
        assertThat(askedAgain).doesNotContainAnyElementsOf(settledAfterKill);
        List<QuestionSample> questions;
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(file, QuestionSample.class, QuestionSample::sourceChunkId)) {
            assertThat(store.size()).isEqualTo(40);
            questions = store.records().stream().toList();
        }
        assertThat(questions).filteredOn(q -> q.status().name().equals("SKIP")).hasSize(4);
        // A third run asks nothing.
        ScriptedLlm third = scriptedModel(Integer.MAX_VALUE);
        QuestionGenerator.builder(third).build().generate(corpus, file, Integer.MAX_VALUE, (d, t, r) -> {});
        assertThat(third.calls()).isZero();

        // Stratified sample: proportional per document.
        List<QuestionSample> usable = questions.stream()
                .filter(q -> q.status().name().equals("SUCCESS"))
                .toList();
        assertThat(StratifiedSampler.defaults().sample(usable, 12))
                .extracting(QuestionSample::documentId)
                .containsOnly("doc0", "doc1", "doc2", "doc3")
                .hasSize(12);

        // Benchmark: five retrievers, all cutoffs, intervals and tests.
        BenchmarkResult report = BenchmarkRunner.builder()
                .retriever(lexical("bm25", corpus))
                .retriever(reversed("reversed", corpus))
                .retriever(lexical("hybrid", corpus))
                .retriever(byId("dense", corpus))
                .retriever(byId("hier-neighbor", corpus))
                .bootstrap(Bootstrap.of(1_000, 42, 0.95))
                .pairedTest(PairedRandomizationTest.of(1_000, 42))
                .relevance(Relevance.EVIDENCE)
                .build()
                .run(questions, corpus);
        assertThat(report.questions()).isEqualTo(36);
        assertThat(report.retrievers()).hasSize(5);
        assertThat(report.retriever("bm25").metrics().get("hit@1").mean()).isEqualTo(1.0);
        assertThat(report.comparisons()).hasSize(10 * 7);
        report.writeJson(dir.resolve("benchmark.json"));
        assertThat(TrecRuns.write(report, dir.resolve("runs"))).hasSize(6);
    }

    /** Ranks chunks by how many question words they contain; ties by id. */
    static Retriever lexical(String name, List<Chunk> corpus) {
        return ranked(name, corpus, (q, c) -> {
            int score = 0;
            for (String w : q.toLowerCase(Locale.ROOT).split("\\W+")) {
                if (w.length() > 3 && c.text().toLowerCase(Locale.ROOT).contains(w)) {
                    score++;
                }
            }
            return score;
        });
    }

    static Retriever reversed(String name, List<Chunk> corpus) {
        Retriever base = lexical(name, corpus);
        return new Retriever() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                List<RetrievedChunk> hits = base.retrieve(query, corpus.size()).hits();
                List<RetrievedChunk> out = new ArrayList<>();
                for (int i = 0; i < k && i < hits.size(); i++) {
                    out.add(RetrievedChunk.of(
                            i + 1, k - i, hits.get(hits.size() - 1 - i).chunk()));
                }
                return new RetrievalResult(name, query, out, 0);
            }
        };
    }

    static Retriever byId(String name, List<Chunk> corpus) {
        return ranked(name, corpus, (q, c) -> Math.floorMod((q + c.id()).hashCode(), 1000));
    }

    interface Scorer {
        double score(String query, Chunk chunk);
    }

    static Retriever ranked(String name, List<Chunk> corpus, Scorer scorer) {
        return new Retriever() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                List<Chunk> sorted = new ArrayList<>(corpus);
                sorted.sort(Comparator.comparingDouble((Chunk c) -> -scorer.score(query, c))
                        .thenComparing(Chunk::id));
                List<RetrievedChunk> hits = new ArrayList<>();
                for (int i = 0; i < k && i < sorted.size(); i++) {
                    hits.add(RetrievedChunk.of(i + 1, scorer.score(query, sorted.get(i)), sorted.get(i)));
                }
                return new RetrievalResult(name, query, hits, 0);
            }
        };
    }
}
