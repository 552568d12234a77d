package io.github.raglens.eval.judge;

import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.Judgement;
import io.github.raglens.spi.Judge;
import java.util.Objects;
import java.util.Set;

/**
 * Faithfulness: the share of the answer's statements that the retrieved contexts support.
 *
 * <p>Two judge calls: the answer's statements (shared with {@link FactualCorrectness}), then one
 * verdict per statement against all contexts joined. Created by {@link Metrics#create} together with
 * {@link ContextRecall}, the verdict call also judges the reference's statements, so the two metrics
 * share it. An answer without statements (a refusal, "I don't know") fails with {@code
 * no-statements} instead of scoring; no contexts score 0 without a verdict call. Thread-safe.
 */
public final class Faithfulness implements Judge, RepeatableMetric {

    /** The metric's name. */
    public static final String NAME = "faithfulness";

    private final ContextSupport support;

    private Faithfulness(ContextSupport support) {
        this.support = Objects.requireNonNull(support, "support");
    }

    /** Faithfulness judged in the session. */
    public static Faithfulness of(JudgeSession session) {
        return new Faithfulness(ContextSupport.of(session, Set.of(ContextSupport.Side.ANSWER)));
    }

    /** The metric on a shared step; {@link Metrics#create} shares one with the other side's metric. */
    static Faithfulness on(ContextSupport support) {
        return new Faithfulness(support);
    }

    ContextSupport support() {
        return support;
    }

    /** This metric judging in repeat {@code r} (0 is this metric); see {@link Scorer.Builder#repeats}. */
    @Override
    public Metric repeat(int r) {
        return new Faithfulness(support.repeat(r));
    }

    @Override
    public String metric() {
        return NAME;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String version() {
        return Prompts.STATEMENTS_VERSION + "+" + Prompts.SUPPORT_VERSION;
    }

    @Override
    public boolean usesJudge() {
        return true;
    }

    @Override
    public Judgement score(EvalCase c) {
        return judge(c.toJudgeInput());
    }

    @Override
    public Judgement judge(JudgeInput in) {
        return support.score(in, ContextSupport.Side.ANSWER);
    }

    @Override
    public String toString() {
        return NAME;
    }
}
