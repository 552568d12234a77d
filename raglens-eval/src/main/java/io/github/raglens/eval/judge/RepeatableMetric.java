package io.github.raglens.eval.judge;

import io.github.raglens.spi.Judge;

/**
 * A judge metric that can be asked again as a distinct repeat, for self-consistency: the repeat's
 * calls carry the repeat index in their keys, so each is sent once, cached and resumed like any other
 * call.
 */
public interface RepeatableMetric extends Judge {

    /**
     * This metric judging in repeat {@code r} (0 is the metric itself).
     *
     * @param r the repeat index, {@code >= 0}
     * @return the metric for that repeat
     */
    Judge repeat(int r);
}
