package io.github.raglens.eval.judge;

import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.Judgement;
import io.github.raglens.spi.Judge;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Factual correctness: claims of the answer checked against the reference (precision) and claims of
 * the reference checked against the answer (recall), combined as F1 by default.
 *
 * <p>With TP = answer claims the reference supports, FP = the other answer claims and FN = reference
 * claims the answer does not support: precision = TP/(TP+FP), recall = TP/(TP+FN), F1 their harmonic
 * mean; an empty denominator gives 0. Up to four calls, of which the two statement extractions are
 * shared: the answer's with faithfulness, the reference's with context recall and with
 * every retriever of the same question. The two directions run concurrently.
 *
 * <p>No reference fails with {@code no-reference}; a reference without statements fails with {@code
 * no-statements} (recall and F1 modes); an answer without statements scores 0. Thread-safe.
 */
final class FactualCorrectness implements RepeatableMetric, AnswerFreeCalls {

    /** Which number the metric reports. */
    public enum Mode {
        /** TP/(TP+FP); needs only the answer-to-reference direction. */
        PRECISION,
        /** TP/(TP+FN). */
        RECALL,
        /** The harmonic mean of precision and recall (default). */
        F1
    }

    /**
     * The version of this metric's arithmetic: how the score follows from the judge's replies, and
     * which cells fail or score without them. It is part of {@link #version()}, so stored scores are
     * made again when it changes; raise it with any such change ({@code MetricFingerprintTest} fails
     * until it is raised, from the scores of fixed cells).
     */
    static final String ARITHMETIC = "counts-1";

    private final JudgeSession session;
    private final Mode mode;
    private final boolean ragasCompatible;

    private FactualCorrectness(JudgeSession session, Mode mode, boolean ragasCompatible) {
        this.session = Objects.requireNonNull(session, "session");
        this.mode = Objects.requireNonNull(mode, "mode");
        this.ragasCompatible = ragasCompatible;
    }

    /** F1 factual correctness judged in the session. */
    public static FactualCorrectness of(JudgeSession session) {
        return new FactualCorrectness(session, Mode.F1, false);
    }

    /** Factual correctness in the given mode. */
    public static FactualCorrectness of(JudgeSession session, Mode mode) {
        return new FactualCorrectness(session, mode, false);
    }

    /**
     * F1 factual correctness as RAGAS computes it ({@link Metrics#ragasCompatible}): the answer and
     * the reference are decomposed into claims by a call of their own, without the question (never
     * shared with faithfulness or context recall), and the score is rounded to 2 decimals.
     */
    static FactualCorrectness ragasCompatible(JudgeSession session) {
        return new FactualCorrectness(session, Mode.F1, true);
    }

    Mode mode() {
        return mode;
    }

    boolean isRagasCompatible() {
        return ragasCompatible;
    }

    /** This metric judging in repeat {@code r} (0 is this metric); see {@link Scorer.Builder#repeats}. */
    @Override
    public Judge repeat(int r) {
        return new FactualCorrectness(session.repeat(r), mode, ragasCompatible);
    }

    @Override
    public String metric() {
        return JudgeMetric.FACTUAL_CORRECTNESS.label();
    }

    @Override
    public String version() {
        return (ragasCompatible ? Prompts.CLAIMS_VERSION : Prompts.STATEMENTS_VERSION) + "+" + Prompts.SUPPORT_VERSION
                + "+" + mode.name().toLowerCase(Locale.ROOT) + (ragasCompatible ? "+ragas" : "") + "+" + ARITHMETIC;
    }

    @Override
    public Judgement judge(JudgeInput in) {
        if (in.reference().isBlank()) {
            return new Judgement.Failed("no-reference", "factual correctness needs a reference answer");
        }
        return Decomposition.guard(() -> {
            boolean needRecall = mode != Mode.PRECISION;
            var claims = Parallel.both(
                    () -> claims(in.question(), in.answer()),
                    () -> needRecall ? claims(in.question(), in.reference()) : List.<String>of());
            List<String> answerClaims = claims.first();
            List<String> referenceClaims = claims.second();
            if (needRecall && referenceClaims.isEmpty()) {
                return new Judgement.Failed("no-statements", "the reference answer makes no factual statement");
            }
            if (answerClaims.isEmpty()) {
                return new Judgement.Scored(0, "the answer makes no factual statement: precision and recall are 0");
            }
            var verdicts = Parallel.both(
                    () -> Decomposition.support(session, answerClaims, "REFERENCE", in.reference()),
                    () -> needRecall
                            ? Decomposition.support(session, referenceClaims, "ANSWER", in.answer())
                            : List.<Verdict>of());
            List<Verdict> byReference = verdicts.first();
            List<Verdict> byAnswer = verdicts.second();
            int tp = Decomposition.count(byReference);
            int fp = byReference.size() - tp;
            int fn = byAnswer.size() - Decomposition.count(byAnswer);
            double exact = score(mode, tp, fp, fn);
            double score = ragasCompatible ? Math.round(exact * 100) / 100.0 : exact;
            String summary = String.format(
                    Locale.ROOT,
                    "%s %.4f: TP=%d FP=%d FN=%d (answer claims supported by the reference: %d of %d;"
                            + " reference claims missing from the answer: %d of %d)",
                    mode.name().toLowerCase(Locale.ROOT),
                    score,
                    tp,
                    fp,
                    fn,
                    tp,
                    byReference.size(),
                    fn,
                    byAnswer.size());
            return new Judgement.Scored(score, Decomposition.explain(summary, answerClaims, byReference));
        });
    }

    /** The reference's claims read no answer (none are needed in precision mode). */
    @Override
    public void askBeforeAnswer(String question, String reference, List<String> contexts) {
        if (mode != Mode.PRECISION && !reference.isBlank()) {
            claims(question, reference);
        }
    }

    private List<String> claims(String question, String text) {
        return ragasCompatible
                ? Decomposition.claims(session, text)
                : Decomposition.statements(session, question, text);
    }

    /** The metric's arithmetic; an empty denominator gives 0. */
    static double score(Mode mode, int tp, int fp, int fn) {
        double precision = tp + fp == 0 ? 0 : (double) tp / (tp + fp);
        double recall = tp + fn == 0 ? 0 : (double) tp / (tp + fn);
        return switch (mode) {
            case PRECISION -> precision;
            case RECALL -> recall;
            case F1 -> precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
        };
    }

    @Override
    public String toString() {
        return JudgeMetric.FACTUAL_CORRECTNESS.label() + "(" + mode.name().toLowerCase(Locale.ROOT)
                + (ragasCompatible ? ", ragas" : "") + ")";
    }
}
