package io.github.raglens.model;

import java.util.Objects;

/**
 * How raglens drew one cell for a person to label: the provenance a prediction-powered estimate
 * checks before it lets the label correct the judge. Labels without it (written by hand, or picked
 * where judges disagree) are not a random sample, so they count for agreement only.
 *
 * <p>A draw puts the cells of a stratum in a seeded random order; its first {@code n} positions are
 * a uniform sample of the stratum without replacement, for every {@code n}, so drawing more later
 * extends the sample instead of replacing it.
 *
 * @param design how the cells were drawn
 * @param seed the seed of the random order
 * @param position the cell's place in its stratum's order, from 1
 * @param stratum the system whose cells were ordered ({@link LabelDesign#PER_SYSTEM}); empty for
 *     {@link LabelDesign#UNIFORM}, whose one stratum is every cell of the metric
 * @param population how many scored cells the stratum held when drawn
 * @param version the metric's version whose cells were drawn
 * @param judgeModel the judge model whose cells were drawn
 */
public record LabelDraw(
        LabelDesign design,
        long seed,
        int position,
        String stratum,
        int population,
        String version,
        String judgeModel) {

    /**
     * Validates the fields.
     *
     * @throws IllegalArgumentException if {@code position} is not in [1, {@code population}]
     */
    public LabelDraw {
        Objects.requireNonNull(design, "design");
        Objects.requireNonNull(stratum, "stratum");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(judgeModel, "judgeModel");
        if (position < 1 || position > population) {
            throw new IllegalArgumentException(
                    "position must be in [1, population], was " + position + " of " + population);
        }
    }
}
