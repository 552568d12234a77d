package io.github.raglens.eval.scoring;

import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.LabelDraw;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.TreeMap;

/**
 * Draws the cells people label to calibrate a judge: a seeded random order of the judge's scored
 * cells of one metric, whose first {@code n} are a uniform sample for every {@code n} (per system
 * with {@link LabelDesign#PER_SYSTEM}), so a larger draw with the same seed extends a smaller one.
 * Stateless and thread-safe.
 */
public final class LabelDrawer {

    private LabelDrawer() {}

    /**
     * A drawn cell.
     *
     * @param cell the judge's record of the cell
     * @param draw how it was drawn
     */
    public record Drawn(ScoreRecord cell, LabelDraw draw) {

        /** Validates that no field is null. */
        public Drawn {
            Objects.requireNonNull(cell, "cell");
            Objects.requireNonNull(draw, "draw");
        }
    }

    /**
     * Draws cells of one metric.
     *
     * @param records the records of the evaluation's cells; the first judgements (repeat 0) the judge
     *     model scored at the version are the population, whatever their order
     * @param metric the metric
     * @param version the metric's current version
     * @param judgeModel the judge model
     * @param count how many cells to draw, at least 1; fewer when the population is smaller
     * @param design uniform over every cell, or the same number per system
     * @param seed the seed of the random order
     * @return the drawn cells in the order to label them
     * @throws IllegalArgumentException if {@code count} is below 1, or the judge scored no cell of the
     *     metric at that version
     */
    public static List<Drawn> draw(
            List<ScoreRecord> records,
            String metric,
            String version,
            String judgeModel,
            int count,
            LabelDesign design,
            long seed) {
        Objects.requireNonNull(design, "design");
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, was " + count);
        }
        Map<String, Map<String, ScoreRecord>> bySystem = population(records, metric, version, judgeModel);
        if (bySystem.isEmpty()) {
            throw new IllegalArgumentException("the judge " + judgeModel + " scored no cell of " + metric + " (version "
                    + version + ") in this evaluation; evaluate with that metric first");
        }
        List<Drawn> out = new ArrayList<>();
        if (design == LabelDesign.UNIFORM) {
            List<ScoreRecord> all = new ArrayList<>();
            bySystem.values().forEach(q -> all.addAll(q.values()));
            shuffle(all, seed);
            for (int i = 0; i < Math.min(count, all.size()); i++) {
                out.add(new Drawn(all.get(i), new LabelDraw(design, seed, i + 1, "", all.size(), version, judgeModel)));
            }
            return List.copyOf(out);
        }
        List<List<ScoreRecord>> orders = new ArrayList<>();
        for (Map<String, ScoreRecord> cells : bySystem.values()) {
            List<ScoreRecord> order = new ArrayList<>(cells.values());
            shuffle(order, seed);
            orders.add(order);
        }
        // Take the systems in turn, so any prefix of the draw gives each as many cells as it can.
        for (int position = 0; out.size() < count; position++) {
            boolean any = false;
            for (List<ScoreRecord> order : orders) {
                if (position < order.size() && out.size() < count) {
                    ScoreRecord r = order.get(position);
                    out.add(new Drawn(
                            r,
                            new LabelDraw(
                                    design, seed, position + 1, r.retriever(), order.size(), version, judgeModel)));
                    any = true;
                }
            }
            if (!any) {
                break;
            }
        }
        return List.copyOf(out);
    }

    private static void shuffle(List<ScoreRecord> cells, long seed) {
        cells.sort(Comparator.comparing(ScoreRecord::retriever).thenComparing(ScoreRecord::questionId));
        Collections.shuffle(cells, new Random(seed));
    }

    /**
     * The cells a draw samples from, and so the ones a prediction-powered estimate over drawn labels
     * stands for: the judge's first scored judgement of each cell of the metric at its version, as
     * system -> question -> record in a canonical order, so a draw does not depend on the file's.
     */
    static Map<String, Map<String, ScoreRecord>> population(
            List<ScoreRecord> records, String metric, String version, String judgeModel) {
        Map<String, Map<String, ScoreRecord>> bySystem = new TreeMap<>();
        for (ScoreRecord r : records) {
            if (r.metric().equals(metric)
                    && r.promptVersion().equals(version)
                    && r.judgeModel().equals(judgeModel)
                    && r.isScored()
                    && r.repeat() == 0) {
                bySystem.computeIfAbsent(r.retriever(), x -> new TreeMap<>()).put(r.questionId(), r);
            }
        }
        return bySystem;
    }
}
