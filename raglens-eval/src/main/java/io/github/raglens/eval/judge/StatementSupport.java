package io.github.raglens.eval.judge;

import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.Judgement;
import io.github.raglens.spi.Judge;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The share of a text's statements that the retrieved contexts support: of the generated answer's
 * statements for faithfulness, of the reference answer's for context recall.
 *
 * <p>Two judge calls: the text's statements (shared with {@link FactualCorrectness}; the reference's
 * are extracted once per question and judge model and shared by every retriever), then one verdict
 * per statement against all contexts joined. Created by {@link Metrics#create} for both metrics, one
 * verdict call judges both sides of a cell. An answer without statements (a refusal, "I don't know")
 * fails with {@code no-statements}; context recall without a reference fails with {@code
 * no-reference}; no contexts score 0 without a verdict call. Thread-safe.
 */
final class StatementSupport implements RepeatableMetric, AnswerFreeCalls {

    /**
     * The version of this metric's arithmetic: how the score follows from the judge's replies, and
     * which cells fail or score without them. It is part of {@link #version()}, so stored scores are
     * made again when it changes; raise it with any such change ({@code MetricFingerprintTest} fails
     * until it is raised, from the scores of fixed cells).
     */
    static final String ARITHMETIC = "share-1";

    private final ContextSupport.Side side;
    private final ContextSupport support;

    private StatementSupport(ContextSupport.Side side, ContextSupport support) {
        this.side = Objects.requireNonNull(side, "side");
        this.support = Objects.requireNonNull(support, "support");
    }

    /** Faithfulness judged in the session: the share of the answer's statements the contexts support. */
    public static StatementSupport faithfulness(JudgeSession session) {
        return on(ContextSupport.of(session, Set.of(ContextSupport.Side.ANSWER)), ContextSupport.Side.ANSWER);
    }

    /** Context recall judged in the session: the share of the reference's statements found in the contexts. */
    public static StatementSupport contextRecall(JudgeSession session) {
        return on(ContextSupport.of(session, Set.of(ContextSupport.Side.REFERENCE)), ContextSupport.Side.REFERENCE);
    }

    /** The side's metric on a shared step; {@link Metrics#create} shares one between both sides. */
    static StatementSupport on(ContextSupport support, ContextSupport.Side side) {
        return new StatementSupport(side, support);
    }

    ContextSupport support() {
        return support;
    }

    ContextSupport.Side side() {
        return side;
    }

    /** This metric judging in repeat {@code r} (0 is this metric); see {@link Scorer.Builder#repeats}. */
    @Override
    public Judge repeat(int r) {
        return new StatementSupport(side, support.repeat(r));
    }

    @Override
    public String metric() {
        return (side == ContextSupport.Side.ANSWER ? JudgeMetric.FAITHFULNESS : JudgeMetric.CONTEXT_RECALL).label();
    }

    /**
     * The statements and verdict prompts' versions, and {@code +both-sides} when the verdict call
     * carries the other side's statements too: a judge may answer a statement differently beside
     * others, so the shared call (the default mode with faithfulness and context recall) and a side
     * judged alone (RAGAS-compatible, or one of the two metrics) are scores of their own.
     */
    @Override
    public String version() {
        return Prompts.STATEMENTS_VERSION + "+" + Prompts.SUPPORT_VERSION
                + (support.batchesBothSides() ? "+both-sides" : "") + "+" + ARITHMETIC;
    }

    @Override
    public Judgement judge(JudgeInput in) {
        if (side == ContextSupport.Side.REFERENCE && in.reference().isBlank()) {
            return new Judgement.Failed("no-reference", "context recall needs a reference answer");
        }
        return support.score(in, side);
    }

    /**
     * Context recall's calls that read no answer (see {@link ContextSupport#askBeforeAnswer});
     * faithfulness has none.
     */
    @Override
    public void askBeforeAnswer(String question, String reference, List<String> contexts) {
        if (side == ContextSupport.Side.REFERENCE) {
            support.askBeforeAnswer(question, reference, contexts);
        }
    }

    @Override
    public String toString() {
        return metric();
    }
}
