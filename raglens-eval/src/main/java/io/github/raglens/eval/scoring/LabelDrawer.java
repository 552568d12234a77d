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
 * Draws what people label to calibrate a judge (the judge's scored cells of one metric, or the pooled
 * passages it graded for judged relevance): a seeded random order, whose first {@code n} are a
 * uniform sample for every {@code n} (per stratum, such as a system, with {@link
 * LabelDesign#PER_SYSTEM}), so a larger draw with the same seed extends a smaller one.
 * Stateless and thread-safe.
 */
public final class LabelDrawer {

    private LabelDrawer() {}

    /**
     * A drawn item: a cell, or a pooled passage.
     *
     * @param item what was drawn
     * @param draw how it was drawn
     * @param <T> the kind of item
     */
    public record Drawn<T>(T item, LabelDraw draw) {

        /** Validates that no field is null. */
        public Drawn {
            Objects.requireNonNull(item, "item");
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
    public static List<Drawn<ScoreRecord>> draw(
            List<ScoreRecord> records,
            String metric,
            String version,
            String judgeModel,
            int count,
            LabelDesign design,
            long seed) {
        Map<String, Map<String, ScoreRecord>> bySystem = population(records, metric, version, judgeModel);
        if (bySystem.isEmpty()) {
            throw new IllegalArgumentException("the judge " + judgeModel + " scored no cell of " + metric + " (version "
                    + version + ") in this evaluation; evaluate with that metric first");
        }
        Map<String, List<ScoreRecord>> strata = new TreeMap<>();
        bySystem.forEach((system, cells) -> strata.put(system, List.copyOf(cells.values())));
        return draw(
                strata,
                Comparator.comparing(ScoreRecord::retriever).thenComparing(ScoreRecord::questionId),
                count,
                design,
                seed,
                version,
                judgeModel);
    }

    /**
     * Draws items of any kind from strata: under {@link LabelDesign#UNIFORM} every item in one seeded
     * random order (the draw's stratum empty), under {@link LabelDesign#PER_SYSTEM} each stratum in an
     * order of its own, taken in turn. Items are put in {@code canonical} order before shuffling, so
     * the draw does not depend on the order they were given in.
     *
     * @param strata the items by stratum, e.g. a system's cells
     * @param canonical a total order of the items
     * @param count how many to draw, at least 1; fewer when there are fewer
     * @param design how to draw
     * @param seed the seed of the random order
     * @param version the version of the judge's prompt whose outputs the items are
     * @param judgeModel the judge model
     * @param <T> the kind of item
     * @return the drawn items in the order to label them
     * @throws IllegalArgumentException if {@code count} is below 1
     */
    public static <T> List<Drawn<T>> draw(
            Map<String, List<T>> strata,
            Comparator<T> canonical,
            int count,
            LabelDesign design,
            long seed,
            String version,
            String judgeModel) {
        Objects.requireNonNull(design, "design");
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, was " + count);
        }
        List<Drawn<T>> out = new ArrayList<>();
        if (design == LabelDesign.UNIFORM) {
            List<T> all = new ArrayList<>();
            strata.values().forEach(all::addAll);
            shuffle(all, canonical, seed);
            for (int i = 0; i < Math.min(count, all.size()); i++) {
                out.add(new Drawn<>(
                        all.get(i), new LabelDraw(design, seed, i + 1, "", all.size(), version, judgeModel)));
            }
            return List.copyOf(out);
        }
        List<String> names = new ArrayList<>(new TreeMap<>(strata).keySet());
        List<List<T>> orders = new ArrayList<>();
        for (String name : names) {
            List<T> order = new ArrayList<>(strata.get(name));
            shuffle(order, canonical, seed);
            orders.add(order);
        }
        // Take the strata in turn, so any prefix of the draw gives each as many items as it can.
        for (int position = 0; out.size() < count; position++) {
            boolean any = false;
            for (int s = 0; s < orders.size(); s++) {
                List<T> order = orders.get(s);
                if (position < order.size() && out.size() < count) {
                    out.add(new Drawn<>(
                            order.get(position),
                            new LabelDraw(
                                    design, seed, position + 1, names.get(s), order.size(), version, judgeModel)));
                    any = true;
                }
            }
            if (!any) {
                break;
            }
        }
        return List.copyOf(out);
    }

    private static <T> void shuffle(List<T> items, Comparator<T> canonical, long seed) {
        items.sort(canonical);
        Collections.shuffle(items, new Random(seed));
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
