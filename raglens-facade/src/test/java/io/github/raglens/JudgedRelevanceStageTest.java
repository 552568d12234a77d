package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.result.BenchmarkReport;
import io.github.raglens.result.JudgedRelevanceReport;
import io.github.raglens.result.JudgedRelevanceReport.RetrieverRow;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.spi.Retriever;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.testkit.ScriptedLlm;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Judged relevance on the sample corpus: a retriever that returns another passage holding the answer
 * is credited by the judge where chunk and evidence relevance give it nothing.
 */
class JudgedRelevanceStageTest {

    @TempDir
    Path dir;

    /** Returns the chunk of the corpus each question was written from, and nothing else. */
    private static Retriever sourceFinder(Map<String, Chunk> sourceOf) {
        return new Retriever() {
            @Override
            public String name() {
                return "source-finder";
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                return new RetrievalResult(name(), query, List.of(RetrievedChunk.of(1, 1.0, sourceOf.get(query))), 0);
            }
        };
    }

    /** Returns one passage of its own per question that restates its answer in other words. */
    private static Retriever restater(Map<String, String> answerOf) {
        return new Retriever() {
            @Override
            public String name() {
                return "restater";
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                String text = "In short: " + answerOf.get(query);
                Chunk passage = new Chunk(
                        "alt-" + Math.abs(query.hashCode()),
                        "notes",
                        "notes",
                        null,
                        "notes",
                        ChunkType.SECTION_FRAGMENT,
                        -1,
                        0,
                        text,
                        0,
                        text.length(),
                        0,
                        0);
                return new RetrievalResult(name(), query, List.of(RetrievedChunk.of(1, 1.0, passage)), 0);
            }
        };
    }

    /** Grade 3 for a passage that restates the answer, 1 for any other passage it is asked about. */
    private static ScriptedLlm judge() {
        return ScriptedLlm.of("fake/grader").on("grade", "", r -> {
            String prompt = ScriptedLlm.prompt(r);
            int grade = prompt.substring(prompt.indexOf("PASSAGE:")).contains("In short:") ? 3 : 1;
            return new ChatOutcome.Completed("{\"reason\":\"r\",\"grade\":" + grade + "}", new TokenUsage(90, 10));
        });
    }

    @Test
    void aRetrieverReturningASecondPassageWithTheAnswer_scoresZeroByChunkRelevance_andFullMarksWhenJudged() {
        ScriptedLlm judge = judge();
        RagLens lens = RagLens.builder()
                .workspace(dir.resolve("ws"))
                .bm25()
                .relevance(Relevance.CHUNK)
                .judge(() -> judge)
                .build();
        lens.ingest(SampleCorpus.writeTo(dir.resolve("corpus")));
        List<Chunk> chunks = ChunksFile.read(lens.workspace().chunks());
        // the restated passage must not quote the evidence, which a few bundled answers do
        List<QuestionSample> questions = SampleCorpus.questionSamples(chunks).stream()
                .filter(q -> !q.referenceAnswer().contains(q.evidence().strip()))
                .toList();
        assertThat(questions).hasSizeGreaterThan(20);
        Map<String, Chunk> byId = new HashMap<>();
        chunks.forEach(c -> byId.put(c.id(), c));
        Map<String, Chunk> sourceOf = new HashMap<>();
        Map<String, String> answerOf = new HashMap<>();
        for (QuestionSample q : questions) {
            sourceOf.put(q.question(), byId.get(q.sourceChunkId()));
            answerOf.put(q.question(), q.referenceAnswer());
        }
        // retrievers of our own only: no index is needed
        RagLens both = lens.toBuilder()
                .retrievers()
                .retriever(sourceFinder(sourceOf))
                .retriever(restater(answerOf))
                .build();

        BenchmarkReport byChunk = both.benchmark(questions, ProgressListener.NONE);
        assertThat(byChunk.retrievers())
                .filteredOn(r -> r.retriever().equals("restater"))
                .singleElement()
                .satisfies(r -> assertThat(r.metrics().get("mrr@10").mean()).isZero());

        // one call per restated passage; the source chunks hold the evidence and cost nothing
        assertThat(both.estimateJudgedRelevance(questions, 10).calls()).isEqualTo(questions.size());
        JudgedRelevanceReport judged = both.judgeRelevance(questions, 10, ProgressListener.NONE);
        assertThat(judge.calls()).isEqualTo(questions.size());
        RetrieverRow restated = judged.retrievers().get(1);
        assertThat(restated.retriever()).isEqualTo("restater");
        assertThat(restated.evidenceMrr()).isZero();
        assertThat(restated.evidenceNdcg()).isZero();
        assertThat(restated.judgedMrr()).isEqualTo(1.0);
        assertThat(restated.judgedPrecision()).isEqualTo(0.1);
        assertThat(judged.relevantBeyondEvidence()).isEqualTo(1.0);
        assertThat(judged.byEvidence()).isEqualTo(questions.size());
        assertThat(judged.summary())
                .contains("restater: MRR@10 0.000 by evidence, 1.000 judged; nDCG@10 0.000 by evidence, 0.613"
                        + " judged; place 2 by evidence, 1 judged");
        assertThat(lens.workspace().runs().resolve("qrels-judged.txt")).exists();
        assertThat(lens.workspace().runs().resolve("restater.judged.run")).exists();
        assertThat(both.estimateJudgedRelevance(questions, 10).calls()).isZero();
    }
}
