package io.github.raglens.eval.judge;

import io.github.raglens.model.JudgeInput;
import io.github.raglens.spi.Judge;

/**
 * A metric whose score rests on something besides the cell's inputs that can change between runs,
 * such as a question's nuggets a person edited: a stored score made on another basis is scored
 * again.
 */
public interface ScoreBasis {

    /**
     * A digest of what, beyond the cell's inputs, a score of this cell would rest on now.
     *
     * @param input the cell
     * @return the digest; empty when the metric has nothing for the cell yet
     */
    String basis(JudgeInput input);

    /**
     * What a score of {@code metric} on the cell would rest on now besides its inputs: the metric's
     * {@link #basis} when it has one, else empty.
     */
    static String of(Judge metric, JudgeInput input) {
        return metric instanceof ScoreBasis b ? b.basis(input) : "";
    }
}
