package io.github.raglens.eval.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.eval.scoring.ScoreRecord;
import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.Judgement;
import io.github.raglens.result.ScoringSummary;
import io.github.raglens.spi.Judge;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.testkit.ScriptedLlm;
import io.github.raglens.testkit.SimulatedJudge;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Metrics#ragasCompatible} against the default metrics: what each mode computes, and how far
 * their scores differ on the same cells — measured on two scripted judges (the content-reading
 * {@link LexicalJudge} and the hashing {@link SimulatedJudge}, whose replies raglens-junit records
 * and replays) and printed per metric with the calls per cell of each mode.
 */
class RagasCompatibleModeTest {

    static final long SEED = Long.getLong("raglens.seed", 42L);
    static final int QUESTIONS = 40;
    static final int RETRIEVERS = 3;
    static final int K = 5;

    @TempDir
    Path dir;

    private static final String[] SUBJECTS = {
        "turbine", "gearbox", "rotor", "blade", "tower", "nacelle", "generator", "inverter", "cable", "anchor"
    };
    private static final String[] VERBS = {"stops", "cools", "drives", "feeds", "locks", "bends", "shields", "tilts"};
    private static final String[] OBJECTS = {
        "shaft", "brake", "grid", "sensor", "housing", "bearing", "yaw", "pitch", "foundation", "transformer"
    };

    private static String fact(Random rnd) {
        return "The " + SUBJECTS[rnd.nextInt(SUBJECTS.length)] + " " + VERBS[rnd.nextInt(VERBS.length)] + " the "
                + OBJECTS[rnd.nextInt(OBJECTS.length)];
    }

    /** One or two facts joined in a sentence. */
    private static String sentence(List<String> facts) {
        return String.join(", and ", facts) + ".";
    }

    /**
     * Questions whose reference holds three or four facts in two sentences; each retriever's five
     * contexts hold some of them among distractors, and its answer repeats some of what it found and
     * adds a fact of its own.
     */
    static List<EvalCase> cases(long seed) {
        Random rnd = new Random(seed);
        List<EvalCase> out = new ArrayList<>();
        for (int q = 0; q < QUESTIONS; q++) {
            List<String> facts = new ArrayList<>();
            for (int i = 0; i < 3 + rnd.nextInt(2); i++) {
                facts.add(fact(rnd));
            }
            String reference = sentence(facts.subList(0, 2)) + " " + sentence(facts.subList(2, facts.size()));
            for (int r = 0; r < RETRIEVERS; r++) {
                List<String> contexts = new ArrayList<>();
                List<String> found = new ArrayList<>();
                for (int i = 0; i < K; i++) {
                    String a = fact(rnd);
                    if (rnd.nextInt(3) == 0) {
                        a = facts.get(rnd.nextInt(facts.size()));
                        found.add(a);
                    }
                    contexts.add(a + ". " + fact(rnd) + ".");
                }
                List<String> said = new ArrayList<>(found.subList(0, Math.min(found.size(), 2)));
                said.add(fact(rnd));
                String answer = said.size() > 2
                        ? sentence(said.subList(0, 2)) + " " + sentence(said.subList(2, said.size()))
                        : sentence(said);
                out.add(new EvalCase(
                        "r" + r, "q" + q, "What does part " + q + " do?", answer, contexts, reference, List.of()));
            }
        }
        return out;
    }

    /** Per metric: mean absolute difference, cells compared, cells that differ; and calls per cell. */
    record Difference(Map<String, double[]> byMetric, double callsPerCellDefault, double callsPerCellRagas) {

        String describe(String judge) {
            StringBuilder sb = new StringBuilder(String.format(
                    Locale.ROOT,
                    "%s judge, %d cells (%d questions x %d retrievers, K=%d): calls per cell default %.2f,"
                            + " ragas-compatible %.2f%n",
                    judge,
                    QUESTIONS * RETRIEVERS,
                    QUESTIONS,
                    RETRIEVERS,
                    K,
                    callsPerCellDefault,
                    callsPerCellRagas));
            byMetric.forEach((m, d) -> sb.append(String.format(
                    Locale.ROOT,
                    "  %-20s mean |default - ragas| %.4f (max %.4f), %d of %d cells differ%n",
                    m,
                    d[0],
                    d[3],
                    (long) d[2],
                    (long) d[1])));
            return sb.toString();
        }
    }

    private Difference measure(String name, Supplier<LlmProvider> judge, List<EvalCase> cases) {
        Map<String, Map<String, Double>> scores = new HashMap<>();
        double[] callsPerCell = new double[2];
        for (int mode = 0; mode < 2; mode++) {
            CountingLlm counting = new CountingLlm(judge.get());
            Path ws = dir.resolve(name + "-" + mode);
            try (JudgeSession s = JudgeSession.builder(counting).concurrency(4).build()) {
                List<Judge> metrics = mode == 0
                        ? Metrics.create(JudgeMetric.defaults(), s)
                        : Metrics.ragasCompatible(JudgeMetric.defaults(), s);
                ScoringSummary summary = Scorer.builder(ws.resolve("scores.jsonl"))
                        .session(s)
                        .metrics(metrics)
                        .build()
                        .score(cases)
                        .summary();
                assertThat(summary.failed()).as("failed cells in mode " + mode).isZero();
            }
            callsPerCell[mode] = (double) counting.calls() / cases.size();
            for (ScoreRecord r : Scorer.read(ws.resolve("scores.jsonl"))) {
                scores.computeIfAbsent(mode + "|" + r.metric(), x -> new HashMap<>())
                        .put(r.retriever() + "/" + r.questionId(), r.score());
            }
        }
        Map<String, double[]> byMetric = new LinkedHashMap<>();
        for (JudgeMetric m : JudgeMetric.defaults()) {
            String metric = m.label();
            Map<String, Double> a = scores.get("0|" + metric);
            Map<String, Double> b = scores.get("1|" + metric);
            double sum = 0;
            double max = 0;
            int n = 0;
            int differ = 0;
            for (var e : a.entrySet()) {
                Double other = b.get(e.getKey());
                if (other != null) {
                    double d = Math.abs(e.getValue() - other);
                    sum += d;
                    max = Math.max(max, d);
                    n++;
                    differ += d > 1e-12 ? 1 : 0;
                }
            }
            byMetric.put(metric, new double[] {sum / n, n, differ, max});
        }
        return new Difference(byMetric, callsPerCell[0], callsPerCell[1]);
    }

    @Test
    void lexicalJudge_modesDifferOnlyWhereTheAlgorithmsDo() {
        Difference d = measure("lexical", LexicalJudge::new, cases(SEED));
        System.out.print(d.describe("lexical") + "  (seed " + SEED + ", -Draglens.seed to change)\n");
        String seed = "seed " + SEED + " (rerun with -Draglens.seed=" + SEED + ")";
        // The judge's verdicts depend on the item and its premise only: faithfulness's verdicts are the
        // same with or without the reference's statements in the call, context precision's the same in
        // one call or one per context.
        assertThat(d.byMetric().get(JudgeMetric.FAITHFULNESS.label())[0])
                .as(seed)
                .isZero();
        assertThat(d.byMetric().get(JudgeMetric.CONTEXT_PRECISION.label())[0])
                .as(seed)
                .isZero();
        // The same claims either way: only the rounding to 2 decimals differs.
        assertThat(d.byMetric().get(JudgeMetric.FACTUAL_CORRECTNESS.label())[3])
                .as(seed)
                .isLessThanOrEqualTo(0.005 + 1e-12);
        assertThat(d.byMetric().get(JudgeMetric.FACTUAL_CORRECTNESS.label())[2])
                .as(seed)
                .isPositive();
        // Sentences that hold two facts of which the contexts give one count 0 instead of 1/2.
        assertThat(d.byMetric().get(JudgeMetric.CONTEXT_RECALL.label())[0])
                .as(seed)
                .isGreaterThan(0.05);
        // Per cell: faithfulness 2, factual correctness 3 + the reference's claims shared by the
        // retrievers of a question, context precision up to K, context recall 1; default about 5.
        assertThat(d.callsPerCellRagas()).as(seed).isBetween(6.0 + 1.0 / RETRIEVERS, 7.0 + K);
        assertThat(d.callsPerCellDefault()).as(seed).isLessThan(d.callsPerCellRagas() - K + 1);
    }

    @Test
    void simulatedJudge_printsTheDifferencePerMetric() {
        Difference d = measure("simulated", SimulatedJudge::of, cases(SEED));
        System.out.print(d.describe("simulated"));
        for (double[] m : d.byMetric().values()) {
            assertThat(m[1]).as("cells scored in both modes").isEqualTo(QUESTIONS * RETRIEVERS);
        }
        assertThat(d.byMetric().get(JudgeMetric.FAITHFULNESS.label())[0]).isZero();
        assertThat(d.callsPerCellRagas()).isGreaterThan(d.callsPerCellDefault());
    }

    @Test
    void sentenceRecall_countsAReferenceSentenceAsAWhole() {
        LexicalJudge judge = new LexicalJudge();
        try (JudgeSession s = JudgeSession.builder(judge).build()) {
            JudgeInput in = new JudgeInput(
                    "What stops the shaft?",
                    "The brake stops the shaft.",
                    List.of("The brake stops the shaft."),
                    "The brake stops the shaft, and the sensor locks the housing. The rotor drives the generator.");
            Judge ragas = Metrics.ragasCompatible(List.of(JudgeMetric.CONTEXT_RECALL), s)
                    .getFirst();
            Judge atomic =
                    Metrics.create(List.of(JudgeMetric.CONTEXT_RECALL), s).getFirst();
            assertThat(((Judgement.Scored) ragas.judge(in)).score()).isZero();
            assertThat(((Judgement.Scored) atomic.judge(in)).score()).isCloseTo(1.0 / 3, within(1e-12));
            assertThat(ragas.version()).startsWith("sentences+support@").isNotEqualTo(atomic.version());
        }
    }

    @Test
    void ragasFactualCorrectness_roundsAndDecomposesWithoutTheQuestion() {
        ScriptedLlm judge = ScriptedLlm.of("fake/judge")
                .on("statements", "Decompose the TEXT", "{\"statements\":[\"a\",\"b\",\"c\"]}")
                .on(
                        "verdicts",
                        "REFERENCE below",
                        "{\"verdicts\":[{\"index\":1,\"reason\":\"r\",\"verdict\":1},"
                                + "{\"index\":2,\"reason\":\"r\",\"verdict\":1},{\"index\":3,\"reason\":\"r\",\"verdict\":0}]}")
                .on(
                        "verdicts",
                        "ANSWER below",
                        "{\"verdicts\":[{\"index\":1,\"reason\":\"r\",\"verdict\":1},"
                                + "{\"index\":2,\"reason\":\"r\",\"verdict\":0},{\"index\":3,\"reason\":\"r\",\"verdict\":0}]}");
        try (JudgeSession s = JudgeSession.builder(judge).build()) {
            Judge fc = Metrics.ragasCompatible(List.of(JudgeMetric.FACTUAL_CORRECTNESS), s)
                    .getFirst();
            Judgement j = fc.judge(new JudgeInput("Why?", "answer text", List.of("c"), "reference text"));
            // TP=2 FP=1 FN=2: precision 2/3, recall 1/2, F1 0.5714… rounded as RAGAS rounds
            assertThat(((Judgement.Scored) j).score()).isEqualTo(0.57);
            assertThat(judge.requests())
                    .allSatisfy(r -> assertThat(ScriptedLlm.prompt(r)).doesNotContain("QUESTION"));
            assertThat(fc.version()).startsWith("claims@").contains("+f1+ragas+");
        }
    }

    @Test
    void ragasCompatible_judgesContextPrecisionPerContext_andFaithfulnessAlone() {
        try (JudgeSession s = JudgeSession.builder(new LexicalJudge()).build()) {
            List<Judge> metrics = Metrics.ragasCompatible(JudgeMetric.defaults(), s);
            assertThat(metrics)
                    .extracting(Judge::metric)
                    .containsExactlyElementsOf(JudgeMetric.defaults().stream()
                            .map(JudgeMetric::label)
                            .toList());
            assertThat(((ContextPrecision) metrics.get(2)).mode()).isEqualTo(ContextPrecision.Mode.PER_CONTEXT);
            assertThat(((StatementSupport) metrics.get(0)).support().batchesBothSides())
                    .isFalse();
            assertThat(((StatementSupport)
                                    Metrics.create(JudgeMetric.defaults(), s).get(0))
                            .support()
                            .batchesBothSides())
                    .isTrue();
        }
    }

    /**
     * A judge sensitive to what shares a call: an answer statement judged beside the reference's is
     * supported, judged alone it is not. The default mode's faithfulness (one verdict call for both
     * sides) and the RAGAS-compatible one (the answer's statements alone) are two computations, and a
     * workspace that has scored one must score the other as a fresh workspace does.
     */
    private static ScriptedLlm sensitiveToWhatSharesTheCall() {
        return ScriptedLlm.of("fake/judge")
                .on("statements", "TEXT:\nANS", "{\"statements\":[\"a1\",\"a2\"]}")
                .on("statements", "TEXT:\nREF", "{\"statements\":[\"r1\"]}")
                .on("verdicts", "[1] a1\n[2] a2\n[3] r1\n", JudgeReplies.verdicts(1, 1, 1))
                .on("verdicts", "[1] a1\n[2] a2\n", JudgeReplies.verdicts(0, 0))
                .on("verdicts", "[1] REF", JudgeReplies.verdicts(1));
    }

    private static double faithfulness(Path scores, List<JudgeMetric> metricNames, boolean ragas) {
        EvalCase cell = new EvalCase("bm25", "q1", "Why?", "ANS a1. a2.", List.of("a context"), "REF r1.", List.of());
        try (JudgeSession s =
                JudgeSession.builder(sensitiveToWhatSharesTheCall()).build()) {
            List<Judge> metrics = ragas ? Metrics.ragasCompatible(metricNames, s) : Metrics.create(metricNames, s);
            Scorer.builder(scores).session(s).metrics(metrics).build().score(List.of(cell));
            String version = metrics.stream()
                    .filter(m -> m.metric().equals(JudgeMetric.FAITHFULNESS.label()))
                    .findFirst()
                    .orElseThrow()
                    .version();
            return Scorer.read(scores).stream()
                    .filter(r -> r.metric().equals(JudgeMetric.FAITHFULNESS.label())
                            && r.promptVersion().equals(version))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no faithfulness score under version " + version))
                    .score();
        }
    }

    @Test
    void faithfulness_ofEachMode_hasAVersionOfItsOwn_soAWorkspaceScoresEachModeAsAFreshOneDoes() {
        List<JudgeMetric> both = List.of(JudgeMetric.FAITHFULNESS, JudgeMetric.CONTEXT_RECALL);
        Path workspace = dir.resolve("workspace/scores.jsonl");
        double byDefault = faithfulness(workspace, both, false);
        double ragasAfterDefault = faithfulness(workspace, both, true);
        double ragasFresh = faithfulness(dir.resolve("fresh/scores.jsonl"), both, true);
        assertThat(byDefault).isEqualTo(1.0);
        assertThat(ragasFresh).isZero();
        assertThat(ragasAfterDefault).isEqualTo(ragasFresh);
    }

    @Test
    void faithfulness_judgedAlone_isOneComputationInBothModes_andSharesItsVersion() {
        try (JudgeSession s = JudgeSession.builder(new LexicalJudge()).build()) {
            List<JudgeMetric> alone = List.of(JudgeMetric.FAITHFULNESS);
            assertThat(Metrics.create(alone, s).getFirst().version())
                    .isEqualTo(Metrics.ragasCompatible(alone, s).getFirst().version());
            assertThat(Metrics.create(JudgeMetric.defaults(), s).getFirst().version())
                    .isNotEqualTo(Metrics.ragasCompatible(JudgeMetric.defaults(), s)
                            .getFirst()
                            .version());
        }
    }

    /** Counts the calls that reach a judge. */
    private static final class CountingLlm implements LlmProvider {
        private final LlmProvider delegate;
        private final AtomicInteger calls = new AtomicInteger();

        CountingLlm(LlmProvider delegate) {
            this.delegate = delegate;
        }

        int calls() {
            return calls.get();
        }

        @Override
        public String modelName() {
            return delegate.modelName();
        }

        @Override
        public ChatOutcome chat(ChatRequest request) {
            calls.incrementAndGet();
            return delegate.chat(request);
        }
    }
}
