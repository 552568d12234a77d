package io.github.raglens.eval.pool;

import io.github.raglens.eval.ScoredId;
import io.github.raglens.eval.trec.TrecEval;
import io.github.raglens.eval.trec.TrecRuns;
import io.github.raglens.result.TrecEvalOptions;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A system's measures under judged relevance, computed by raglens's {@code trec_eval} from the graded
 * qrels and the system's run over the pooled ids, so they equal {@code trec_eval}'s on the exported
 * files: {@code ndcg_cut} with the grades 0–3 as gains ({@code -m ndcg_cut.K}), and the binary
 * measures with grade 2 or more relevant ({@code -l 2 -m P.K -m recall.K -m map -m recip_rank -m
 * success.K1,K2…}).
 * Every question with a judged passage counts ({@code -c}); one whose pool is empty (no system
 * returned anything) has no line in the qrels and is left out, as {@code trec_eval} must leave it.
 *
 * @param system the system
 * @param perQuery per measure (e.g. {@code ndcg_cut_10}), per query id, the value
 * @param mean per measure, the mean over the questions
 */
public record JudgedMeasures(String system, Map<String, Map<String, Double>> perQuery, Map<String, Double> mean) {

    /** The smallest grade the binary measures count as relevant: answers the question at least in part. */
    public static final int RELEVANT_GRADE = 2;

    /** Copies the maps. */
    public JudgedMeasures {
        Objects.requireNonNull(system, "system");
        perQuery = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(perQuery));
        mean = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(mean));
    }

    /** The {@code trec_eval} options of the graded measure at cut-off {@code k}. */
    public static TrecEvalOptions graded(int k) {
        return new TrecEvalOptions(List.of("ndcg_cut." + k), true, true, Integer.MAX_VALUE, 1);
    }

    /**
     * The {@code trec_eval} options of the binary measures at cut-off {@code k}, with success (a
     * passage of grade 2 or more in the top K) at every cut-off of {@code successAt} too.
     */
    public static TrecEvalOptions binary(int k, int... successAt) {
        List<String> measures = new ArrayList<>(List.of("P." + k, "recall." + k, "map", "recip_rank"));
        if (successAt.length > 0) {
            measures.add("success."
                    + String.join(
                            ",",
                            Arrays.stream(successAt).mapToObj(Integer::toString).toList()));
        }
        return new TrecEvalOptions(measures, true, true, Integer.MAX_VALUE, RELEVANT_GRADE);
    }

    /**
     * The system's measures at the largest of the cut-offs {@code ks}, and success at each.
     *
     * @throws IllegalArgumentException when no question has a judged passage
     */
    public static JudgedMeasures of(Pool pool, Map<String, Map<String, Integer>> qrels, String system, int... ks) {
        int k = Arrays.stream(ks).max().orElseThrow();
        Map<String, Map<String, Integer>> judged = new LinkedHashMap<>();
        qrels.forEach((qid, grades) -> {
            if (!grades.isEmpty()) {
                judged.put(qid, grades);
            }
        });
        Map<String, Map<String, Double>> perQuery = new LinkedHashMap<>();
        Map<String, Double> mean = new LinkedHashMap<>();
        for (TrecEvalOptions options : List.of(graded(k), binary(k, ks))) {
            for (String line : TrecEval.evaluate(judged, pool.run(system), system, options)) {
                String[] f = line.split("\t");
                String measure = f[0].strip();
                double value = Double.parseDouble(f[2]);
                if (f[1].equals("all")) {
                    mean.put(measure, value);
                } else {
                    perQuery.computeIfAbsent(measure, m -> new LinkedHashMap<>())
                            .put(f[1], value);
                }
            }
        }
        return new JudgedMeasures(system, perQuery, mean);
    }

    /**
     * Writes the graded qrels ({@code qrels-judged.txt}) and each system's run over the pooled ids
     * ({@code <system>.judged.run}) into a folder, so that {@code trec_eval -c -m ndcg_cut.K} and
     * {@code trec_eval -c -l 2 -m map …} on them give these measures.
     *
     * @return the files written, the qrels first
     * @throws UncheckedIOException if a file cannot be written
     */
    public static List<Path> write(Pool pool, Map<String, Map<String, Integer>> qrels, Path dir) {
        Map<String, Map<String, List<ScoredId>>> runs = new LinkedHashMap<>();
        pool.systems().forEach(system -> runs.put(system, pool.run(system)));
        return TrecRuns.write(
                dir, new TrecRuns.FileNames("the judged TREC files", "qrels-judged.txt", ".judged.run"), qrels, runs);
    }
}
