package io.github.raglens.eval.pool;

import io.github.raglens.eval.judge.PassageGrader;
import io.github.raglens.eval.stats.HolmCorrection;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.result.JudgedRelevanceReport;
import io.github.raglens.result.JudgedRelevanceReport.PairRow;
import io.github.raglens.result.JudgedRelevanceReport.RetrieverRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Measures every retriever of a graded pool under judged relevance and under evidence relevance on
 * the same rankings (only the evidence-bearing passages relevant), and compares every pair on
 * nDCG@k under both with a paired randomization test, Holm-adjusted within each relevance.
 */
public final class RelevanceComparison {

    private RelevanceComparison() {}

    /** The report of a graded pool at cut-off {@code k}. */
    public static JudgedRelevanceReport of(Pool pool, Grading.Result graded, String judgeModel, int k) {
        Map<String, Map<String, Integer>> evidence = new LinkedHashMap<>();
        int beyond = 0;
        int questions = 0;
        for (PoolQuestion q : pool.questions()) {
            Map<String, Integer> grades = graded.qrels().getOrDefault(q.queryId(), Map.of());
            if (grades.isEmpty()) {
                continue;
            }
            questions++;
            Map<String, Integer> onlyEvidence = new LinkedHashMap<>();
            for (PooledPassage p : pool.passages(q.queryId())) {
                Integer g = grades.get(p.id());
                if (p.holdsEvidence()) {
                    onlyEvidence.put(p.id(), PassageGrader.MAX_GRADE);
                } else {
                    onlyEvidence.put(p.id(), 0);
                    if (g != null && g >= JudgedMeasures.RELEVANT_GRADE) {
                        beyond++;
                    }
                }
            }
            evidence.put(q.queryId(), onlyEvidence);
        }
        String ndcg = "ndcg_cut_" + k;
        List<String> systems = pool.systems();
        Map<String, JudgedMeasures> byJudge = new LinkedHashMap<>();
        Map<String, JudgedMeasures> byEvidence = new LinkedHashMap<>();
        for (String s : systems) {
            byJudge.put(s, JudgedMeasures.of(pool, graded.qrels(), s, k));
            byEvidence.put(s, JudgedMeasures.of(pool, evidence, s, k));
        }
        Map<String, Integer> judgedRank = ranks(systems, byJudge, ndcg);
        Map<String, Integer> evidenceRank = ranks(systems, byEvidence, ndcg);
        List<RetrieverRow> rows = new ArrayList<>();
        for (String s : systems) {
            JudgedMeasures j = byJudge.get(s);
            JudgedMeasures e = byEvidence.get(s);
            rows.add(new RetrieverRow(
                    s,
                    e.mean().get(ndcg),
                    j.mean().get(ndcg),
                    evidenceRank.get(s),
                    judgedRank.get(s),
                    j.mean().get("P_" + k),
                    j.mean().get("recall_" + k),
                    j.mean().get("recip_rank"),
                    e.mean().get("recip_rank")));
        }
        List<String[]> pairs = new ArrayList<>();
        for (int a = 0; a < systems.size(); a++) {
            for (int b = a + 1; b < systems.size(); b++) {
                pairs.add(new String[] {systems.get(a), systems.get(b)});
            }
        }
        double[][] e = tests(pairs, byEvidence, ndcg);
        double[][] j = tests(pairs, byJudge, ndcg);
        List<PairRow> pairRows = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            pairRows.add(new PairRow(pairs.get(i)[0], pairs.get(i)[1], e[0][i], e[1][i], j[0][i], j[1][i]));
        }
        return new JudgedRelevanceReport(
                questions,
                pool.depth(),
                k,
                graded.passages(),
                graded.byEvidence(),
                graded.judged(),
                graded.failed(),
                questions == 0 ? 0 : (double) beyond / questions,
                judgeModel,
                rows,
                pairRows);
    }

    /** Places by the measure, 1 best; ties share the better place. */
    private static Map<String, Integer> ranks(List<String> systems, Map<String, JudgedMeasures> m, String measure) {
        List<String> sorted = new ArrayList<>(systems);
        sorted.sort(Comparator.comparingDouble((String s) -> m.get(s).mean().get(measure))
                .reversed());
        Map<String, Integer> out = new LinkedHashMap<>();
        for (int i = 0; i < sorted.size(); i++) {
            double v = m.get(sorted.get(i)).mean().get(measure);
            boolean tied = i > 0 && m.get(sorted.get(i - 1)).mean().get(measure) == v;
            out.put(sorted.get(i), tied ? out.get(sorted.get(i - 1)) : i + 1);
        }
        return out;
    }

    /** Mean differences and Holm-adjusted p-values of the pairs, on the questions both measured. */
    private static double[][] tests(List<String[]> pairs, Map<String, JudgedMeasures> m, String measure) {
        double[] diff = new double[pairs.size()];
        double[] p = new double[pairs.size()];
        for (int i = 0; i < pairs.size(); i++) {
            Map<String, Double> a = m.get(pairs.get(i)[0]).perQuery().getOrDefault(measure, Map.of());
            Map<String, Double> b = m.get(pairs.get(i)[1]).perQuery().getOrDefault(measure, Map.of());
            List<String> common = a.keySet().stream().filter(b::containsKey).toList();
            double[] x = common.stream().mapToDouble(a::get).toArray();
            double[] y = common.stream().mapToDouble(b::get).toArray();
            var t = PairedRandomizationTest.defaults().test(x, y);
            diff[i] = t.meanDifference();
            p[i] = t.pValue();
        }
        return new double[][] {diff, pairs.isEmpty() ? p : HolmCorrection.adjust(p)};
    }
}
