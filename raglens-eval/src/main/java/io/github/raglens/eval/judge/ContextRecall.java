package io.github.raglens.eval.judge;

import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.Judgement;
import io.github.raglens.spi.Judge;
import java.util.Objects;
import java.util.Set;

/**
 * Context recall: the share of the reference answer's statements that can be attributed to the
 * retrieved contexts.
 *
 * <p>The reference's statements are extracted once per question and judge model and shared by every
 * retriever and by {@link FactualCorrectness}; then one verdict call per cell, which {@link
 * Faithfulness} shares when both come from {@link Metrics#create}. No reference fails
 * with {@code no-reference}, a reference without statements with {@code no-statements}; no contexts
 * score 0 without a call. Thread-safe.
 */
public final class ContextRecall implements Judge, RepeatableMetric {

    /** The metric's name. */
    public static final String NAME = "context_recall";

    private final ContextSupport support;

    private ContextRecall(ContextSupport support) {
        this.support = Objects.requireNonNull(support, "support");
    }

    /** Context recall judged in the session. */
    public static ContextRecall of(JudgeSession session) {
        return new ContextRecall(ContextSupport.of(session, Set.of(ContextSupport.Side.REFERENCE)));
    }

    /** The metric on a shared step; {@link Metrics#create} shares one with the other side's metric. */
    static ContextRecall on(ContextSupport support) {
        return new ContextRecall(support);
    }

    ContextSupport support() {
        return support;
    }

    /** This metric judging in repeat {@code r} (0 is this metric); see {@link Scorer.Builder#repeats}. */
    @Override
    public Metric repeat(int r) {
        return new ContextRecall(support.repeat(r));
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
        if (in.reference().isBlank()) {
            return new Judgement.Failed("no-reference", "context recall needs a reference answer");
        }
        return support.score(in, ContextSupport.Side.REFERENCE);
    }

    @Override
    public String toString() {
        return NAME;
    }
}
