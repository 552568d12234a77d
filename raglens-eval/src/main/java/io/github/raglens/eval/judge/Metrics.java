package io.github.raglens.eval.judge;

import io.github.raglens.model.JudgeMetric;
import io.github.raglens.spi.Judge;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** Creates the built-in metrics ({@link JudgeMetric}) over a judge session. */
public final class Metrics {

    private Metrics() {}

    /**
     * Creates the named metrics with the default context precision mode ({@link
     * ContextPrecision.Mode#DEFAULT}).
     *
     * @param metrics the metrics
     * @param session the judge session; may be null when no judge metric is named
     * @return the metrics
     * @throws IllegalArgumentException for a judge metric without a session
     */
    public static List<Judge> create(List<JudgeMetric> metrics, JudgeSession session) {
        return create(metrics, session, ContextPrecision.Mode.DEFAULT);
    }

    /**
     * Creates the named metrics as RAGAS computes them, to compare raglens's numbers with RAGAS's:
     * context precision with one call per context ({@link ContextPrecision.Mode#PER_CONTEXT}),
     * context recall over the reference's sentences instead of its atomic statements, factual
     * correctness with claim decompositions of its own (without the question, shared with no other
     * metric) rounded to 2 decimals, and faithfulness's verdict call carrying the answer's statements
     * only. Response relevancy and the text metrics are the same in both modes. Each metric that
     * differs has a version of its own, so scores of the two modes are stored side by side and never
     * mixed. About {@code 7 + K} judge calls per cell for the four headline metrics (RAGAS: the same),
     * against about {@code 5} in the default mode ({@link #create(List, JudgeSession)}).
     *
     * @param metrics the metrics
     * @param session the judge session; may be null when no judge metric is named
     * @return the metrics
     * @throws IllegalArgumentException for a judge metric without a session
     */
    public static List<Judge> ragasCompatible(List<JudgeMetric> metrics, JudgeSession session) {
        List<JudgeMetric> unique = List.copyOf(new LinkedHashSet<>(metrics));
        List<Judge> created = create(unique, session, ContextPrecision.Mode.PER_CONTEXT, false);
        List<Judge> out = new ArrayList<>();
        for (int i = 0; i < unique.size(); i++) {
            out.add(
                    switch (unique.get(i)) {
                        case FACTUAL_CORRECTNESS -> FactualCorrectness.ragasCompatible(session);
                        case CONTEXT_RECALL -> new SentenceRecall(session);
                        default -> created.get(i);
                    });
        }
        return List.copyOf(out);
    }

    /**
     * Creates the named metrics, in the given order, without duplicates. Metrics that need the same
     * judge call share it: faithfulness and context recall judge a cell's answer and reference
     * statements in one call, and statement extractions are shared through the session.
     *
     * @param metrics the metrics
     * @param session the judge session; may be null when no judge metric is named
     * @param contextPrecision how context precision sends its contexts
     * @return the metrics
     * @throws IllegalArgumentException for a judge metric without a session
     */
    public static List<Judge> create(
            List<JudgeMetric> metrics, JudgeSession session, ContextPrecision.Mode contextPrecision) {
        return create(metrics, session, contextPrecision, true);
    }

    private static List<Judge> create(
            List<JudgeMetric> metrics,
            JudgeSession session,
            ContextPrecision.Mode contextPrecision,
            boolean shareContextSupport) {
        Objects.requireNonNull(contextPrecision, "contextPrecision");
        List<Judge> out = new ArrayList<>();
        Set<JudgeMetric> unique = new LinkedHashSet<>(metrics);
        // Faithfulness and context recall check statements against the same contexts: one shared
        // step judges both sides of a cell in one call.
        ContextSupport support = null;
        if (session != null
                && shareContextSupport
                && unique.contains(JudgeMetric.FAITHFULNESS)
                && unique.contains(JudgeMetric.CONTEXT_RECALL)) {
            support = ContextSupport.of(session, EnumSet.allOf(ContextSupport.Side.class));
        }
        for (JudgeMetric metric : unique) {
            if (metric.usesJudge() && session == null) {
                throw new IllegalArgumentException("metric '" + metric.label() + "' needs a judge model");
            }
            out.add(
                    switch (metric) {
                        case FAITHFULNESS ->
                            support == null
                                    ? StatementSupport.faithfulness(session)
                                    : StatementSupport.on(support, ContextSupport.Side.ANSWER);
                        case FACTUAL_CORRECTNESS -> FactualCorrectness.of(session);
                        case CONTEXT_PRECISION -> ContextPrecision.of(session, contextPrecision);
                        case CONTEXT_RECALL ->
                            support == null
                                    ? StatementSupport.contextRecall(session)
                                    : StatementSupport.on(support, ContextSupport.Side.REFERENCE);
                        case RESPONSE_RELEVANCY -> ResponseRelevancy.of(session);
                        case NUGGETS -> NuggetEvaluation.of(session, NuggetScore.VITAL);
                        case NUGGETS_STRICT_VITAL -> NuggetEvaluation.of(session, NuggetScore.STRICT_VITAL);
                        case NUGGETS_ALL -> NuggetEvaluation.of(session, NuggetScore.ALL);
                        case NUGGETS_STRICT_ALL -> NuggetEvaluation.of(session, NuggetScore.STRICT_ALL);
                        case STRING_CONTEXT_PRECISION -> TextMetric.stringContextPrecision();
                        case STRING_CONTEXT_RECALL -> TextMetric.stringContextRecall();
                        case ROUGE_L -> TextMetric.rougeL();
                        case BLEU -> TextMetric.bleu();
                        case EXACT_MATCH -> TextMetric.exactMatch();
                        case SUBSTRING_MATCH -> TextMetric.substringMatch();
                    });
        }
        return List.copyOf(out);
    }
}
