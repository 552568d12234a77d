package io.github.raglens.eval.beir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.result.BeirScore;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.ChunkFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BeirEvaluationTest {

    @TempDir
    Path dir;

    /** Answers each query with a fixed ranking of document ids and scores. */
    private record ScriptedRetriever(Map<String, List<String>> rankings) implements Retriever {
        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public RetrievalResult retrieve(String query, int k) {
            List<RetrievedChunk> hits = new ArrayList<>();
            List<String> ids = rankings.getOrDefault(query, List.of());
            for (int i = 0; i < ids.size() && i < k; i++) {
                String id = ids.get(i);
                Chunk c = ChunkFixtures.sectionNamed(id, id, id, id, i, "t");
                hits.add(RetrievedChunk.of(i + 1, 1.0 - i * 0.25, c));
            }
            return new RetrievalResult(name(), query, hits, 0);
        }
    }

    @Test
    void evaluate_scoresLikeTrecEval_andWritesTheRun() throws Exception {
        Map<String, String> queries = new LinkedHashMap<>();
        queries.put("q1", "first");
        queries.put("q2", "second");
        Map<String, Map<String, Integer>> qrels = Map.of("q1", Map.of("d1", 1), "q2", Map.of("d3", 2, "d9", 0));
        Retriever retriever = new ScriptedRetriever(Map.of("first", List.of("d2", "d1"), "second", List.of()));
        Path run = dir.resolve("scripted.trec");

        BeirScore s = BeirEvaluation.evaluate(retriever, queries, qrels, 100, run);

        // q1: the relevant document at rank 2; q2: nothing retrieved.
        assertThat(s.retriever()).isEqualTo("scripted");
        assertThat(s.queries()).isEqualTo(2);
        assertThat(s.mrrAt10()).isCloseTo(0.25, within(1e-12));
        assertThat(s.recallAt100()).isCloseTo(0.5, within(1e-12));
        assertThat(s.ndcgAt10()).isCloseTo(0.5 / (Math.log(3) / Math.log(2)), within(1e-12));
        assertThat(s.runFile()).isEqualTo(run);
        assertThat(Files.readAllLines(run))
                .containsExactly("q1 Q0 d2 1 1.0 raglens-scripted", "q1 Q0 d1 2 0.75 raglens-scripted");
    }

    @Test
    void evaluate_fewerThan100Hits_isRefused() {
        assertThatThrownBy(() -> BeirEvaluation.evaluate(
                        new ScriptedRetriever(Map.of()), Map.of(), Map.of(), 10, dir.resolve("r")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("hits must be >= 100 (Recall@100 needs 100 hits), was 10");
    }
}
