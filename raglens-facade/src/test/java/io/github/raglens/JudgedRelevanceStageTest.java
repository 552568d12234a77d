package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.result.BenchmarkReport;
import io.github.raglens.result.BenchmarkReport.RetrieverSummary;
import io.github.raglens.result.PoolGrading;
import io.github.raglens.result.TrecEvalOptions;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.spi.Retriever;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.testkit.ScriptedLlm;
import java.nio.file.Files;
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
    void aRetrieverReturningASecondPassageWithTheAnswer_scoresZeroByChunkAndEvidenceRelevance_andFullMarksWhenJudged()
            throws Exception {
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
        assertThat(byChunk.retriever("restater").metrics().get("mrr@10").mean()).isZero();

        // judging alone first: one call per restated passage; the source chunks hold the evidence and cost nothing
        assertThat(both.estimateJudgedRelevance(questions, 10, false).calls()).isEqualTo(questions.size());
        PoolGrading pool = both.judgeRelevance(questions, 10, false, ProgressListener.NONE);
        assertThat(judge.calls()).isEqualTo(questions.size());
        assertThat(pool.pooled()).isEqualTo(2 * questions.size());
        assertThat(pool.byEvidence()).isEqualTo(questions.size());
        assertThat(pool.graded()).isEqualTo(questions.size());
        assertThat(pool.relevantBeyondEvidence()).isEqualTo(1.0);
        assertThat(both.estimateJudgedRelevance(questions, 10, false).calls()).isZero();

        // the benchmark under judged relevance finds every grade in the cache
        BenchmarkReport judged =
                both.toBuilder().relevance(Relevance.JUDGED).build().benchmark(questions, ProgressListener.NONE);
        assertThat(judge.calls()).isEqualTo(questions.size());
        assertThat(judged.relevance()).isEqualTo("judged");
        RetrieverSummary byEvidence = judged.retriever("restater");
        assertThat(byEvidence.metrics().get("hit@1").mean()).isZero();
        assertThat(byEvidence.metrics().get("mrr@10").mean()).isZero();
        RetrieverSummary byJudge = judged.judged().retrievers().get(1);
        assertThat(byJudge.retriever()).isEqualTo("restater");
        assertThat(byJudge.metrics().get("hit@1").mean()).isEqualTo(1.0);
        assertThat(byJudge.metrics().get("mrr@10").mean()).isEqualTo(1.0);
        assertThat(byJudge.metrics().get("precision@10").mean()).isCloseTo(0.1, within(1e-12));
        assertThat(judged.judged().comparisons()).isNotEmpty();
        assertThat(judged.judgedSummary())
                .containsExactly(
                        questions.size() + " questions, " + 2 * questions.size() + " passages pooled at depth 10 ("
                                + questions.size() + " holding the evidence, " + questions.size()
                                + " graded by fake/grader, 0 ungraded): 1.00 relevant passages per question beyond"
                                + " the evidence chunks",
                        "source-finder: hit@1 1.000 by evidence, 1.000 judged; MRR@10 1.000 by evidence, 1.000 judged;"
                                + " nDCG@10 1.000 by evidence, 0.613 judged; place 1 by evidence, 1 judged",
                        "restater: hit@1 0.000 by evidence, 1.000 judged; MRR@10 0.000 by evidence, 1.000 judged;"
                                + " nDCG@10 0.000 by evidence, 0.613 judged; place 2 by evidence, 1 judged",
                        "the order of the retrievers by nDCG@10 is the same under evidence and judged relevance");

        // the report says so, in HTML and Markdown
        RagLens judgedLens = both.toBuilder().relevance(Relevance.JUDGED).build();
        String restated = "restater: hit@1 0.000 by evidence, 1.000 judged; MRR@10 0.000 by evidence, 1.000 judged;"
                + " nDCG@10 0.000 by evidence, 0.613 judged; place 2 by evidence, 1 judged";
        String html = Files.readString(judgedLens.report(questions));
        assertThat(html)
                .contains("<h3>Judged relevance</h3>")
                .contains("1.00 relevant passages per question beyond the evidence chunks")
                .contains("<li>" + restated + "</li>");
        assertThat(Files.readString(judgedLens.workspace().reportMarkdown()))
                .contains("## Judged relevance")
                .contains("- " + restated + "\n");

        // the judged table is trec_eval's on the files written beside the runs
        Path runs = lens.workspace().runs();
        for (String measure : List.of("ndcg_cut.10:1:ndcg@10", "recip_rank:2:mrr@10", "success.1:2:hit@1")) {
            String[] m = measure.split(":");
            List<String> lines = RagLens.trecEval(
                    runs.resolve("qrels-judged.txt"),
                    runs.resolve("restater.judged.run"),
                    new TrecEvalOptions(List.of(m[0]), false, true, Integer.MAX_VALUE, Integer.parseInt(m[1])));
            assertThat(Double.parseDouble(lines.getLast().split("\t")[2]))
                    .as(measure)
                    .isCloseTo(byJudge.metrics().get(m[2]).mean(), within(1e-4));
        }
    }
}
