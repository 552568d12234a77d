package io.github.raglens.eval.scoring;

import io.github.raglens.internal.Cell;
import io.github.raglens.result.JudgeAgreement.JudgeDisagreement;
import io.github.raglens.spi.Judge;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Finds the cells on which two judge models disagree the most. */
final class DisagreementFinder {

    private DisagreementFinder() {}

    /**
     * The cells of a metric where the two judges' first judgements (repeat 0, current version) differ
     * most, largest gap first, ties by retriever then question; cells they scored alike are left out.
     *
     * @param records the records of {@code scores.jsonl}
     * @param metric the metric
     * @param judgeA the first judge model
     * @param judgeB the second judge model
     * @param limit the most cells to return
     * @return at most {@code limit} cells
     * @throws IllegalArgumentException if {@code limit} is negative
     */
    public static List<JudgeDisagreement> largest(
            List<ScoreRecord> records, Judge metric, String judgeA, String judgeB, int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
        Map<Cell, Double> a = new HashMap<>();
        Map<Cell, Double> b = new HashMap<>();
        for (ScoreRecord r : records) {
            if (r.metric().equals(metric.metric())
                    && r.promptVersion().equals(metric.version())
                    && r.isScored()
                    && r.repeat() == 0) {
                Cell cell = r.cell();
                if (r.judgeModel().equals(judgeA)) {
                    a.put(cell, r.score());
                } else if (r.judgeModel().equals(judgeB)) {
                    b.put(cell, r.score());
                }
            }
        }
        List<JudgeDisagreement> out = new ArrayList<>();
        a.forEach((cell, sa) -> {
            Double sb = b.get(cell);
            if (sb != null && !sb.equals(sa)) {
                out.add(new JudgeDisagreement(metric.metric(), cell.system(), cell.questionId(), sa, sb));
            }
        });
        out.sort(Comparator.comparingDouble(JudgeDisagreement::gap)
                .reversed()
                .thenComparing(JudgeDisagreement::retriever)
                .thenComparing(JudgeDisagreement::questionId));
        return List.copyOf(out.subList(0, Math.min(limit, out.size())));
    }
}
