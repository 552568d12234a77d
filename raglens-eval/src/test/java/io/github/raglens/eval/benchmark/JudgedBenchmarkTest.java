package io.github.raglens.eval.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.PassageGrader;
import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.eval.trec.TrecEval;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.TrecEvalOptions;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.ChunkFixtures;
import io.github.raglens.testkit.ScriptedLlm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark under judged relevance: the evidence table, and beside it the judge's grades of the
 * pooled passages, measured as trec_eval measures them, with the order of the retrievers compared.
 */
class JudgedBenchmarkTest {

    private static final int QUESTIONS = 8;

    @TempDir
    Path dir;

    private static Chunk chunk(String id, String text) {
        return ChunkFixtures.sectionNamed(id, "doc", "s-" + id, "doc > " + id, 0, text);
    }

    /** Per question: the chunk holding its evidence, two that restate the answer, two about the weather. */
    private static Map<String, Chunk> corpus() {
        Map<String, Chunk> chunks = new HashMap<>();
        for (int i = 0; i < QUESTIONS; i++) {
            chunks.put(
                    "e" + i,
                    chunk("e" + i, "Acme built turbine number " + i + " in the year 199" + i + ". It is red."));
            chunks.put("a" + i, chunk("a" + i, "Turbine " + i + " was finished by Acme in 199" + i + ", records say."));
            chunks.put("b" + i, chunk("b" + i, "Records say Acme finished turbine " + i + " in 199" + i + "."));
            chunks.put("w" + i, chunk("w" + i, "Weather report " + i + ": mild."));
            chunks.put("x" + i, chunk("x" + i, "Weather report " + i + ": windy."));
        }
        return chunks;
    }

    private static List<QuestionSample> questions() {
        List<QuestionSample> out = new ArrayList<>();
        for (int i = 0; i < QUESTIONS; i++) {
            out.add(new QuestionSample(
                    "q" + i,
                    "When did Acme build turbine number " + i + "?",
                    "199" + i,
                    "Acme built turbine number " + i + " in the year 199" + i + ".",
                    "e" + i,
                    "doc",
                    "s-e" + i,
                    QuestionStatus.SUCCESS,
                    ""));
        }
        return out;
    }

    /** Returns the chunks named by the prefixes, for the question's turbine, in that order. */
    private static Retriever returning(String name, Map<String, Chunk> corpus, String... prefixes) {
        return new Retriever() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                String i = query.replaceAll("\\D", "");
                List<RetrievedChunk> hits = new ArrayList<>();
                for (int r = 0; r < Math.min(k, prefixes.length); r++) {
                    hits.add(RetrievedChunk.of(r + 1, 1.0 - r * 0.1, corpus.get(prefixes[r] + i)));
                }
                return new RetrievalResult(name, query, hits, 0);
            }
        };
    }

    /** Grade 3 for a passage restating when Acme finished the turbine, 0 for anything else. */
    private static ScriptedLlm grader() {
        return ScriptedLlm.of("fake/grader").on("grade", "", r -> {
            String passage = ScriptedLlm.prompt(r);
            int grade = passage.substring(passage.indexOf("PASSAGE:")).contains("finished") ? 3 : 0;
            return new ChatOutcome.Completed("{\"reason\":\"r\",\"grade\":" + grade + "}", new TokenUsage(80, 10));
        });
    }

    @Test
    void aRetrieverWhosePassagesAnswerWithoutTheQuote_losesByEvidence_winsJudged_andTheSummarySaysTheOrderChanges() {
        Map<String, Chunk> corpus = corpus();
        ScriptedLlm llm = grader();
        BenchmarkResult report;
        try (JudgeSession session = JudgeSession.builder(llm).build()) {
            report = BenchmarkRunner.builder()
                    .retriever(returning("evidence-late", corpus, "w", "x", "e"))
                    .retriever(returning("answers-first", corpus, "a", "b", "w"))
                    .relevance(Relevance.JUDGED)
                    .judgedRelevance(PassageGrader.of(session), dir)
                    .ks(1, 3)
                    .warmupQueries(0)
                    .bootstrap(Bootstrap.of(200, 1, 0.95))
                    .pairedTest(PairedRandomizationTest.of(200, 1))
                    .build()
                    .run(questions(), List.copyOf(corpus.values()));
        }
        // five passages a question, the weather report both return merged; the evidence chunk costs nothing
        assertThat(report.judged().pool().pooled()).isEqualTo(5 * QUESTIONS);
        assertThat(report.judged().pool().byEvidence()).isEqualTo(QUESTIONS);
        assertThat(llm.calls()).isEqualTo(4 * QUESTIONS);
        assertThat(report.judged().pool().relevantBeyondEvidence()).isEqualTo(2.0);

        assertThat(report.retriever("evidence-late").metrics().get("ndcg@3").mean())
                .isCloseTo(0.5, within(1e-9));
        assertThat(report.retriever("answers-first").metrics().get("ndcg@3").mean())
                .isZero();
        BenchmarkResult.RetrieverSummary late = report.judged().retrievers().get(0);
        BenchmarkResult.RetrieverSummary first = report.judged().retrievers().get(1);
        // ideal: 3, 3, 3 at ranks 1-3; evidence-late has its 3 at rank 3, answers-first at ranks 1 and 2
        double ideal = 3 + 3 / log2(3) + 3 / log2(4);
        assertThat(late.metrics().get("ndcg@3").mean()).isCloseTo(3 / log2(4) / ideal, within(1e-4));
        assertThat(first.metrics().get("ndcg@3").mean()).isCloseTo((3 + 3 / log2(3)) / ideal, within(1e-4));
        assertThat(first.metrics().get("hit@1").mean()).isEqualTo(1.0);
        assertThat(report.judged().comparisons())
                .filteredOn(c -> c.metric().equals("ndcg@3"))
                .singleElement()
                .satisfies(c -> assertThat(c.meanDifference()).isNegative());

        // the judged table is trec_eval's on the files written
        for (String system : List.of("evidence-late", "answers-first")) {
            List<String> lines = TrecEval.evaluate(
                    dir.resolve("qrels-judged.txt"),
                    dir.resolve(system + ".judged.run"),
                    new TrecEvalOptions(List.of("ndcg_cut.3"), false, true, Integer.MAX_VALUE, 1));
            double mean = Double.parseDouble(lines.getLast().split("\t")[2]);
            BenchmarkResult.RetrieverSummary row = system.equals("evidence-late") ? late : first;
            assertThat(mean).as(system).isCloseTo(row.metrics().get("ndcg@3").mean(), within(1e-4));
        }

        assertThat(report.judgedSummary())
                .anySatisfy(line -> assertThat(line)
                        .startsWith("evidence-late vs answers-first: nDCG@3 +0.500 by evidence (Holm-adjusted p = ")
                        .contains("), -0.531 judged (p = ")
                        .endsWith("): the judge orders them the other way"))
                .contains("answers-first: hit@1 0.000 by evidence, 1.000 judged; MRR@3 0.000 by evidence, 1.000 judged;"
                        + " nDCG@3 0.000 by evidence, 0.765 judged; place 2 by evidence, 1 judged")
                .endsWith("the order of the retrievers by nDCG@3 changes between evidence and judged relevance");
    }

    @Test
    void judgedRelevance_withoutAGrader_orAGraderUnderAnotherRelevance_isRefused() {
        Retriever any = returning("any", corpus(), "e");
        assertThatThrownBy(() -> BenchmarkRunner.builder()
                        .retriever(any)
                        .relevance(Relevance.JUDGED)
                        .build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("judged relevance needs a judge to grade the pooled passages; call"
                        + " judgedRelevance(grader, folder)");
        try (JudgeSession session = JudgeSession.builder(grader()).build()) {
            assertThatThrownBy(() -> BenchmarkRunner.builder()
                            .retriever(any)
                            .relevance(Relevance.EVIDENCE)
                            .judgedRelevance(PassageGrader.of(session), dir)
                            .build())
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("judgedRelevance(...) grades under judged relevance only; call"
                            + " relevance(Relevance.JUDGED)");
        }
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }
}
