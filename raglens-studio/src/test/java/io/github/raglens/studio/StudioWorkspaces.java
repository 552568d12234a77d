package io.github.raglens.studio;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.raglens.EvaluateOptions;
import io.github.raglens.ProgressListener;
import io.github.raglens.RagLens;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.spi.Retriever;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.testkit.SimulatedJudge;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** Workspaces the studio's tests open: the sample corpus, its hand-checked questions and real runs. */
final class StudioWorkspaces {

    private static final ObjectMapper JSON = new ObjectMapper();

    private StudioWorkspaces() {}

    /**
     * The sample corpus benchmarked with bm25 and a keyword retriever of its own (run 1), evaluated with
     * a simulated judge (run 2), and benchmarked again after the keyword retriever got worse on half the
     * questions (run 3).
     */
    static Path threeRuns(Path dir) {
        Path ws = dir.resolve("ws");
        RagLens first = lens(ws, false);
        first.ingest(SampleCorpus.writeTo(dir.resolve("corpus")));
        first.index();
        List<Chunk> chunks = ChunksFile.read(first.workspace().chunks());
        Path questions = dir.resolve("questions.jsonl");
        StringBuilder lines = new StringBuilder();
        for (QuestionSample q : SampleCorpus.questionSamples(chunks)) {
            lines.append(JSON.createObjectNode()
                            .put("id", q.id())
                            .put("question", q.question())
                            .put("answer", q.referenceAnswer())
                            .put("evidence", q.evidence())
                            .toString())
                    .append('\n');
        }
        try {
            Files.writeString(questions, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        first.importQuestions(questions);
        first.benchmark();
        first.evaluate(
                EvaluateOptions.builder()
                        .sample(12)
                        .contexts(3)
                        .metrics(List.of(JudgeMetric.FAITHFULNESS, JudgeMetric.CONTEXT_PRECISION))
                        .build(),
                ProgressListener.NONE);
        lens(ws, true).benchmark();
        return ws;
    }

    private static RagLens lens(Path ws, boolean worse) {
        return RagLens.builder()
                .workspace(ws)
                .relevance(Relevance.EVIDENCE)
                .llm(SimulatedJudge::of)
                .bm25()
                .retriever(new Keywords(ws, worse))
                .build();
    }

    /** Ranks chunks by how many of the query's longer words they hold; when worse, drops the best two for half the queries. */
    private record Keywords(Path ws, boolean worse) implements Retriever {

        @Override
        public String name() {
            return "keywords";
        }

        @Override
        public RetrievalResult retrieve(String query, int k) {
            Set<String> words = words(query);
            List<Chunk> chunks = new ArrayList<>(ChunksFile.read(ws.resolve("chunks.jsonl")));
            chunks.sort(
                    Comparator.comparingLong((Chunk c) -> -overlap(words, c)).thenComparing(Chunk::id));
            int skip = worse && Math.floorMod(query.hashCode(), 2) == 0 ? 2 : 0;
            List<RetrievedChunk> hits = new ArrayList<>();
            for (int i = skip; i < chunks.size() && hits.size() < k; i++) {
                hits.add(RetrievedChunk.of(hits.size() + 1, overlap(words, chunks.get(i)), chunks.get(i)));
            }
            return new RetrievalResult(name(), query, hits, 1_000);
        }

        private static long overlap(Set<String> words, Chunk c) {
            Set<String> text = words(c.text());
            return words.stream().filter(text::contains).count();
        }

        private static Set<String> words(String s) {
            return List.of(s.toLowerCase(Locale.ROOT).split("\\W+")).stream()
                    .filter(w -> w.length() > 3)
                    .collect(Collectors.toSet());
        }
    }
}
