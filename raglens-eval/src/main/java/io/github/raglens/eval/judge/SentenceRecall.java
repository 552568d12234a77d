package io.github.raglens.eval.judge;

import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.Judgement;
import io.github.raglens.spi.Judge;
import java.util.List;
import java.util.Objects;

/**
 * Context recall as RAGAS computes it, for the RAGAS-compatible mode ({@link
 * Metrics#ragasCompatible}): the reference answer split into sentences (without the judge, see
 * {@link Decomposition#sentences}), one verdict call judging every sentence against all contexts
 * joined, and the share attributed as the score. A sentence holding two facts of which the contexts
 * give one counts 0 here, where raglens's default context recall ({@link StatementSupport}) splits it
 * into atomic statements and counts one of two.
 *
 * <p>No reference fails with {@code no-reference}, a reference without a sentence with {@code
 * no-statements}; no contexts score 0 without a call. Thread-safe.
 */
final class SentenceRecall implements RepeatableMetric, AnswerFreeCalls {

    /**
     * The version of this metric's arithmetic: how the score follows from the judge's replies, and
     * which cells fail or score without them. It is part of {@link #version()}, so stored scores are
     * made again when it changes; raise it with any such change ({@code MetricFingerprintTest} fails
     * until it is raised, from the scores of fixed cells).
     */
    static final String ARITHMETIC = "share-1";

    private final JudgeSession session;

    SentenceRecall(JudgeSession session) {
        this.session = Objects.requireNonNull(session, "session");
    }

    @Override
    public Judge repeat(int r) {
        return new SentenceRecall(session.repeat(r));
    }

    @Override
    public String metric() {
        return JudgeMetric.CONTEXT_RECALL.label();
    }

    @Override
    public String version() {
        return "sentences+" + Prompts.SUPPORT_VERSION + "+" + ARITHMETIC;
    }

    @Override
    public Judgement judge(JudgeInput in) {
        if (in.reference().isBlank()) {
            return new Judgement.Failed("no-reference", "context recall needs a reference answer");
        }
        List<String> sentences = Decomposition.sentences(in.reference());
        if (sentences.isEmpty()) {
            return new Judgement.Failed("no-statements", "the reference answer has no sentence");
        }
        if (in.contexts().isEmpty()) {
            return new Judgement.Scored(0, "no contexts were retrieved, so no reference sentence is attributed");
        }
        return Decomposition.guard(() -> {
            List<Verdict> verdicts =
                    Decomposition.support(session, sentences, "CONTEXT", String.join("\n\n", in.contexts()));
            int found = Decomposition.count(verdicts);
            return new Judgement.Scored(
                    (double) found / verdicts.size(),
                    Decomposition.explain(
                            found + " of " + verdicts.size() + " reference sentences found in the contexts",
                            sentences,
                            verdicts));
        });
    }

    /** The verdict call reads the reference and the contexts only: asked before the answer. */
    @Override
    public void askBeforeAnswer(String question, String reference, List<String> contexts) {
        List<String> sentences = Decomposition.sentences(reference);
        if (!sentences.isEmpty() && !contexts.isEmpty()) {
            Decomposition.support(session, sentences, "CONTEXT", String.join("\n\n", contexts));
        }
    }

    @Override
    public String toString() {
        return JudgeMetric.CONTEXT_RECALL.label() + "(sentences)";
    }
}
