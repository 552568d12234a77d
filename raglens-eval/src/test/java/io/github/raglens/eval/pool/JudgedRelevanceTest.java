package io.github.raglens.eval.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.PassageGrader;
import io.github.raglens.eval.trec.TrecEval;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.result.TrecEvalOptions;
import io.github.raglens.testkit.ScriptedLlm;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pooled, graded relevance: the pool, the grades, and measures equal to trec_eval on the exported files. */
class JudgedRelevanceTest {

    @TempDir
    Path dir;

    private static final PoolQuestion Q =
            new PoolQuestion("q1", "When did Acme build the turbine?", List.of("Acme built the turbine in 1999."));

    /** Grades a passage by the words it holds: 3 with 1999, 2 with Acme, 1 with turbine, else 0. */
    private static ScriptedLlm grader() {
        return ScriptedLlm.of("fake/grader").on("grade", "", r -> {
            String passage = ScriptedLlm.prompt(r);
            passage = passage.substring(passage.indexOf("PASSAGE:"));
            int grade =
                    passage.contains("1999") ? 3 : passage.contains("Acme") ? 2 : passage.contains("turbine") ? 1 : 0;
            return new ChatOutcome.Completed(
                    "{\"reason\":\"because\",\"grade\":" + grade + "}", new TokenUsage(80, 10));
        });
    }

    private static Map<String, Map<String, List<PoolHit>>> rankings() {
        Map<String, Map<String, List<PoolHit>>> r = new LinkedHashMap<>();
        r.put(
                "bm25",
                Map.of(
                        "q1",
                        List.of(
                                new PoolHit("c1", "Acme built the turbine in 1999. It stands in Delft."),
                                new PoolHit("c2", "The turbine has three blades."),
                                new PoolHit("c3", "Acme also makes pumps."))));
        r.put(
                "svc",
                Map.of(
                        "q1",
                        List.of(
                                // the same passage as bm25's c1 under the service's own id, spaced otherwise
                                new PoolHit("doc-9", "Acme built the turbine in 1999.\n It stands in  Delft."),
                                new PoolHit("doc-4", "In 1999 the company finished its first wind machine."),
                                new PoolHit("doc-7", "Weather in Delft is mild."))));
        return r;
    }

    @Test
    void pool_isTheUnionOfEverySystemsTopK_withSamePassagesMerged_andRunsCarriedToPooledIds() {
        Pool pool = Pool.of(List.of(Q), rankings(), 2);
        assertThat(pool.passages("q1"))
                .extracting(PooledPassage::id, PooledPassage::holdsEvidence)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("c1", true),
                        org.assertj.core.groups.Tuple.tuple("c2", false),
                        org.assertj.core.groups.Tuple.tuple("doc-4", false));
        // beyond the depth: c3 and doc-7 are not pooled, but stay in the runs, unjudged
        assertThat(pool.run("svc").get("q1")).extracting(s -> s.id()).containsExactly("c1", "doc-4", "doc-7");
        assertThat(pool.run("bm25").get("q1")).extracting(s -> s.score()).containsExactly(3.0, 2.0, 1.0);
    }

    @Test
    void aMultiHopQuestionsPassages_holdingEitherQuote_areGradeThreeWithoutACall() {
        PoolQuestion twoQuotes = new PoolQuestion(
                "q1",
                "Who built the turbine in Delft, and when?",
                List.of("Acme built the turbine in 1999.", "The turbine has three blades."));
        Pool pool = Pool.of(List.of(twoQuotes), rankings(), 2);
        assertThat(pool.passages("q1"))
                .extracting(PooledPassage::id, PooledPassage::holdsEvidence)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("c1", true),
                        org.assertj.core.groups.Tuple.tuple("c2", true),
                        org.assertj.core.groups.Tuple.tuple("doc-4", false));
    }

    @Test
    void grading_givesEvidencePassagesThreeWithoutACall_andSendsEachOtherPassageOnce() {
        ScriptedLlm llm = grader();
        Pool pool = Pool.of(List.of(Q), rankings(), 3);
        try (JudgeSession s = JudgeSession.builder(llm)
                .callCache(dir.resolve("judge-calls.jsonl"))
                .build()) {
            PassageGrader grader = PassageGrader.of(s);
            assertThat(Grading.estimate(pool, grader, TokenPrice.FREE).calls()).isEqualTo(4);
            Grading.Result r = Grading.grade(pool, grader);
            assertThat(r.qrels().get("q1"))
                    .containsExactlyInAnyOrderEntriesOf(Map.of("c1", 3, "c2", 1, "c3", 2, "doc-4", 3, "doc-7", 0));
            assertThat(r.byEvidence()).isEqualTo(1);
            assertThat(r.judged()).isEqualTo(4);
            assertThat(llm.calls()).isEqualTo(4);
            assertThat(Grading.estimate(pool, grader, TokenPrice.FREE).calls()).isZero();
        }
        // a new system adds only its unseen passages; the rest come from the call cache
        Map<String, Map<String, List<PoolHit>>> more = rankings();
        more.put(
                "dense",
                Map.of(
                        "q1",
                        List.of(
                                new PoolHit("c2", "The turbine has three blades."),
                                new PoolHit("c8", "Acme turbines are red."))));
        try (JudgeSession s = JudgeSession.builder(llm)
                .callCache(dir.resolve("judge-calls.jsonl"))
                .build()) {
            Grading.grade(Pool.of(List.of(Q), more, 3), PassageGrader.of(s));
        }
        assertThat(llm.calls()).isEqualTo(5);
    }

    @Test
    void aSystemReturningASecondPassageWithTheAnswer_scoresZeroByEvidenceAndFullMarksByJudgedRelevance() {
        Map<String, Map<String, List<PoolHit>>> r = new LinkedHashMap<>();
        r.put("evidence-finder", Map.of("q1", List.of(new PoolHit("c1", "Acme built the turbine in 1999."))));
        r.put("other-passage", Map.of("q1", List.of(new PoolHit("c5", "In 1999 the company finished the machine."))));
        Pool pool = Pool.of(List.of(Q), r, 10);
        try (JudgeSession s = JudgeSession.builder(grader()).build()) {
            Grading.Result graded = Grading.grade(pool, PassageGrader.of(s));
            JudgedMeasures other = JudgedMeasures.of(pool, graded.qrels(), "other-passage", 10);
            assertThat(pool.passages("q1").get(1).holdsEvidence()).isFalse();
            assertThat(other.mean().get("recip_rank")).isEqualTo(1.0);
            assertThat(other.mean().get("P_10")).isEqualTo(0.1);
            // both passages are grade 3: one of the two ideal gains found at rank 1
            assertThat(other.mean().get("ndcg_cut_10")).isCloseTo(3 / (3 + 3 / log2(3)), within(1e-4));
        }
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }

    @Test
    void ndcg_usesTheGradesAsGains_asHandComputed() {
        Pool pool = Pool.of(
                List.of(new PoolQuestion("q", "question", List.of())),
                Map.of("s", Map.of("q", List.of(new PoolHit("p1", "one"), new PoolHit("p2", "two")))),
                10);
        Map<String, Map<String, Integer>> qrels = Map.of("q", Map.of("p1", 1, "p2", 3, "p3", 2));
        JudgedMeasures m = JudgedMeasures.of(pool, qrels, "s", 10);
        double dcg = 1 + 3 / log2(3);
        double ideal = 3 + 2 / log2(3) + 1 / log2(4);
        assertThat(m.mean().get("ndcg_cut_10")).isCloseTo(dcg / ideal, within(1e-4));
        // grade 2 and 3 are relevant: p2 at rank 2, of p2 and p3
        assertThat(m.mean().get("recip_rank")).isEqualTo(0.5);
        assertThat(m.mean().get("recall_10")).isEqualTo(0.5);
    }

    @Test
    void measures_equalTrecEvalOnTheExportedFiles_forRandomPoolsAndGrades() {
        long seed = Long.getLong("raglens.seed", 20_261_206L);
        Random rnd = new Random(seed);
        for (int round = 0; round < 20; round++) {
            List<PoolQuestion> questions = new java.util.ArrayList<>();
            Map<String, Map<String, List<PoolHit>>> rankings = new LinkedHashMap<>();
            for (String system : List.of("a", "b", "c")) {
                rankings.put(system, new LinkedHashMap<>());
            }
            for (int q = 0; q < 1 + rnd.nextInt(6); q++) {
                questions.add(new PoolQuestion("q" + q, "question " + q, List.of()));
                for (Map<String, List<PoolHit>> system : rankings.values()) {
                    List<PoolHit> hits = new java.util.ArrayList<>();
                    for (int h = 0; h < rnd.nextInt(15); h++) {
                        int passage = rnd.nextInt(20);
                        hits.add(new PoolHit("d" + rnd.nextInt(30), "passage " + passage));
                    }
                    system.put("q" + q, hits);
                }
            }
            Pool pool = Pool.of(questions, rankings, 1 + rnd.nextInt(10));
            Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
            for (PoolQuestion q : questions) {
                Map<String, Integer> grades = new LinkedHashMap<>();
                pool.passages(q.queryId()).forEach(p -> grades.put(p.id(), rnd.nextInt(4)));
                qrels.put(q.queryId(), grades);
            }
            Path files = dir.resolve("round" + round);
            JudgedMeasures.write(pool, qrels, files);
            for (String system : pool.systems()) {
                JudgedMeasures m = JudgedMeasures.of(pool, qrels, system, 1, 5, 10);
                Path run = files.resolve(system + ".judged.run");
                Path qrelsFile = files.resolve("qrels-judged.txt");
                assertThat(summary(TrecEval.evaluate(qrelsFile, run, option("ndcg_cut.10", 1))))
                        .as("seed %d round %d system %s", seed, round, system)
                        .containsEntry("ndcg_cut_10", m.mean().get("ndcg_cut_10"));
                assertThat(summary(TrecEval.evaluate(qrelsFile, run, option("map", 2))))
                        .as("seed %d round %d system %s", seed, round, system)
                        .containsEntry("map", m.mean().get("map"));
                assertThat(summary(TrecEval.evaluate(qrelsFile, run, option("success.1,5", 2))))
                        .as("seed %d round %d system %s", seed, round, system)
                        .containsEntry("success_1", m.mean().get("success_1"))
                        .containsEntry("success_5", m.mean().get("success_5"));
            }
        }
    }

    private static TrecEvalOptions option(String measure, int level) {
        return new TrecEvalOptions(List.of(measure), false, true, Integer.MAX_VALUE, level);
    }

    private static Map<String, Double> summary(List<String> lines) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String line : lines) {
            String[] f = line.split("\t");
            out.put(f[0].strip(), Double.parseDouble(f[2]));
        }
        return out;
    }
}
