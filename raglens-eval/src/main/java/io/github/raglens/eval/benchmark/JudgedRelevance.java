package io.github.raglens.eval.benchmark;

import io.github.raglens.error.RagLensException;
import io.github.raglens.eval.judge.PassageGrader;
import io.github.raglens.eval.pool.Grading;
import io.github.raglens.eval.pool.JudgedMeasures;
import io.github.raglens.eval.pool.JudgedPassages;
import io.github.raglens.eval.pool.Pool;
import io.github.raglens.eval.pool.PoolHit;
import io.github.raglens.eval.pool.PoolQuestion;
import io.github.raglens.eval.pool.RelevanceCalibrator;
import io.github.raglens.model.PassageLabel;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.result.JudgedRelevanceResult;
import io.github.raglens.result.RelevanceCalibration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A benchmark's judged relevance: the retrievers' rankings (in the evidence table's order) pooled
 * per question at the largest cut-off, graded by the judge, the graded qrels and pooled runs written
 * for {@code trec_eval}, and every retriever measured from them by raglens's {@code trec_eval}, with
 * intervals and paired tests by the benchmark's own aggregation.
 */
final class JudgedRelevance {

    private final PassageGrader grader;
    private final Path trecFolder;
    private final List<PassageLabel> labels;
    private final long seed;

    /**
     * @param labels people's grades of pooled passages to calibrate the judge's against
     * @param seed the seed of the calibration's bootstrap
     */
    JudgedRelevance(PassageGrader grader, Path trecFolder, List<PassageLabel> labels, long seed) {
        this.grader = grader;
        this.trecFolder = trecFolder;
        this.labels = List.copyOf(labels);
        this.seed = seed;
    }

    /**
     * Pools, grades, writes and measures.
     *
     * @param questions the benchmark's questions
     * @param rankings per retriever (in order), per question (in order), its hits as the evidence
     *     table ranked them
     * @param ks the cut-offs; the pool's depth is the largest
     * @param table the metrics to measure, {@link MetricTable#judged}
     * @return what the pool held, and per retriever, per metric of the table, its value on each
     *     question with a graded passage
     * @throws RagLensException when grading stopped (budget spent, fatal provider error): the grades
     *     had are in the judge's call cache, and a run again sends only the rest
     */
    Measured measure(
            List<BenchmarkQuestion> questions,
            Map<String, List<List<RetrievedChunk>>> rankings,
            int[] ks,
            MetricTable table) {
        int depth = java.util.Arrays.stream(ks).max().orElseThrow();
        List<PoolQuestion> asked = poolQuestions(questions);
        Map<String, Map<String, List<PoolHit>>> pooled = new LinkedHashMap<>();
        rankings.forEach((retriever, perQuestion) -> {
            Map<String, List<PoolHit>> byQuery = new LinkedHashMap<>();
            for (int qi = 0; qi < questions.size(); qi++) {
                List<PoolHit> hits = new ArrayList<>();
                for (RetrievedChunk hit : perQuestion.get(qi)) {
                    if (hits.size() < depth) {
                        hits.add(new PoolHit(hit.chunk().id(), hit.contextText()));
                    }
                }
                byQuery.put(questions.get(qi).queryId(), hits);
            }
            pooled.put(retriever, byQuery);
        });
        Pool pool = Pool.of(asked, pooled, depth);
        Grading.Result graded = Grading.grade(pool, grader);
        if (graded.stopReason().isPresent()) {
            throw new RagLensException("grading the pooled passages stopped: "
                    + graded.stopReason().get()
                    + "; run again to grade the passages left (the grades had are kept in the call cache)");
        }
        JudgedMeasures.write(pool, graded.qrels(), trecFolder);
        JudgedPassages.write(pool, graded.qrels(), grader.model(), grader.version(), trecFolder);
        RelevanceCalibration calibration = RelevanceCalibrator.calibrate(
                pool, graded.qrels(), labels, grader.version(), grader.model(), depth, seed);
        List<String> judgedQueries = graded.judgedQueries();
        Map<String, double[][]> values = new LinkedHashMap<>();
        for (String retriever : rankings.keySet()) {
            JudgedMeasures m = judgedQueries.isEmpty() ? null : JudgedMeasures.of(pool, graded.qrels(), retriever, ks);
            double[][] v = new double[table.size()][judgedQueries.size()];
            for (int i = 0; i < table.size(); i++) {
                Map<String, Double> perQuery =
                        m == null ? Map.of() : m.perQuery().getOrDefault(trecName(table.name(i)), Map.of());
                for (int qi = 0; qi < judgedQueries.size(); qi++) {
                    v[i][qi] = perQuery.getOrDefault(judgedQueries.get(qi), 0.0);
                }
            }
            values.put(retriever, v);
        }
        return new Measured(graded.summary(pool, grader.model()), values, calibration);
    }

    /** The benchmark's questions as the pool takes them: under their ids in the run files and qrels. */
    static List<PoolQuestion> poolQuestions(List<BenchmarkQuestion> questions) {
        List<PoolQuestion> out = new ArrayList<>();
        questions.forEach(q -> out.add(
                new PoolQuestion(q.queryId(), q.sample().question(), q.sample().evidenceQuotes())));
        return List.copyOf(out);
    }

    /**
     * The graded pool's measures.
     *
     * @param pool what the pool held and how it was graded
     * @param values per retriever, per metric, per question with a graded passage
     * @param calibration the judge's grades checked against people's
     */
    record Measured(JudgedRelevanceResult pool, Map<String, double[][]> values, RelevanceCalibration calibration) {}

    /** The {@code trec_eval} measure behind a metric of {@link MetricTable#judged}. */
    static String trecName(String metric) {
        if (metric.equals("map")) {
            return "map";
        }
        String family = metric.substring(0, metric.indexOf('@'));
        String k = metric.substring(metric.indexOf('@') + 1);
        return switch (family) {
            case "hit" -> "success_" + k;
            case "mrr" -> "recip_rank";
            case "ndcg" -> "ndcg_cut_" + k;
            case "recall" -> "recall_" + k;
            case "precision" -> "P_" + k;
            default -> throw new IllegalArgumentException("no trec_eval measure for '" + metric + "'");
        };
    }
}
