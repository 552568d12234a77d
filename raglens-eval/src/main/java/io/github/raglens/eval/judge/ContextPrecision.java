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
 * Context precision: a usefulness verdict per retrieved context (was it useful for arriving at the
 * reference answer), then average precision over the verdicts in rank order:
 * {@code AP = Σ_k v_k · precision@k / Σ_k v_k}, 0 when no context is useful.
 *
 * <p>{@link Mode#ONE_CALL} (the default) judges all K contexts in one call, each numbered and judged
 * on its own; {@link Mode#PER_CONTEXT} sends one call per context, all at once, as RAGAS does (but
 * concurrently). The default is one call because it keeps the four headline metrics at about five
 * judge calls per sample with K = 5 (per context: about nine, RAGAS: twelve), sends the question and
 * reference once instead of K times, and scores with the same average precision; per context is the
 * option for judges that lose track of numbered items. Per-context calls are keyed by the context's
 * text, so a context two retrievers both return for a question is judged once. No reference fails
 * with {@code no-reference}; no contexts score 0. Thread-safe.
 */
public final class ContextPrecision implements RepeatableMetric, AnswerFreeCalls {

    /** How the contexts are sent to the judge. */
    public enum Mode {
        /** One call per context, the calls sent concurrently. */
        PER_CONTEXT,
        /** All contexts numbered in one call. */
        ONE_CALL;

        /** The mode of {@link ContextPrecision#of(JudgeSession)} and {@link Metrics#create(List, JudgeSession)}. */
        public static final Mode DEFAULT = ONE_CALL;
    }

    /**
     * The version of this metric's arithmetic: how the score follows from the judge's replies, and
     * which cells fail or score without them. It is part of {@link #version()}, so stored scores are
     * made again when it changes; raise it with any such change ({@code MetricFingerprintTest} fails
     * until it is raised, from the scores of fixed cells).
     */
    static final String ARITHMETIC = "ap-1";

    private final JudgeSession session;
    private final Mode mode;

    private ContextPrecision(JudgeSession session, Mode mode) {
        this.session = Objects.requireNonNull(session, "session");
        this.mode = Objects.requireNonNull(mode, "mode");
    }

    /** Context precision in the default mode, {@link Mode#ONE_CALL}. */
    public static ContextPrecision of(JudgeSession session) {
        return new ContextPrecision(session, Mode.DEFAULT);
    }

    /** Context precision in the given mode. */
    public static ContextPrecision of(JudgeSession session, Mode mode) {
        return new ContextPrecision(session, mode);
    }

    Mode mode() {
        return mode;
    }

    /** This metric judging in repeat {@code r} (0 is this metric); see {@link Scorer.Builder#repeats}. */
    @Override
    public Judge repeat(int r) {
        return new ContextPrecision(session.repeat(r), mode);
    }

    @Override
    public String metric() {
        return JudgeMetric.CONTEXT_PRECISION.label();
    }

    @Override
    public String version() {
        return Prompts.USEFULNESS_VERSION + "+"
                + mode.name().toLowerCase(Locale.ROOT).replace('_', '-') + "+" + ARITHMETIC;
    }

    @Override
    public Judgement judge(JudgeInput in) {
        if (in.reference().isBlank()) {
            return new Judgement.Failed("no-reference", "context precision needs a reference answer");
        }
        if (in.contexts().isEmpty()) {
            return new Judgement.Scored(0, "no contexts were retrieved");
        }
        return Decomposition.guard(() -> {
            List<Verdict> verdicts = verdicts(in.question(), in.reference(), in.contexts());
            int[] v = verdicts.stream().mapToInt(Verdict::verdict).toArray();
            double ap = averagePrecision(v);
            return new Judgement.Scored(
                    ap,
                    Decomposition.explain(
                            String.format(
                                    Locale.ROOT,
                                    "average precision %.4f over %d contexts, %d useful",
                                    ap,
                                    v.length,
                                    Decomposition.count(verdicts)),
                            in.contexts(),
                            verdicts));
        });
    }

    /** Every verdict call reads the question, the reference and the contexts only: asked before the answer. */
    @Override
    public void askBeforeAnswer(String question, String reference, List<String> contexts) {
        if (!reference.isBlank() && !contexts.isEmpty()) {
            verdicts(question, reference, contexts);
        }
    }

    private List<Verdict> verdicts(String question, String reference, List<String> contexts) {
        return mode == Mode.ONE_CALL
                ? allAtOnce(question, reference, contexts)
                : oneByOne(question, reference, contexts);
    }

    private List<Verdict> oneByOne(String question, String reference, List<String> contexts) {
        String model = session.modelName();
        return Parallel.map(
                contexts,
                context -> session.ask(
                        contextKey(model, question, reference, context),
                        Prompts.usefulness(question, reference, context),
                        Decomposition::readVerdict));
    }

    /** The key of one context's call: the same for every retriever that returns the context. */
    static String contextKey(String model, String question, String reference, String context) {
        return Prompts.key(Prompts.USEFULNESS_VERSION, model, question, reference, context);
    }

    /** The key of the call judging all contexts at once. */
    static String allKey(String model, String question, String reference, List<String> contexts) {
        return Prompts.key(Prompts.USEFULNESS_VERSION + "-all", model, question, reference, Prompts.numbered(contexts));
    }

    private List<Verdict> allAtOnce(String question, String reference, List<String> contexts) {
        String key = allKey(session.modelName(), question, reference, contexts);
        return session.ask(
                key,
                Prompts.usefulnessAll(question, reference, contexts),
                reply -> Decomposition.readVerdicts(reply, contexts.size(), "context"));
    }

    /**
     * Average precision of binary verdicts in rank order, the score this metric makes of its
     * verdicts; 0 when none is 1.
     *
     * @param verdicts one per context in rank order, 1 useful and 0 not
     * @return the score in [0, 1]
     */
    public static double averagePrecision(int[] verdicts) {
        int hits = 0;
        double sum = 0;
        for (int k = 0; k < verdicts.length; k++) {
            if (verdicts[k] == 1) {
                hits++;
                sum += (double) hits / (k + 1);
            }
        }
        return hits == 0 ? 0 : sum / hits;
    }

    @Override
    public String toString() {
        return JudgeMetric.CONTEXT_PRECISION.label() + "(" + mode.name().toLowerCase(Locale.ROOT) + ")";
    }
}
