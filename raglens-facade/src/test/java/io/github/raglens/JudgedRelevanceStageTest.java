package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.facade.internal.BatchRoute;
import io.github.raglens.facade.internal.CallRoute;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.PassageLabelRequest;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.providers.ChatCompletions;
import io.github.raglens.providers.FakeBatchServer;
import io.github.raglens.providers.OpenAiChat;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import io.github.raglens.result.CostEstimate;
import io.github.raglens.result.JudgedRelevanceResult;
import io.github.raglens.result.RelevanceCalibration;
import io.github.raglens.result.TrecEvalOptions;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.spi.Retriever;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.testkit.ChunkFixtures;
import io.github.raglens.testkit.ScriptedLlm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import mockwebserver3.MockWebServer;
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
                Chunk passage = ChunkFixtures.sectionNamed(
                        "alt-" + Math.abs(query.hashCode()), "notes", "notes", "notes", 0, text);
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

    /**
     * The sample corpus ingested into the lens's workspace, and its questions whose answer does not
     * quote the evidence (a restated passage must not hold the evidence, which a few bundled answers
     * do).
     */
    private List<QuestionSample> restatable(RagLens lens) {
        lens.ingest(SampleCorpus.writeTo(dir.resolve("corpus")));
        List<QuestionSample> questions =
                SampleCorpus.questionSamples(ChunksFile.read(lens.workspace().chunks())).stream()
                        .filter(q -> !q.referenceAnswer().contains(q.evidence().strip()))
                        .toList();
        assertThat(questions).hasSizeGreaterThan(20);
        return questions;
    }

    /** The lens with the source finder and the restater as its only retrievers: no index is needed. */
    private static RagLens withSourceFinderAndRestater(RagLens lens, List<QuestionSample> questions) {
        Map<String, Chunk> byId = new HashMap<>();
        ChunksFile.read(lens.workspace().chunks()).forEach(c -> byId.put(c.id(), c));
        Map<String, Chunk> sourceOf = new HashMap<>();
        Map<String, String> answerOf = new HashMap<>();
        for (QuestionSample q : questions) {
            sourceOf.put(q.question(), byId.get(q.sourceChunkId()));
            answerOf.put(q.question(), q.referenceAnswer());
        }
        return lens.toBuilder()
                .retrievers()
                .retriever(sourceFinder(sourceOf))
                .retriever(restater(answerOf))
                .build();
    }

    /** The grade the fake OpenAI servers give raglens's grading prompt: 3 for a restated answer, else 1. */
    private static String gradeReply(JsonNode body) {
        String user = ChatCompletions.user(body);
        int grade = user.substring(user.indexOf("PASSAGE:")).contains("In short:") ? 3 : 1;
        return "{\"reason\":\"r\",\"grade\":" + grade + "}";
    }

    @Test
    void gradingThroughTheBatchApi_givesTheLiveGrades_inOneBatch_atHalfThePrice() throws Exception {
        Map<String, JudgedRelevanceResult> graded = new HashMap<>();
        Map<String, CostEstimate> estimates = new HashMap<>();
        Map<String, String> qrels = new HashMap<>();
        for (String route : List.of("live", "batch")) {
            FakeBatchServer batches = new FakeBatchServer(JudgedRelevanceStageTest::gradeReply).pollsToEnd(2);
            try (MockWebServer server = new MockWebServer()) {
                server.setDispatcher(
                        route.equals("batch") ? batches : ChatCompletions.server(JudgedRelevanceStageTest::gradeReply));
                server.start();
                OpenAiChat judge = BatchEvaluationTest.model(server);
                RagLens lens = RagLens.builder()
                        .workspace(dir.resolve(route))
                        .bm25()
                        .judge(() -> judge)
                        .build();
                List<QuestionSample> questions = restatable(lens);
                RagLens both = withSourceFinderAndRestater(lens, questions);
                estimates.put(route, both.estimateJudgedRelevance(questions, 10, route.equals("batch")));
                try (CallRoute calls = route.equals("batch")
                        ? BatchRoute.open(
                                Optional.of(new EvaluateOptions.BatchTiming(
                                        Duration.ofMillis(300), Duration.ofMillis(2), Duration.ofMillis(10))),
                                lens.workspace(),
                                judge)
                        : CallRoute.live()) {
                    graded.put(route, both.judgeRelevance(questions, 10, calls, ProgressListener.NONE));
                }
                qrels.put(route, Files.readString(lens.workspace().runs().resolve("qrels-judged.txt")));
                if (route.equals("batch")) {
                    // every passage graded at once: grades wait on nothing
                    assertThat(batches.created()).hasSize(1);
                    assertThat(Files.readString(lens.workspace().usage())).contains("openai/gpt-4o-mini (batch)");
                }
            }
        }
        assertThat(graded.get("batch")).isEqualTo(graded.get("live"));
        assertThat(graded.get("batch").relevantBeyondEvidence()).isEqualTo(1.0);
        assertThat(qrels.get("batch")).isEqualTo(qrels.get("live"));
        assertThat(estimates.get("batch").calls())
                .isEqualTo(estimates.get("live").calls())
                .isEqualTo(graded.get("live").graded());
        assertThat(estimates.get("batch").costUsd())
                .isPositive()
                .isCloseTo(estimates.get("live").costUsd() / 2, within(1e-9));
    }

    @Test
    void gradingAlone_gradesTheQuestionsTheBenchmarkMeasures_notThoseTheEvidenceRuleLeavesOut() {
        ScriptedLlm judge = judge();
        RagLens lens = RagLens.builder()
                .workspace(dir.resolve("ws"))
                .bm25()
                .relevance(Relevance.JUDGED)
                .judge(() -> judge)
                .build();
        List<QuestionSample> questions = restatable(lens);
        QuestionSample first = questions.getFirst();
        // successful, but its quote is in no chunk: the evidence rule leaves it out of the benchmark
        QuestionSample unquoted = new QuestionSample(
                "unquoted",
                "What does the corpus say about the moons of Neptune?",
                "Nothing at all.",
                "Triton circles Neptune backwards in a way no chunk of this corpus describes.",
                first.sourceChunkId(),
                first.documentId(),
                first.sectionId(),
                QuestionStatus.SUCCESS,
                "");
        List<QuestionSample> all = new java.util.ArrayList<>(questions);
        all.add(unquoted);
        RagLens both = withSourceFinderAndRestater(lens, all);

        assertThat(both.estimateJudgedRelevance(all, 10, false).calls()).isEqualTo(questions.size());
        JudgedRelevanceResult pool = both.judgeRelevance(all, 10, false, ProgressListener.NONE);

        assertThat(pool.questions()).isEqualTo(questions.size());
        assertThat(judge.calls()).isEqualTo(questions.size());
        BenchmarkResult report = both.benchmark(all, ProgressListener.NONE);
        assertThat(report.judged().pool().questions()).isEqualTo(pool.questions());
        assertThat(report.judged().pool().pooled()).isEqualTo(pool.pooled());
        assertThat(judge.calls()).isEqualTo(questions.size());
    }

    @Test
    void peoplesGradesOfDrawnPassages_giveWeightedKappa_andEachRetrieversCorrectedPrecision_inTheReport()
            throws Exception {
        ScriptedLlm judge = judge();
        RagLens lens = RagLens.builder()
                .workspace(dir.resolve("ws"))
                .bm25()
                .relevance(Relevance.JUDGED)
                .judge(() -> judge)
                .build();
        List<QuestionSample> questions = restatable(lens);
        RagLens both = withSourceFinderAndRestater(lens, questions);
        both.judgeRelevance(questions, 10, false, ProgressListener.NONE);

        // the judge graded one restated passage per question (3 each); the source chunks hold the evidence
        List<PassageLabelRequest> drawn = both.labels().drawPassageLabels(12);
        assertThat(drawn).hasSize(12);
        assertThat(drawn).allSatisfy(r -> {
            assertThat(r.text()).startsWith("In short: ");
            assertThat(r.draw().population()).isEqualTo(questions.size());
        });
        assertThat(both.labels().drawPassageLabels(20).subList(0, 12)).isEqualTo(drawn);
        // a person finds every other restated passage only on the topic
        for (int i = 0; i < drawn.size(); i++) {
            both.labels()
                    .recordPassageLabel(
                            drawn.get(i).label(i % 2 == 0 ? 3 : 1, "ana", Instant.parse("2026-03-01T12:00:00Z")));
        }

        BenchmarkResult report = both.benchmark(questions, ProgressListener.NONE);

        RelevanceCalibration c = report.judged().calibration();
        assertThat(c.drawnLabels()).isEqualTo(12);
        assertThat(c.compared()).isEqualTo(12);
        assertThat(c.staleLabels()).isZero();
        // the judge gave every passage a 3: one side constant, so kappa is 0, defined
        assertThat(c.kappa()).hasValue(0.0);
        // restater: judge 1 relevant passage in each top 10; people half of them: 0.1 corrected to 0.05
        assertThat(c.byRetriever().get("restater").judged()).isCloseTo(0.1, within(1e-12));
        assertThat(c.byRetriever().get("restater").estimate()).isCloseTo(0.05, within(1e-12));
        assertThat(c.byRetriever().get("restater").contains(0.05)).isTrue();
        // source-finder's only passage holds the evidence: grade 3 by rule, nothing to correct
        assertThat(c.byRetriever().get("source-finder").estimate()).isCloseTo(0.1, within(1e-12));
        assertThat(report.judgedSummary())
                .contains("Only precision@10 is corrected: it is a mean over (question, rank) of a 0/1 label each"
                        + " passage's grade decides alone, which a random sample of graded passages estimates without"
                        + " bias; hit@K, MRR, nDCG, recall and MAP are not linear in the passages' grades, so the"
                        + " labels do not correct them.")
                .anySatisfy(line -> assertThat(line)
                        .startsWith("restater: precision@10 corrected by people's grades 0.050 [95% interval ")
                        .endsWith("where the judge alone gives 0.100 (12 drawn labels)."));
        assertThat(Files.readString(both.workspace().benchmarkJson()))
                .contains("\"calibration\"")
                .contains("\"drawnLabels\" : 12");
        BenchmarkResult read = io.github.raglens.internal.Json.reader()
                .forType(BenchmarkResult.class)
                .readValue(both.workspace().benchmarkJson().toFile());
        assertThat(read.judged().calibration()).isEqualTo(c);
        assertThat(Files.readString(both.report(questions))).contains("weighted kappa of their 0-3 grades is 0.000");
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
        List<QuestionSample> questions = restatable(lens);
        RagLens both = withSourceFinderAndRestater(lens, questions);

        BenchmarkResult byChunk = both.benchmark(questions, ProgressListener.NONE);
        assertThat(byChunk.retriever("restater").metrics().get("mrr@10").mean()).isZero();

        // judging alone first: one call per restated passage; the source chunks hold the evidence and cost nothing
        assertThat(both.estimateJudgedRelevance(questions, 10, false).calls()).isEqualTo(questions.size());
        JudgedRelevanceResult pool = both.judgeRelevance(questions, 10, false, ProgressListener.NONE);
        assertThat(judge.calls()).isEqualTo(questions.size());
        assertThat(pool.pooled()).isEqualTo(2 * questions.size());
        assertThat(pool.byEvidence()).isEqualTo(questions.size());
        assertThat(pool.graded()).isEqualTo(questions.size());
        assertThat(pool.relevantBeyondEvidence()).isEqualTo(1.0);
        assertThat(both.estimateJudgedRelevance(questions, 10, false).calls()).isZero();

        // the benchmark under judged relevance finds every grade in the cache
        BenchmarkResult judged =
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
