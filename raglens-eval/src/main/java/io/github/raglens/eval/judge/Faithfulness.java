package io.github.raglens.eval.judge;

import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.Judgement;
import io.github.raglens.spi.Judge;
import java.util.List;
import java.util.Objects;

/**
 * Faithfulness: the share of the answer's statements that the retrieved contexts support.
 *
 * <p>Two judge calls: the answer's statements (shared with {@link FactualCorrectness}), then one
 * verdict per statement against all contexts joined. An answer without statements (a refusal, "I
 * don't know") fails with {@code no-statements} instead of scoring; no contexts score 0 without a
 * call. Thread-safe.
 */
public final class Faithfulness implements Judge, Metric {

    /** The metric's name. */
    public static final String NAME = "faithfulness";

    private final JudgeSession session;

    private Faithfulness(JudgeSession session) {
        this.session = Objects.requireNonNull(session, "session");
    }

    /** Faithfulness judged in the session. */
    public static Faithfulness of(JudgeSession session) {
        return new Faithfulness(session);
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
        return Decomposition.guard(() -> {
            List<String> statements = Decomposition.statements(session, in.question(), in.answer());
            if (statements.isEmpty()) {
                return new Judgement.Failed("no-statements", "the answer makes no factual statement");
            }
            if (in.contexts().isEmpty()) {
                return new Judgement.Scored(0, "no contexts were retrieved, so no statement is supported");
            }
            List<Verdict> verdicts =
                    Decomposition.support(session, statements, "CONTEXT", String.join("\n\n", in.contexts()));
            int supported = Decomposition.count(verdicts);
            return new Judgement.Scored(
                    (double) supported / verdicts.size(),
                    Decomposition.explain(
                            supported + " of " + verdicts.size() + " statements supported by the contexts",
                            statements,
                            verdicts));
        });
    }

    @Override
    public String toString() {
        return NAME;
    }
}
