package io.github.raglens.eval.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.eval.judge.PassageGrader;
import io.github.raglens.eval.scoring.LabelDrawer;
import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.LabelDraw;
import io.github.raglens.model.PassageLabel;
import io.github.raglens.result.RelevanceCalibration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Calibration of judged relevance against people's grades: the judge's precision is the judged
 * table's, labels are sorted into drawn, agreement-only and stale, and the prediction-powered
 * precision covers the people's precision where the judge's own is biased (seeded simulation).
 */
class RelevanceCalibratorTest {

    private static final String MODEL = "fake/judge";
    private static final String VERSION = PassageGrader.VERSION;
    private static final int QUESTIONS = 40;
    private static final int CANDIDATES = 15;
    private static final int K = 10;
    private static final List<String> SYSTEMS = List.of("bm25", "dense", "hybrid");

    /**
     * A pooled world: per question {@value #CANDIDATES} passages (the first holds the evidence), each
     * system ranking {@value #K} of them; people's grades drawn at random, and a lenient judge that
     * grades up half of the passages people call "on the topic" (1 → 2), a third of the unrelated ones
     * (0 → 1) and a third of the partial answers (2 → 3).
     */
    private record World(
            Pool pool,
            Map<String, Map<String, Integer>> judge,
            Map<String, Map<String, Integer>> human,
            List<JudgedPassages.Entry> entries) {

        static World make(Random random) {
            List<PoolQuestion> questions = new ArrayList<>();
            Map<String, Map<String, List<PoolHit>>> rankings = new LinkedHashMap<>();
            SYSTEMS.forEach(s -> rankings.put(s, new LinkedHashMap<>()));
            Map<String, Map<String, Integer>> judge = new LinkedHashMap<>();
            Map<String, Map<String, Integer>> human = new LinkedHashMap<>();
            for (int q = 0; q < QUESTIONS; q++) {
                String qid = "q" + q;
                String quote = "the evidence sentence of question " + q + " stands here";
                questions.add(new PoolQuestion(qid, "question " + q + "?", List.of(quote)));
                List<PoolHit> candidates = new ArrayList<>();
                Map<String, Integer> j = new LinkedHashMap<>();
                Map<String, Integer> h = new LinkedHashMap<>();
                for (int p = 0; p < CANDIDATES; p++) {
                    String id = qid + "-p" + p;
                    candidates.add(
                            new PoolHit(id, p == 0 ? "Before. " + quote + ". After." : "passage " + p + " of " + qid));
                    int grade = p == 0 ? 3 : humanGrade(random);
                    h.put(id, grade);
                    j.put(id, p == 0 ? 3 : lenient(grade, random));
                }
                judge.put(qid, j);
                human.put(qid, h);
                for (String s : SYSTEMS) {
                    List<PoolHit> order = new ArrayList<>(candidates);
                    Collections.shuffle(order, random);
                    rankings.get(s).put(qid, List.copyOf(order.subList(0, K)));
                }
            }
            Pool pool = Pool.of(questions, rankings, K);
            // only the pooled passages carry grades, as after grading
            Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
            Map<String, Map<String, Integer>> truth = new LinkedHashMap<>();
            for (PoolQuestion q : questions) {
                Map<String, Integer> jq = new LinkedHashMap<>();
                Map<String, Integer> hq = new LinkedHashMap<>();
                for (PooledPassage p : pool.passages(q.queryId())) {
                    jq.put(p.id(), judge.get(q.queryId()).get(p.id()));
                    hq.put(p.id(), human.get(q.queryId()).get(p.id()));
                }
                qrels.put(q.queryId(), jq);
                truth.put(q.queryId(), hq);
            }
            return new World(pool, qrels, truth, JudgedPassages.entries(pool, qrels, MODEL, VERSION));
        }

        private static int humanGrade(Random random) {
            double u = random.nextDouble();
            return u < 0.4 ? 0 : u < 0.7 ? 1 : u < 0.85 ? 2 : 3;
        }

        private static int lenient(int grade, Random random) {
            return switch (grade) {
                case 0 -> random.nextDouble() < 1 / 3.0 ? 1 : 0;
                case 1 -> random.nextDouble() < 0.5 ? 2 : 1;
                case 2 -> random.nextDouble() < 1 / 3.0 ? 3 : 2;
                default -> grade;
            };
        }

        /** People's grades of the first {@code n} passages of a draw. */
        List<PassageLabel> labels(int n, long seed) {
            List<PassageLabel> out = new ArrayList<>();
            for (LabelDrawer.Drawn<JudgedPassages.Entry> d : RelevanceCalibrator.draw(entries, n, seed)) {
                JudgedPassages.Entry e = d.item();
                out.add(new PassageLabel(
                        e.queryId(),
                        e.passage(),
                        human.get(e.queryId()).get(e.passage()),
                        "",
                        "",
                        e.inputs(),
                        Optional.of(d.draw())));
            }
            return out;
        }

        /** A system's precision@K by people's grades: the figure calibration estimates. */
        double truePrecision(String system) {
            JudgedMeasures m = JudgedMeasures.of(pool, human, system, K);
            return m.mean().get("P_" + K);
        }
    }

    @Test
    void judgesPrecision_isTheJudgedTablesPrecision_asTrecEvalComputesIt() {
        World w = World.make(new Random(37));
        RelevanceCalibration c =
                RelevanceCalibrator.calibrate(w.pool(), w.judge(), w.labels(20, 1), VERSION, MODEL, K, 42);
        assertThat(c.metric()).isEqualTo("precision@10");
        assertThat(c.byRetriever()).containsOnlyKeys(SYSTEMS);
        for (String s : SYSTEMS) {
            double trec = JudgedMeasures.of(w.pool(), w.judge(), s, K).mean().get("P_" + K);
            assertThat(c.byRetriever().get(s).judged()).isCloseTo(trec, within(1e-12));
        }
    }

    @Test
    void labelsOfEveryPassage_giveThePeoplesPrecisionExactly() {
        World w = World.make(new Random(38));
        int all = (int) w.entries().stream().filter(e -> !e.byEvidence()).count();
        RelevanceCalibration c =
                RelevanceCalibrator.calibrate(w.pool(), w.judge(), w.labels(all, 5), VERSION, MODEL, K, 42);
        for (String s : SYSTEMS) {
            assertThat(c.byRetriever().get(s).estimate()).isCloseTo(w.truePrecision(s), within(1e-12));
        }
        assertThat(c.drawnLabels()).isEqualTo(all);
    }

    @Test
    void labels_areSortedIntoDrawnAgreementOnlyAndStale_andTooFewDrawnGiveNoEstimate() {
        World w = World.make(new Random(39));
        List<PassageLabel> drawn = w.labels(9, 3);
        List<PassageLabel> labels = new ArrayList<>(drawn);
        PassageLabel first = drawn.getFirst();
        LabelDraw d = first.draw().orElseThrow();
        // picked by hand; drawn for another judge; drawn from a pool of another size: agreement only
        JudgedPassages.Entry other = w.entries().stream()
                .filter(e -> !e.byEvidence()
                        && drawn.stream().noneMatch(l -> l.passage().equals(e.passage())))
                .findFirst()
                .orElseThrow();
        labels.add(new PassageLabel(other.queryId(), other.passage(), 2, "", "", "", Optional.empty()));
        labels.add(new PassageLabel(
                other.queryId(),
                other.passage() + "x",
                2,
                "",
                "",
                "",
                Optional.of(new LabelDraw(LabelDesign.UNIFORM, 3, 1, "", 5, VERSION, "another/judge"))));
        // a passage not in the pool, one whose text changed, one holding the evidence: stale
        labels.add(new PassageLabel("q0", "nowhere", 1, "", "", "", Optional.of(d)));
        labels.add(new PassageLabel(first.queryId(), first.passage() + "?", 1, "", "", "", Optional.of(d)));
        labels.add(new PassageLabel("q1", "q1-p0", 3, "", "", "", Optional.of(d)));
        JudgedPassages.Entry changed = w.entries().stream()
                .filter(e -> !e.byEvidence() && !e.passage().equals(other.passage()))
                .reduce((a, b) -> b)
                .orElseThrow();
        labels.add(new PassageLabel(changed.queryId(), changed.passage(), 1, "", "", "0000", Optional.of(d)));

        RelevanceCalibration c = RelevanceCalibrator.calibrate(w.pool(), w.judge(), labels, VERSION, MODEL, K, 42);

        assertThat(c.drawnLabels()).isEqualTo(9);
        assertThat(c.agreementOnlyLabels()).isEqualTo(1);
        assertThat(c.staleLabels()).isEqualTo(5);
        assertThat(c.compared()).isEqualTo(10);
        assertThat(c.byRetriever()).isEmpty();
        assertThat(c.kappaLower()).isPresent();
        assertThat(c.describe())
                .contains("9 drawn passages graded, 10 needed for corrected estimates; draw and grade 1 more (raglens"
                        + " label-sample --metric relevance, or the studio's labelling page).");
    }

    @Test
    void drawnLabels_ofAPoolThatGrewSinceTheDraw_countForAgreementOnly() {
        World w = World.make(new Random(40));
        List<PassageLabel> labels = new ArrayList<>();
        for (PassageLabel l : w.labels(12, 9)) {
            LabelDraw d = l.draw().orElseThrow();
            labels.add(new PassageLabel(
                    l.queryId(),
                    l.passage(),
                    l.grade(),
                    "",
                    "",
                    l.inputs(),
                    Optional.of(new LabelDraw(
                            d.design(),
                            d.seed(),
                            d.position(),
                            "",
                            d.population() + 100,
                            d.version(),
                            d.judgeModel()))));
        }
        RelevanceCalibration c = RelevanceCalibrator.calibrate(w.pool(), w.judge(), labels, VERSION, MODEL, K, 42);
        assertThat(c.drawnLabels()).isZero();
        assertThat(c.agreementOnlyLabels()).isEqualTo(12);
        assertThat(c.byRetriever()).isEmpty();
    }

    /**
     * The brief's proof: with a lenient judge the judge-only precision is biased upwards, and the
     * prediction-powered interval covers people's precision in about 95% of runs, at the minimum of
     * drawn labels and above. Every run draws a new world and a new sample.
     */
    @Test
    void predictionPoweredPrecision_coversPeoplesPrecision_whereTheJudgeAloneIsBiased() {
        long seed = Long.getLong("raglens.seed", 3_700L);
        System.out.println("RelevanceCalibratorTest seed " + seed + " (replay with -Draglens.seed=" + seed + ")");
        Random random = new Random(seed);
        int runs = 400;
        int[] sizes = {10, 40, 150};
        int[] covered = new int[sizes.length];
        double[] error = new double[sizes.length];
        double judgeBias = 0;
        int intervals = 0;
        for (int run = 0; run < runs; run++) {
            World w = World.make(random);
            Map<String, Double> truth = new HashMap<>();
            SYSTEMS.forEach(s -> truth.put(s, w.truePrecision(s)));
            long drawSeed = random.nextLong();
            for (int i = 0; i < sizes.length; i++) {
                RelevanceCalibration c = RelevanceCalibrator.calibrate(
                        w.pool(), w.judge(), w.labels(sizes[i], drawSeed), VERSION, MODEL, K, 42);
                for (String s : SYSTEMS) {
                    RelevanceCalibration.Estimate e = c.byRetriever().get(s);
                    covered[i] += e.contains(truth.get(s)) ? 1 : 0;
                    error[i] += e.estimate() - truth.get(s);
                    if (i == 0) {
                        judgeBias += e.judged() - truth.get(s);
                        intervals++;
                    }
                }
            }
        }
        judgeBias /= intervals;
        StringBuilder report = new StringBuilder(String.format("judge-only bias %+.4f;", judgeBias));
        for (int i = 0; i < sizes.length; i++) {
            report.append(String.format(
                    " n=%d: coverage %.3f, mean error %+.4f;",
                    sizes[i], (double) covered[i] / intervals, error[i] / intervals));
        }
        System.out.println("RelevanceCalibratorTest " + report);
        assertThat(judgeBias).as(report.toString()).isGreaterThan(0.04);
        for (int i = 0; i < sizes.length; i++) {
            assertThat((double) covered[i] / intervals).as(report.toString()).isGreaterThanOrEqualTo(0.93);
            assertThat(Math.abs(error[i] / intervals)).as(report.toString()).isLessThan(judgeBias / 3);
        }
    }
}
