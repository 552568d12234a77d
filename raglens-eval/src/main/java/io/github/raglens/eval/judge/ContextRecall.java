package io.github.raglens.eval.judge;

import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.Judgement;
import io.github.raglens.spi.Judge;
import java.util.List;
import java.util.Objects;

/**
 * Context recall: the share of the reference answer's statements that can be attributed to the
 * retrieved contexts.
 *
 * <p>The reference's statements are extracted once per question and judge model and shared by every
 * retriever and by {@link FactualCorrectness}; then one verdict call per cell. No reference fails
 * with {@code no-reference}, a reference without statements with {@code no-statements}; no contexts
 * score 0 without a call. Thread-safe.
 */
public final class ContextRecall implements Judge, Metric {

    /** The metric's name. */
    public static final String NAME = "context_recall";

    private final JudgeSession session;

    private ContextRecall(JudgeSession session) {
        this.session = Objects.requireNonNull(session, "session");
    }

    /** Context recall judged in the session. */
    public static ContextRecall of(JudgeSession session) {
        return new ContextRecall(session);
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
        return Decomposition.guard(() -> {
            List<String> statements = Decomposition.statements(session, in.question(), in.reference());
            if (statements.isEmpty()) {
                return new Judgement.Failed("no-statements", "the reference answer makes no factual statement");
            }
            if (in.contexts().isEmpty()) {
                return new Judgement.Scored(0, "no contexts were retrieved, so no reference statement is attributed");
            }
            List<Verdict> verdicts =
                    Decomposition.support(session, statements, "CONTEXT", String.join("\n\n", in.contexts()));
            int attributed = Decomposition.count(verdicts);
            return new Judgement.Scored(
                    (double) attributed / verdicts.size(),
                    Decomposition.explain(
                            attributed + " of " + verdicts.size() + " reference statements found in the contexts",
                            statements,
                            verdicts));
        });
    }

    @Override
    public String toString() {
        return NAME;
    }
}
