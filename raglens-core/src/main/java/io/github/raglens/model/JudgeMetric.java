package io.github.raglens.model;

import java.util.List;

/**
 * The built-in metrics that score a generated answer: the judge metrics, which ask a judge model, and
 * the text metrics, which compare strings. Files and options name a metric by its {@link #label()};
 * {@link #parse(String)} is the one place that reads such a name.
 */
public enum JudgeMetric {
    /** Share of the answer's statements the retrieved contexts support. */
    FAITHFULNESS("faithfulness", true),
    /** Precision, recall and F1 of the answer's claims against the reference answer's. */
    FACTUAL_CORRECTNESS("factual_correctness", true),
    /** Average precision of the contexts the judge finds useful, by rank. */
    CONTEXT_PRECISION("context_precision", true),
    /** Share of the reference's statements the contexts support. */
    CONTEXT_RECALL("context_recall", true),
    /** Cosine of the question with questions the judge writes from the answer. */
    RESPONSE_RELEVANCY("response_relevancy", true),
    /**
     * Vital nuggets of the question an answer states, a partly stated one counting 0.5 (nugget
     * evaluation: the judge lists each question's nuggets once, then labels them per answer).
     */
    NUGGETS("nuggets", true),
    /** Vital nuggets of the question an answer states in full, over its vital nuggets. */
    NUGGETS_STRICT_VITAL("nuggets_strict_vital", true),
    /** Every nugget of the question an answer states, a partly stated one counting 0.5. */
    NUGGETS_ALL("nuggets_all", true),
    /** Every nugget of the question an answer states in full, over all its nuggets. */
    NUGGETS_STRICT_ALL("nuggets_strict_all", true),
    /** Context precision by string similarity to the reference, without a judge. */
    STRING_CONTEXT_PRECISION("string_context_precision", false),
    /** Context recall by string similarity to the reference, without a judge. */
    STRING_CONTEXT_RECALL("string_context_recall", false),
    /** ROUGE-L F-measure of answer and reference. */
    ROUGE_L("rouge_l", false),
    /** BLEU of answer against reference. */
    BLEU("bleu", false),
    /** Whether answer and reference are the same text (normalised). */
    EXACT_MATCH("exact_match", false),
    /** Whether the reference occurs in the answer (normalised). */
    SUBSTRING_MATCH("substring_match", false);

    private static final List<JudgeMetric> HEADLINE =
            List.of(FAITHFULNESS, FACTUAL_CORRECTNESS, CONTEXT_PRECISION, CONTEXT_RECALL);

    private final String label;
    private final boolean usesJudge;

    JudgeMetric(String label, boolean usesJudge) {
        this.label = label;
        this.usesJudge = usesJudge;
    }

    /** The name in options, files and reports, e.g. {@code context_recall}. */
    public String label() {
        return label;
    }

    /** Whether the metric asks the judge model (the text metrics do not). */
    public boolean usesJudge() {
        return usesJudge;
    }

    /** The metrics evaluated when none are named: faithfulness, factual correctness, context precision and recall. */
    public static List<JudgeMetric> defaults() {
        return HEADLINE;
    }

    /**
     * The metric of a {@link #label()}, case-insensitive.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static JudgeMetric parse(String label) {
        return Labels.parse(values(), JudgeMetric::label, label, "metric");
    }

    /** The label. */
    @Override
    public String toString() {
        return label;
    }
}
