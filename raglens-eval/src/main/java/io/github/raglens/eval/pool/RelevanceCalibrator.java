package io.github.raglens.eval.pool;

import static io.github.raglens.result.Calibration.MIN_DRAWN_LABELS;

import io.github.raglens.eval.scoring.LabelDrawer;
import io.github.raglens.eval.stats.PredictionPoweredInference;
import io.github.raglens.eval.stats.WeightedKappa;
import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.LabelDraw;
import io.github.raglens.model.PassageLabel;
import io.github.raglens.result.Calibration.PredictionPoweredMean;
import io.github.raglens.result.RelevanceCalibration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Calibrates judged relevance against people's grades of pooled passages: draws the passages the
 * judge graded for people to grade (uniformly, seeded), and from their grades gives the judge–human
 * weighted kappa and each system's prediction-powered precision@K (see {@link RelevanceCalibration}
 * for why only precision, and why linear weights). Stateless and thread-safe.
 */
public final class RelevanceCalibrator {

    private RelevanceCalibrator() {}

    /**
     * Draws graded passages for people to grade: every passage the judge graded (not those the
     * evidence rule made grade 3) in one seeded random order, whose first {@code count} are a uniform
     * sample.
     *
     * @param passages the graded pool, {@link JudgedPassages#read}
     * @param count how many to draw, at least 1
     * @param seed the seed of the random order
     * @return the drawn passages in the order to grade them
     * @throws IllegalArgumentException if {@code count} is below 1, or the judge graded no passage
     */
    public static List<LabelDrawer.Drawn<JudgedPassages.Entry>> draw(
            List<JudgedPassages.Entry> passages, int count, long seed) {
        List<JudgedPassages.Entry> population =
                passages.stream().filter(e -> !e.byEvidence()).toList();
        if (population.isEmpty()) {
            throw new IllegalArgumentException("the judge graded no pooled passage yet; run raglens benchmark"
                    + " --relevance judged (or with --judge-only) first");
        }
        JudgedPassages.Entry first = population.getFirst();
        return LabelDrawer.draw(
                Map.of("", population),
                Comparator.comparing(JudgedPassages.Entry::queryId).thenComparing(JudgedPassages.Entry::passage),
                count,
                LabelDesign.UNIFORM,
                seed,
                first.version(),
                first.judgeModel());
    }

    /**
     * The judge's grades of a pool checked against people's.
     *
     * @param pool the pool, with every system's ranking over its passages
     * @param qrels the judge's grades (the evidence rule's 3s included), per query id, per passage id
     * @param labels people's grades
     * @param version the grading prompt's version
     * @param judgeModel the judge model
     * @param k the cut-off of the corrected precision, at most the pool's depth
     * @param seed the seed of the kappa's bootstrap
     * @return the calibration; {@link RelevanceCalibration#NONE} without labels
     */
    public static RelevanceCalibration calibrate(
            Pool pool,
            Map<String, Map<String, Integer>> qrels,
            List<PassageLabel> labels,
            String version,
            String judgeModel,
            int k,
            long seed) {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(judgeModel, "judgeModel");
        if (labels.isEmpty()) {
            return RelevanceCalibration.NONE;
        }
        if (k < 1 || k > pool.depth()) {
            throw new IllegalArgumentException("k must be in [1, " + pool.depth() + "], was " + k);
        }
        List<String> queries = qrels.entrySet().stream()
                .filter(q -> !q.getValue().isEmpty())
                .map(Map.Entry::getKey)
                .toList();
        Population population = population(pool, qrels, queries);
        List<int[]> compared = new ArrayList<>();
        Map<Pair, Integer> drawn = new HashMap<>();
        int agreementOnly = 0;
        int stale = 0;
        for (PassageLabel l : labels) {
            Pair pair = new Pair(l.queryId(), l.passage());
            Integer judged = population.judged.get(pair);
            if (judged == null || !(l.inputs().isEmpty() || l.inputs().equals(population.inputs.get(pair)))) {
                stale++;
                continue;
            }
            compared.add(new int[] {judged, l.grade()});
            if (sampled(l.draw(), version, judgeModel, population.judged.size())) {
                drawn.put(pair, l.grade());
            } else {
                agreementOnly++;
            }
        }
        WeightedKappa.Result kappa = WeightedKappa.withInterval(
                compared.stream().mapToInt(g -> g[0]).toArray(),
                compared.stream().mapToInt(g -> g[1]).toArray(),
                PassageLabel.MAX_GRADE,
                MIN_DRAWN_LABELS,
                seed);
        Map<String, RelevanceCalibration.Estimate> byRetriever = new LinkedHashMap<>();
        if (drawn.size() >= MIN_DRAWN_LABELS) {
            for (String system : pool.systems()) {
                byRetriever.put(system, precision(pool, system, queries, population, drawn, k));
            }
        }
        return new RelevanceCalibration(
                "precision@" + k,
                compared.size(),
                kappa.kappa(),
                kappa.lower(),
                kappa.upper(),
                byRetriever,
                drawn.size(),
                agreementOnly,
                stale);
    }

    /**
     * Whether a label's draw makes it part of the uniform sample of this pool: drawn uniformly for
     * this judge and prompt version from a population of this size (a pool that grew since, say by a
     * new retriever, is another population, which the earlier sample does not represent).
     */
    private static boolean sampled(Optional<LabelDraw> draw, String version, String judgeModel, int population) {
        return draw.filter(d -> d.design() == LabelDesign.UNIFORM
                        && d.version().equals(version)
                        && d.judgeModel().equals(judgeModel)
                        && d.population() == population)
                .isPresent();
    }

    /**
     * A system's precision@k, the judge's and corrected: with Q questions, {@code (E + Σ w·rel) / (Q·k)}
     * where E counts its top-k passages holding the evidence and the sum runs over the M passages the
     * judge graded ({@code w} 1 when the passage is in the system's top k). The sum is M times the
     * mean of {@code w·rel} over those passages, which prediction-powered inference estimates from the
     * drawn labels; the estimate and its interval are carried over by that linear map.
     */
    private static RelevanceCalibration.Estimate precision(
            Pool pool, String system, List<String> queries, Population population, Map<Pair, Integer> drawn, int k) {
        Set<Pair> top = new HashSet<>();
        pool.run(system)
                .forEach((qid, ids) ->
                        ids.subList(0, Math.min(k, ids.size())).forEach(id -> top.add(new Pair(qid, id.id()))));
        long evidence = population.evidence.stream().filter(top::contains).count();
        List<Double> unlabelled = new ArrayList<>();
        List<Double> labelledJudge = new ArrayList<>();
        List<Double> labelledHuman = new ArrayList<>();
        double judgeSum = 0;
        for (var e : population.judged.entrySet()) {
            boolean in = top.contains(e.getKey());
            double judge = in && e.getValue() >= JudgedMeasures.RELEVANT_GRADE ? 1 : 0;
            judgeSum += judge;
            Integer human = drawn.get(e.getKey());
            if (human == null) {
                unlabelled.add(judge);
            } else {
                labelledJudge.add(judge);
                labelledHuman.add(in && human >= JudgedMeasures.RELEVANT_GRADE ? 1.0 : 0.0);
            }
        }
        PredictionPoweredMean mean = PredictionPoweredInference.estimate(
                unlabelled.stream().mapToDouble(Double::doubleValue).toArray(),
                labelledJudge.stream().mapToDouble(Double::doubleValue).toArray(),
                labelledHuman.stream().mapToDouble(Double::doubleValue).toArray());
        double perSlot = 1.0 / ((double) queries.size() * k);
        double scale = population.judged.size() * perSlot;
        double base = evidence * perSlot;
        return new RelevanceCalibration.Estimate(
                base + judgeSum * perSlot,
                base + scale * mean.estimate(),
                base + scale * mean.lower(),
                base + scale * mean.upper(),
                mean.labelled(),
                mean.constantResiduals());
    }

    private record Pair(String queryId, String passage) {}

    /**
     * The graded passages of the questions with a grade: those the judge graded with their grades and
     * the hash of what it saw, and those the evidence rule graded.
     */
    private record Population(Map<Pair, Integer> judged, Map<Pair, String> inputs, Set<Pair> evidence) {}

    private static Population population(Pool pool, Map<String, Map<String, Integer>> qrels, List<String> queries) {
        Map<String, String> questions = new HashMap<>();
        pool.questions().forEach(q -> questions.put(q.queryId(), q.question()));
        Map<Pair, Integer> judged = new LinkedHashMap<>();
        Map<Pair, String> inputs = new HashMap<>();
        Set<Pair> evidence = new HashSet<>();
        for (String qid : queries) {
            Map<String, Integer> grades = qrels.get(qid);
            for (PooledPassage p : pool.passages(qid)) {
                Integer grade = grades.get(p.id());
                Pair pair = new Pair(qid, p.id());
                if (grade == null) {
                    continue;
                }
                if (p.holdsEvidence()) {
                    evidence.add(pair);
                } else {
                    judged.put(pair, grade);
                    inputs.put(pair, JudgedPassages.inputsOf(questions.get(qid), p.text()));
                }
            }
        }
        return new Population(judged, inputs, evidence);
    }
}
