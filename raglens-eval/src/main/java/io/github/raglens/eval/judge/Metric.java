package io.github.raglens.eval.judge;

import io.github.raglens.model.Judgement;
import io.github.raglens.spi.Judge;
import java.util.Objects;

/**
 * A metric the {@link Scorer} can run: a judge metric or a text metric.
 *
 * <p>Implementations must be thread-safe and return {@link Judgement.Failed} rather than throw for a
 * cell they cannot score.
 */
public interface Metric {

    /** The name written in {@code scores.jsonl}, e.g. {@code faithfulness}. */
    String name();

    /** The version of the metric's prompts and algorithm; part of every score's key. */
    String version();

    /** Whether the metric calls the judge model (text metrics do not). */
    boolean usesJudge();

    /**
     * Scores one cell.
     *
     * @param c the cell
     * @return a score in [0, 1] or a failure with its reason
     */
    Judgement score(EvalCase c);

    /**
     * Runs any {@link Judge} (the core SPI, e.g. a user's own) as a metric that calls the judge model.
     *
     * @param judge the judge
     * @return the metric
     */
    static Metric of(Judge judge) {
        Objects.requireNonNull(judge, "judge");
        return new Metric() {
            @Override
            public String name() {
                return judge.metric();
            }

            @Override
            public String version() {
                return judge.version();
            }

            @Override
            public boolean usesJudge() {
                return true;
            }

            @Override
            public Judgement score(EvalCase c) {
                return judge.judge(c.toJudgeInput());
            }

            @Override
            public String toString() {
                return judge.metric();
            }
        };
    }
}
