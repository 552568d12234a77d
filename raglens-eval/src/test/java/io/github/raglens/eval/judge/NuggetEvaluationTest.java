package io.github.raglens.eval.judge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.eval.scoring.ScoreRecord;
import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.Judgement;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.result.CostEstimate;
import io.github.raglens.spi.Judge;
import io.github.raglens.testkit.ScriptedLlm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Nugget evaluation: the four scores, nuggets made once per question, and edits that cost one label. */
class NuggetEvaluationTest {

    private static final Pattern ITEM = Pattern.compile("(?m)^\\[(\\d+)] (.*)$");
    private static final List<JudgeMetric> NUGGET_METRICS = List.of(
            JudgeMetric.NUGGETS,
            JudgeMetric.NUGGETS_STRICT_VITAL,
            JudgeMetric.NUGGETS_ALL,
            JudgeMetric.NUGGETS_STRICT_ALL);

    private static final String QUESTION = "When was the turbine built and by whom?";
    private static final String REFERENCE = "Acme built the turbine in 1999 in Delft, with a steel tower.";
    private static final String SOURCE = "The turbine was built by Acme in 1999 in Delft. Its tower is steel.";

    @TempDir
    Path dir;

    /** Nuggets v1, v2 (vital) and o1, o2 (okay), labelled by the answer's words. */
    private static ScriptedLlm judge(Map<String, String> labelByNugget) {
        return ScriptedLlm.of("fake/nuggets")
                .on("nuggets", "", """
                        {"nuggets":[{"text":"Acme built the turbine","importance":"vital"},
                         {"text":"The turbine was built in 1999","importance":"vital"},
                         {"text":"The turbine stands in Delft","importance":"okay"},
                         {"text":"The tower is steel","importance":"okay"}]}""")
                .on("nugget_support", "", request -> labels(request, labelByNugget));
    }

    /** One label per numbered nugget of the prompt, from the map (not_support when absent). */
    private static ChatOutcome labels(ChatRequest request, Map<String, String> labelByNugget) {
        String prompt = ScriptedLlm.prompt(request);
        Matcher m = ITEM.matcher(prompt.substring(prompt.lastIndexOf("NUGGETS:")));
        List<String> out = new ArrayList<>();
        while (m.find()) {
            out.add("{\"index\":" + m.group(1) + ",\"reason\":\"because\",\"label\":\""
                    + labelByNugget.getOrDefault(m.group(2).strip(), "not_support") + "\"}");
        }
        return new ChatOutcome.Completed("{\"labels\":[" + String.join(",", out) + "]}", new TokenUsage(100, 20));
    }

    private static final Map<String, String> MIXED = Map.of(
            "Acme built the turbine", "support",
            "The turbine was built in 1999", "partial_support",
            "The turbine stands in Delft", "partial_support");

    private static JudgeInput cell(String answer) {
        return new JudgeInput(QUESTION, answer, List.of(SOURCE), REFERENCE, List.of(SOURCE));
    }

    private static double score(Judge metric, JudgeInput in) {
        Judgement j = metric.judge(in);
        assertThat(j).isInstanceOf(Judgement.Scored.class);
        return ((Judgement.Scored) j).score();
    }

    @Test
    void fourScores_ofVitalAndOkayNuggets_withPartialSupport_areTheHandComputedOnes() {
        try (JudgeSession s = JudgeSession.builder(judge(MIXED)).build()) {
            List<Judge> metrics = Metrics.create(NUGGET_METRICS, s);
            JudgeInput in = cell("Acme built it, some time in the nineties, near Delft.");
            // vital: support + partial = (1 + 0.5) / 2; strict vital: 1 / 2
            assertThat(score(metrics.get(0), in)).isEqualTo(0.75);
            assertThat(score(metrics.get(1), in)).isEqualTo(0.5);
            // all: (1 + 0.5 + 0.5 + 0) / 4; strict all: 1 / 4
            assertThat(score(metrics.get(2), in)).isEqualTo(0.5);
            assertThat(score(metrics.get(3), in)).isEqualTo(0.25);
        }
    }

    @Test
    void aQuestionWithoutVitalNuggets_failsTheVitalScoresWithItsReason_andScoresTheOthers() {
        ScriptedLlm llm = ScriptedLlm.of("fake/nuggets")
                .on("nuggets", "", """
                        {"nuggets":[{"text":"The tower is steel","importance":"okay"},
                         {"text":"The turbine stands in Delft","importance":"okay"}]}""")
                .on("nugget_support", "", r -> labels(r, Map.of("The tower is steel", "partial_support")));
        try (JudgeSession s = JudgeSession.builder(llm).build()) {
            List<Judge> metrics = Metrics.create(NUGGET_METRICS, s);
            JudgeInput in = cell("A tower of some metal.");
            for (Judge vital : metrics.subList(0, 2)) {
                assertThat(vital.judge(in))
                        .isEqualTo(new Judgement.Failed(
                                "no-vital-nuggets",
                                "none of the question's 2 nuggets is vital, so " + vital.metric()
                                        + " is undefined; see nuggets_all"));
            }
            assertThat(score(metrics.get(2), in)).isEqualTo(0.25);
            assertThat(score(metrics.get(3), in)).isEqualTo(0.0);
        }
    }

    @Test
    void aCellWithNeitherReferenceNorSource_failsWithoutACall() {
        ScriptedLlm llm = judge(MIXED);
        try (JudgeSession s = JudgeSession.builder(llm).build()) {
            Judge nuggets = Metrics.create(List.of(JudgeMetric.NUGGETS), s).get(0);
            assertThat(nuggets.judge(new JudgeInput(QUESTION, "Acme.", List.of(), "", List.of())))
                    .isEqualTo(new Judgement.Failed(
                            "no-reference",
                            "nugget evaluation needs a reference answer or the question's source passage"));
        }
        assertThat(llm.calls()).isZero();
    }

    private static List<EvalCase> threeSystems() {
        List<EvalCase> out = new ArrayList<>();
        for (String system : List.of("bm25", "dense", "my-app")) {
            out.add(new EvalCase(
                    system,
                    "q1",
                    QUESTION,
                    "Answer of " + system + ": Acme built the turbine in Delft.",
                    List.of("context of " + system),
                    REFERENCE,
                    List.of(SOURCE)));
        }
        return out;
    }

    @Test
    void nuggets_areMadeOncePerQuestion_sharedByEverySystemAndScore_andStoredReadable() {
        ScriptedLlm llm = judge(MIXED);
        Path nuggetsFile = dir.resolve("nuggets.jsonl");
        try (JudgeSession s = JudgeSession.builder(llm)
                .nuggets(nuggetsFile, dir.resolve("nugget-assignments.jsonl"))
                .build()) {
            Scorer.builder(dir.resolve("scores.jsonl"))
                    .session(s)
                    .metrics(Metrics.create(NUGGET_METRICS, s))
                    .build()
                    .score(threeSystems());
        }
        assertThat(llm.calls("nuggets")).isEqualTo(1);
        assertThat(llm.calls("nugget_support")).isEqualTo(3);
        List<QuestionNuggets> stored = NuggetBook.read(nuggetsFile);
        assertThat(stored).hasSize(1);
        assertThat(stored.get(0).question()).isEqualTo(QUESTION);
        assertThat(stored.get(0).nuggets())
                .extracting(Nugget::id, Nugget::text, Nugget::importance, Nugget::origin)
                .first()
                .isEqualTo(org.assertj.core.groups.Tuple.tuple(
                        "n1", "Acme built the turbine", Nugget.Importance.VITAL, Nugget.BY_JUDGE));
        assertThat(Scorer.read(dir.resolve("scores.jsonl"))).hasSize(12).allMatch(ScoreRecord::isScored);
    }

    @Test
    void aPersonsEditOfOneNugget_asksOnlyThatNuggetAgain_andRescoresTheCellsThatUsedIt() {
        Map<String, String> labels = new java.util.HashMap<>(MIXED);
        labels.put("Acme built the turbine in Delft", "support");
        ScriptedLlm llm = judge(labels);
        Path nuggetsFile = dir.resolve("nuggets.jsonl");
        Path assignments = dir.resolve("nugget-assignments.jsonl");
        Path scores = dir.resolve("scores.jsonl");
        List<EvalCase> cases = threeSystems();
        try (JudgeSession s =
                JudgeSession.builder(llm).nuggets(nuggetsFile, assignments).build()) {
            Scorer.builder(scores)
                    .session(s)
                    .metrics(Metrics.create(NUGGET_METRICS, s))
                    .build()
                    .score(cases);
        }
        assertThat(llm.calls()).isEqualTo(4);
        double before = scoreOf(scores, "bm25", "nuggets_all");
        assertThat(before).isEqualTo(0.5);

        // a person turns okay nugget n3 into another fact that the answers state in full
        try (NuggetBook book = NuggetBook.open(nuggetsFile, assignments)) {
            QuestionNuggets q = book.all().get(0);
            book.replace(q.edited("n3", "Acme built the turbine in Delft", Nugget.Importance.OKAY));
        }
        try (JudgeSession s =
                JudgeSession.builder(llm).nuggets(nuggetsFile, assignments).build()) {
            var summary = Scorer.builder(scores)
                    .session(s)
                    .metrics(Metrics.create(NUGGET_METRICS, s))
                    .build()
                    .score(cases)
                    .summary();
            assertThat(summary.scored()).isEqualTo(12);
        }
        // one label per answer for the edited nugget alone; the nuggets are not made again
        assertThat(llm.calls()).isEqualTo(7);
        List<ChatRequest> relabels = llm.requests().subList(4, 7);
        for (ChatRequest r : relabels) {
            String nuggets =
                    ScriptedLlm.prompt(r).substring(ScriptedLlm.prompt(r).lastIndexOf("NUGGETS:"));
            assertThat(nuggets).contains("[1] Acme built the turbine in Delft").doesNotContain("[2]");
        }
        // (1 + 0.5 + 1 + 0) / 4
        assertThat(scoreOf(scores, "bm25", "nuggets_all")).isEqualTo(0.625);
        assertThat(NuggetBook.read(nuggetsFile).get(0).nuggets().get(2).origin())
                .isEqualTo(Nugget.BY_PERSON);

        // nothing changed since: a third run sends nothing and keeps every score
        try (JudgeSession s =
                JudgeSession.builder(llm).nuggets(nuggetsFile, assignments).build()) {
            var summary = Scorer.builder(scores)
                    .session(s)
                    .metrics(Metrics.create(NUGGET_METRICS, s))
                    .build()
                    .score(cases)
                    .summary();
            assertThat(summary.alreadyScored()).isEqualTo(12);
        }
        assertThat(llm.calls()).isEqualTo(7);
    }

    private static double scoreOf(Path scores, String system, String metric) {
        return Scorer.read(scores).stream()
                .filter(r -> r.retriever().equals(system) && r.metric().equals(metric))
                .findFirst()
                .orElseThrow()
                .score();
    }

    /**
     * Repeated: the cells of one answer run at once, and one reading the book while another recorded
     * its labels asked for the rest again (a run sent 4 to 5 support calls where the dry run said 3,
     * in 15 of 60 repetitions before each answer's labelling was made exclusive).
     */
    @RepeatedTest(20)
    void theDryRun_countsTheCallsTheRunSends_thenNothing(@TempDir Path dir) {
        ScriptedLlm llm = judge(MIXED);
        try (JudgeSession s = JudgeSession.builder(llm)
                .nuggets(dir.resolve("nuggets.jsonl"), dir.resolve("nugget-assignments.jsonl"))
                .build()) {
            List<Judge> metrics = Metrics.create(NUGGET_METRICS, s);
            Path scores = dir.resolve("scores.jsonl");
            CostEstimate before = CostEstimator.forScoring(threeSystems(), metrics, s, scores);
            Scorer.builder(scores).session(s).metrics(metrics).build().score(threeSystems());
            System.out.println("DEBUG before=" + before.calls() + " nuggets=" + llm.calls("nuggets") + " support="
                    + llm.calls("nugget_support"));
            assertThat(before.calls()).isEqualTo(llm.calls()).isEqualTo(4);
            assertThat(CostEstimator.forScoring(threeSystems(), metrics, s, scores))
                    .isEqualTo(CostEstimate.NONE);
        }
    }

    @Test
    void moreThanTwentyNuggets_isAskedAgainWithTheReason() {
        StringBuilder many = new StringBuilder("{\"nuggets\":[");
        for (int i = 1; i <= 21; i++) {
            many.append(i == 1 ? "" : ",").append("{\"text\":\"fact ").append(i).append("\",\"importance\":\"okay\"}");
        }
        many.append("]}");
        ScriptedLlm llm = ScriptedLlm.of("fake/nuggets")
                .on(
                        "nuggets",
                        "",
                        r -> new ChatOutcome.Completed(
                                r.messages().size() > 2
                                        ? "{\"nuggets\":[{\"text\":\"fact 1\",\"importance\":\"vital\"}]}"
                                        : many.toString(),
                                TokenUsage.NONE))
                .on("nugget_support", "", r -> labels(r, Map.of("fact 1", "support")));
        try (JudgeSession s = JudgeSession.builder(llm).build()) {
            assertThat(score(Metrics.create(List.of(JudgeMetric.NUGGETS), s).get(0), cell("fact 1")))
                    .isEqualTo(1.0);
        }
        assertThat(ScriptedLlm.prompt(llm.requests().get(0))).contains("At most 20 nuggets");
        assertThat(llm.requests().get(1).messages().toString()).contains("the judge gave 21 nuggets; give at most 20");
    }
}
