package io.github.raglens.eval.judge;

import static io.github.raglens.eval.judge.JudgeReplies.statements;
import static io.github.raglens.eval.judge.JudgeReplies.verdict;
import static io.github.raglens.eval.judge.JudgeReplies.verdicts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.Judgement;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.Judge;
import io.github.raglens.testkit.ScriptedLlm;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each judge metric's arithmetic on hand-computed cases, against a scripted fake judge. */
class JudgeMetricsTest {

    static final String Q = "What does the system do?";
    static final String ANSWER = "ANS the system indexes. It ranks. It caches.";
    static final String REFERENCE = "REF the system indexes and ranks.";
    static final List<String> CONTEXTS = List.of("ctx-one text", "ctx-two text", "ctx-three text");

    private static JudgeInput input(List<String> contexts) {
        return new JudgeInput(Q, ANSWER, contexts, REFERENCE);
    }

    private static JudgeSession session(ScriptedLlm llm) {
        return JudgeSession.builder(llm).concurrency(4).build();
    }

    private static double score(Judgement j) {
        assertThat(j).isInstanceOf(Judgement.Scored.class);
        return ((Judgement.Scored) j).score();
    }

    private static Judgement.Failed failed(Judgement j) {
        assertThat(j).isInstanceOf(Judgement.Failed.class);
        return (Judgement.Failed) j;
    }

    @Test
    void faithfulness_twoOfThreeStatementsSupported_scoresTwoThirds_inTwoCalls() {
        ScriptedLlm llm = ScriptedLlm.of("fake/judge")
                .on("statements", "TEXT:\nANS", statements("s1", "s2", "s3"))
                .on("verdicts", "CONTEXT:\nctx-one", verdicts(1, 0, 1));
        Judgement j = StatementSupport.faithfulness(session(llm)).judge(input(CONTEXTS));
        assertThat(score(j)).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(llm.calls()).isEqualTo(2);
        assertThat(((Judgement.Scored) j).explanation()).startsWith("2 of 3 statements supported by the contexts");
    }

    @Test
    void faithfulness_allVerdictsZero_scoresZero() {
        ScriptedLlm llm = ScriptedLlm.of("fake/judge")
                .on("statements", "TEXT:\nANS", statements("s1", "s2"))
                .on("verdicts", "CONTEXT:", verdicts(0, 0));
        assertThat(score(StatementSupport.faithfulness(session(llm)).judge(input(CONTEXTS))))
                .isZero();
    }

    @Test
    void faithfulness_answerWithoutStatements_failsNoStatements_afterOneCall() {
        ScriptedLlm llm = ScriptedLlm.of("fake/judge").on("statements", "TEXT:\nANS", statements());
        Judgement.Failed f = failed(StatementSupport.faithfulness(session(llm)).judge(input(CONTEXTS)));
        assertThat(f.reason()).isEqualTo("no-statements");
        assertThat(f.detail()).isEqualTo("the answer makes no factual statement");
        assertThat(llm.calls()).isEqualTo(1);
    }

    @Test
    void faithfulness_oneContext_isTheWholePremise() {
        ScriptedLlm llm = ScriptedLlm.of("fake/judge")
                .on("statements", "TEXT:\nANS", statements("s1", "s2", "s3", "s4"))
                .on("verdicts", "CONTEXT:\nctx-one text\n\nSTATEMENTS", verdicts(1, 1, 1, 0));
        assertThat(score(StatementSupport.faithfulness(session(llm)).judge(input(List.of("ctx-one text")))))
                .isEqualTo(0.75);
    }

    @Test
    void factualCorrectness_hand_computed_precisionRecallF1() {
        // Answer claims vs reference: 1,1,1,0 -> TP 3, FP 1; reference claims vs answer: 1,0,0 -> FN 2.
        // precision 3/4, recall 3/5, F1 = 2 * 0.75 * 0.6 / 1.35 = 2/3.
        ScriptedLlm llm = ScriptedLlm.of("fake/judge")
                .on("statements", "TEXT:\nANS", statements("a1", "a2", "a3", "a4"))
                .on("statements", "TEXT:\nREF", statements("r1", "r2", "r3"))
                .on("verdicts", "REFERENCE:\nREF", verdicts(1, 1, 1, 0))
                .on("verdicts", "ANSWER:\nANS", verdicts(1, 0, 0));
        JudgeSession s = session(llm);
        assertThat(score(FactualCorrectness.of(s).judge(input(CONTEXTS)))).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(score(FactualCorrectness.of(s, FactualCorrectness.Mode.PRECISION)
                        .judge(input(CONTEXTS))))
                .isEqualTo(0.75);
        assertThat(score(
                        FactualCorrectness.of(s, FactualCorrectness.Mode.RECALL).judge(input(CONTEXTS))))
                .isCloseTo(0.6, within(1e-12));
        assertThat(llm.calls())
                .as("four distinct calls, shared by the three modes")
                .isEqualTo(4);
    }

    @Test
    void factualCorrectness_allVerdictsZero_scoresZero_notNaN() {
        ScriptedLlm llm = ScriptedLlm.of("fake/judge")
                .on("statements", "TEXT:\nANS", statements("a1", "a2"))
                .on("statements", "TEXT:\nREF", statements("r1"))
                .on("verdicts", "REFERENCE:\nREF", verdicts(0, 0))
                .on("verdicts", "ANSWER:\nANS", verdicts(0));
        assertThat(score(FactualCorrectness.of(session(llm)).judge(input(CONTEXTS))))
                .isZero();
    }

    @Test
    void factualCorrectness_answerWithoutClaims_scoresZero_andReferenceWithoutClaims_fails() {
        ScriptedLlm none = ScriptedLlm.of("fake/judge")
                .on("statements", "TEXT:\nANS", statements())
                .on("statements", "TEXT:\nREF", statements("r1"));
        assertThat(score(FactualCorrectness.of(session(none)).judge(input(CONTEXTS))))
                .isZero();
        assertThat(none.calls()).isEqualTo(2);

        ScriptedLlm noRef = ScriptedLlm.of("fake/judge")
                .on("statements", "TEXT:\nANS", statements("a1"))
                .on("statements", "TEXT:\nREF", statements());
        Judgement.Failed f = failed(FactualCorrectness.of(session(noRef)).judge(input(CONTEXTS)));
        assertThat(f.reason()).isEqualTo("no-statements");
        assertThat(f.detail()).isEqualTo("the reference answer makes no factual statement");
    }

    @Test
    void factualCorrectness_arithmetic_emptyDenominatorsGiveZero() {
        assertThat(FactualCorrectness.score(FactualCorrectness.Mode.F1, 0, 0, 0))
                .isZero();
        assertThat(FactualCorrectness.score(FactualCorrectness.Mode.PRECISION, 0, 0, 3))
                .isZero();
        assertThat(FactualCorrectness.score(FactualCorrectness.Mode.RECALL, 2, 5, 0))
                .isEqualTo(1.0);
        assertThat(FactualCorrectness.score(FactualCorrectness.Mode.F1, 1, 1, 3))
                .isCloseTo(1.0 / 3, within(1e-12));
    }

    @Test
    void contextPrecision_perContext_averagePrecisionOfRankedVerdicts_oneCallPerContext() {
        // verdicts 1,0,1,0,1: AP = (1/1 + 2/3 + 3/5) / 3 = 0.755555…
        List<String> five = List.of("c-1", "c-2", "c-3", "c-4", "c-5");
        int[] v = {1, 0, 1, 0, 1};
        ScriptedLlm llm = ScriptedLlm.of("fake/judge");
        for (int i = 0; i < 5; i++) {
            llm.on("usefulness", "CONTEXT:\nc-" + (i + 1), verdict(v[i]));
        }
        Judgement j = ContextPrecision.of(session(llm), ContextPrecision.Mode.PER_CONTEXT)
                .judge(input(five));
        assertThat(score(j)).isCloseTo((1 + 2.0 / 3 + 3.0 / 5) / 3, within(1e-12));
        assertThat(llm.calls("usefulness")).isEqualTo(5);
    }

    @Test
    void contextPrecision_oneCall_isTheDefault_sameScore_inOneCall() {
        List<String> five = List.of("c-1", "c-2", "c-3", "c-4", "c-5");
        ScriptedLlm llm = ScriptedLlm.of("fake/judge").on("verdicts", "CONTEXTS:\n[1] c-1", verdicts(1, 0, 1, 0, 1));
        Judgement j = ContextPrecision.of(session(llm)).judge(input(five));
        assertThat(score(j)).isCloseTo((1 + 2.0 / 3 + 3.0 / 5) / 3, within(1e-12));
        assertThat(llm.calls()).isEqualTo(1);
    }

    @Test
    void contextPrecision_allZero_isZero_andOneContext_isZeroOrOne() {
        assertThat(ContextPrecision.averagePrecision(new int[] {0, 0, 0, 0, 0})).isZero();
        assertThat(ContextPrecision.averagePrecision(new int[] {1})).isEqualTo(1.0);
        assertThat(ContextPrecision.averagePrecision(new int[] {0})).isZero();
        assertThat(ContextPrecision.averagePrecision(new int[] {0, 1})).isEqualTo(0.5);

        ContextPrecision.Mode perContext = ContextPrecision.Mode.PER_CONTEXT;
        ScriptedLlm useless = ScriptedLlm.of("fake/judge").on("usefulness", "CONTEXT:", verdict(0));
        assertThat(score(ContextPrecision.of(session(useless), perContext).judge(input(CONTEXTS))))
                .isZero();
        ScriptedLlm one = ScriptedLlm.of("fake/judge").on("usefulness", "CONTEXT:\nctx-one", verdict(1));
        assertThat(score(ContextPrecision.of(session(one), perContext).judge(input(List.of("ctx-one text")))))
                .isEqualTo(1.0);
        ScriptedLlm oneAll = ScriptedLlm.of("fake/judge").on("verdicts", "CONTEXTS:\n[1] ctx-one", verdicts(1));
        assertThat(score(ContextPrecision.of(session(oneAll)).judge(input(List.of("ctx-one text")))))
                .isEqualTo(1.0);
        ScriptedLlm uselessAll = ScriptedLlm.of("fake/judge").on("verdicts", "CONTEXTS:", verdicts(0, 0, 0));
        assertThat(score(ContextPrecision.of(session(uselessAll)).judge(input(CONTEXTS))))
                .isZero();
    }

    @Test
    void contextRecall_threeOfFourReferenceStatementsAttributed() {
        ScriptedLlm llm = ScriptedLlm.of("fake/judge")
                .on("statements", "TEXT:\nREF", statements("r1", "r2", "r3", "r4"))
                .on("verdicts", "CONTEXT:\nctx-one", verdicts(1, 1, 0, 1));
        assertThat(score(StatementSupport.contextRecall(session(llm)).judge(input(CONTEXTS))))
                .isEqualTo(0.75);
        assertThat(llm.calls()).isEqualTo(2);
    }

    @Test
    void contextRecall_referenceWithoutStatements_fails_andNoContexts_scoresZeroWithoutAVerdictCall() {
        ScriptedLlm llm = ScriptedLlm.of("fake/judge").on("statements", "TEXT:\nREF", statements());
        assertThat(failed(StatementSupport.contextRecall(session(llm)).judge(input(CONTEXTS)))
                        .reason())
                .isEqualTo("no-statements");
        ScriptedLlm two = ScriptedLlm.of("fake/judge").on("statements", "TEXT:\nREF", statements("r1", "r2"));
        assertThat(score(StatementSupport.contextRecall(session(two)).judge(input(List.of()))))
                .isZero();
        assertThat(two.calls()).isEqualTo(1);
    }

    @Test
    void faithfulnessAndContextRecall_fromMetricsCreate_shareOneVerdictCall_answerStatementsFirst() {
        // Answer statements a1..a3 then reference statements r1, r2 in one call: verdicts 1,0,1 | 1,1.
        ScriptedLlm llm = ScriptedLlm.of("fake/judge")
                .on("statements", "TEXT:\nANS", statements("a1", "a2", "a3"))
                .on("statements", "TEXT:\nREF", statements("r1", "r2"))
                .on("verdicts", "STATEMENTS:\n[1] a1\n[2] a2\n[3] a3\n[4] r1\n[5] r2\n", verdicts(1, 0, 1, 1, 1));
        JudgeSession s = session(llm);
        List<Judge> metrics = Metrics.create(List.of(JudgeMetric.CONTEXT_RECALL, JudgeMetric.FAITHFULNESS), s);
        EvalCase c = new EvalCase("r", "q", Q, ANSWER, CONTEXTS, REFERENCE, List.of());
        Judgement recall = metrics.get(0).judge(c.toJudgeInput());
        Judgement faithfulness = metrics.get(1).judge(c.toJudgeInput());
        assertThat(score(faithfulness)).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(((Judgement.Scored) faithfulness).explanation())
                .isEqualTo("2 of 3 statements supported by the contexts\n[1] a1 — r1\n[0] a2 — r2\n[1] a3 — r3");
        assertThat(score(recall)).isEqualTo(1.0);
        assertThat(((Judgement.Scored) recall).explanation())
                .isEqualTo("2 of 2 reference statements found in the contexts\n[1] r1 — r4\n[1] r2 — r5");
        assertThat(llm.calls("statements")).isEqualTo(2);
        assertThat(llm.calls("verdicts"))
                .as("one verdict call for both metrics")
                .isEqualTo(1);
    }

    @Test
    void sharedStep_otherSideFailing_checksTheSideAlone_andFailsOnlyTheOtherMetric() {
        ScriptedLlm llm = ScriptedLlm.of("fake/judge")
                .on("statements", "TEXT:\nANS", statements("a1", "a2"))
                .on(
                        "statements",
                        "TEXT:\nREF",
                        r -> new io.github.raglens.model.ChatOutcome.Completed(
                                "{\"statements\": [\"cut", io.github.raglens.model.TokenUsage.NONE))
                .on("verdicts", "STATEMENTS:\n[1] a1\n[2] a2\n\nReply", verdicts(1, 1));
        JudgeSession s = JudgeSession.builder(llm).retries(0).build();
        List<Judge> metrics = Metrics.create(List.of(JudgeMetric.FAITHFULNESS, JudgeMetric.CONTEXT_RECALL), s);
        EvalCase c = new EvalCase("r", "q", Q, ANSWER, CONTEXTS, REFERENCE, List.of());
        assertThat(score(metrics.get(0).judge(c.toJudgeInput()))).isEqualTo(1.0);
        assertThat(failed(metrics.get(1).judge(c.toJudgeInput())).reason()).isEqualTo("invalid-json");
        assertThat(llm.calls("verdicts")).isEqualTo(1);
    }

    @Test
    void sharedStep_answerWithoutStatements_contextRecallStillScoresAlone() {
        ScriptedLlm llm = ScriptedLlm.of("fake/judge")
                .on("statements", "TEXT:\nANS", statements())
                .on("statements", "TEXT:\nREF", statements("r1", "r2"))
                .on("verdicts", "STATEMENTS:\n[1] r1\n[2] r2\n\nReply", verdicts(0, 1));
        List<Judge> metrics =
                Metrics.create(List.of(JudgeMetric.FAITHFULNESS, JudgeMetric.CONTEXT_RECALL), session(llm));
        EvalCase c = new EvalCase("r", "q", Q, ANSWER, CONTEXTS, REFERENCE, List.of());
        assertThat(failed(metrics.get(0).judge(c.toJudgeInput())).detail())
                .isEqualTo("the answer makes no factual statement");
        assertThat(score(metrics.get(1).judge(c.toJudgeInput()))).isEqualTo(0.5);
        assertThat(llm.calls()).isEqualTo(3);
    }

    @Test
    void metricsWithoutReference_failNoReference_withoutACall() {
        ScriptedLlm llm = ScriptedLlm.of("fake/judge");
        JudgeInput noRef = new JudgeInput(Q, ANSWER, CONTEXTS, "");
        JudgeSession s = session(llm);
        assertThat(failed(StatementSupport.contextRecall(s).judge(noRef)).reason())
                .isEqualTo("no-reference");
        assertThat(failed(ContextPrecision.of(s).judge(noRef)).detail())
                .isEqualTo("context precision needs a reference answer");
        assertThat(failed(FactualCorrectness.of(s).judge(noRef)).reason()).isEqualTo("no-reference");
        assertThat(llm.calls()).isZero();
    }

    /** Embeds by a fixed table; vectors for unknown texts fail the test. */
    record TableEmbeddings(Map<String, float[]> table) implements EmbeddingProvider {
        @Override
        public String modelName() {
            return "fake/embed";
        }

        @Override
        public int dimension() {
            return 2;
        }

        @Override
        public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
            List<float[]> out = new ArrayList<>();
            for (String t : texts) {
                float[] v = table.get(t);
                if (v == null) {
                    throw new AssertionError("no vector for " + t);
                }
                out.add(v.clone());
            }
            return out;
        }
    }

    @Test
    void responseRelevancy_meanCosine_andZeroWhenEveryQuestionIsNoncommittal() {
        // cosines with (1,0): (1,0) -> 1, (0,1) -> 0, (1,1) -> 1/sqrt 2; mean = (1 + 0.7071…) / 3.
        var emb = new TableEmbeddings(Map.of(
                Q, new float[] {1, 0}, "g1", new float[] {1, 0}, "g2", new float[] {0, 1}, "g3", new float[] {1, 1}));
        String reply = "{\"questions\":[{\"question\":\"g1\",\"noncommittal\":0},"
                + "{\"question\":\"g2\",\"noncommittal\":1},{\"question\":\"g3\",\"noncommittal\":0}]}";
        ScriptedLlm llm = ScriptedLlm.of("fake/judge").on("questions", "ANSWER:\nANS", reply);
        JudgeSession s = JudgeSession.builder(llm).embeddings(emb).build();
        assertThat(score(ResponseRelevancy.of(s).judge(input(CONTEXTS))))
                .isCloseTo((1 + 1 / Math.sqrt(2)) / 3, within(1e-6));

        ScriptedLlm evasive = ScriptedLlm.of("fake/judge")
                .on("questions", "ANSWER:", reply.replace("\"noncommittal\":0", "\"noncommittal\":1"));
        JudgeSession s2 = JudgeSession.builder(evasive).embeddings(emb).build();
        assertThat(score(ResponseRelevancy.of(s2).judge(input(CONTEXTS)))).isZero();

        assertThat(failed(ResponseRelevancy.of(session(llm)).judge(input(CONTEXTS)))
                        .reason())
                .isEqualTo("no-embeddings");

        var broken = new TableEmbeddings(Map.of(
                Q, new float[] {1, 0}, "g1", new float[] {Float.NaN, 0}, "g2", new float[] {0, 1}, "g3", new float[] {
                    1, 1
                }));
        JudgeSession s3 = JudgeSession.builder(llm).embeddings(broken).build();
        Judgement.Failed nan = failed(ResponseRelevancy.of(s3).judge(input(CONTEXTS)));
        assertThat(nan.reason()).isEqualTo("provider-error");
        assertThat(nan.detail()).isEqualTo("the embedding provider returned a vector with NaN or infinity");
    }
}
