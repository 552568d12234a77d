package io.github.raglens.eval.judge;

import io.github.raglens.spi.Judge;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** Creates metrics by the names used in files and on the command line. */
public final class Metrics {

    /** Every metric name, judge metrics first. */
    public static final List<String> NAMES = List.of(
            StatementSupport.FAITHFULNESS,
            FactualCorrectness.NAME,
            ContextPrecision.NAME,
            StatementSupport.CONTEXT_RECALL,
            ResponseRelevancy.NAME,
            "string_context_precision",
            "string_context_recall",
            "rouge_l",
            "bleu",
            "exact_match",
            "substring_match");

    /** The default of {@code raglens evaluate}: the four headline judge metrics. */
    public static final List<String> DEFAULT = List.of(
            StatementSupport.FAITHFULNESS,
            FactualCorrectness.NAME,
            ContextPrecision.NAME,
            StatementSupport.CONTEXT_RECALL);

    private Metrics() {}

    /** Whether the named metric calls the judge model. */
    public static boolean usesJudge(String name) {
        return NAMES.indexOf(name) >= 0 && NAMES.indexOf(name) < 5;
    }

    /**
     * Creates the named metrics with the default context precision mode ({@link
     * ContextPrecision.Mode#DEFAULT}).
     *
     * @param names metric names from {@link #NAMES}
     * @param session the judge session; may be null when no judge metric is named
     * @return the metrics
     * @throws IllegalArgumentException for an unknown name, or a judge metric without a session
     */
    public static List<Judge> create(List<String> names, JudgeSession session) {
        return create(names, session, ContextPrecision.Mode.DEFAULT);
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
     * @param names metric names from {@link #NAMES}
     * @param session the judge session; may be null when no judge metric is named
     * @return the metrics
     * @throws IllegalArgumentException for an unknown name, or a judge metric without a session
     */
    public static List<Judge> ragasCompatible(List<String> names, JudgeSession session) {
        List<Judge> out = new ArrayList<>();
        for (Judge m : create(names, session, ContextPrecision.Mode.PER_CONTEXT, false)) {
            out.add(
                    switch (m.metric()) {
                        case FactualCorrectness.NAME -> FactualCorrectness.ragasCompatible(session);
                        case StatementSupport.CONTEXT_RECALL -> new SentenceRecall(session);
                        default -> m;
                    });
        }
        return List.copyOf(out);
    }

    /**
     * Creates the named metrics, in the given order, without duplicates. Metrics that need the same
     * judge call share it: faithfulness and context recall judge a cell's answer and reference
     * statements in one call, and statement extractions are shared through the session.
     *
     * @param names metric names from {@link #NAMES}
     * @param session the judge session; may be null when no judge metric is named
     * @param contextPrecision how context precision sends its contexts
     * @return the metrics
     * @throws IllegalArgumentException for an unknown name, or a judge metric without a session
     */
    public static List<Judge> create(List<String> names, JudgeSession session, ContextPrecision.Mode contextPrecision) {
        return create(names, session, contextPrecision, true);
    }

    private static List<Judge> create(
            List<String> names,
            JudgeSession session,
            ContextPrecision.Mode contextPrecision,
            boolean shareContextSupport) {
        Objects.requireNonNull(contextPrecision, "contextPrecision");
        List<Judge> out = new ArrayList<>();
        Set<String> unique = new LinkedHashSet<>(names);
        // Faithfulness and context recall check statements against the same contexts: one shared
        // step judges both sides of a cell in one call.
        ContextSupport support = null;
        if (session != null
                && shareContextSupport
                && unique.contains(StatementSupport.FAITHFULNESS)
                && unique.contains(StatementSupport.CONTEXT_RECALL)) {
            support = ContextSupport.of(session, EnumSet.allOf(ContextSupport.Side.class));
        }
        for (String name : unique) {
            if (!NAMES.contains(name)) {
                throw new IllegalArgumentException(
                        "unknown metric '" + name + "'; choose from " + String.join(", ", NAMES));
            }
            if (usesJudge(name) && session == null) {
                throw new IllegalArgumentException("metric '" + name + "' needs a judge model");
            }
            out.add(
                    switch (name) {
                        case StatementSupport.FAITHFULNESS ->
                            support == null
                                    ? StatementSupport.faithfulness(session)
                                    : StatementSupport.on(support, ContextSupport.Side.ANSWER);
                        case FactualCorrectness.NAME -> FactualCorrectness.of(session);
                        case ContextPrecision.NAME -> ContextPrecision.of(session, contextPrecision);
                        case StatementSupport.CONTEXT_RECALL ->
                            support == null
                                    ? StatementSupport.contextRecall(session)
                                    : StatementSupport.on(support, ContextSupport.Side.REFERENCE);
                        case ResponseRelevancy.NAME -> ResponseRelevancy.of(session);
                        case "string_context_precision" -> TextMetric.stringContextPrecision();
                        case "string_context_recall" -> TextMetric.stringContextRecall();
                        case "rouge_l" -> TextMetric.rougeL();
                        case "bleu" -> TextMetric.bleu();
                        case "exact_match" -> TextMetric.exactMatch();
                        case "substring_match" -> TextMetric.substringMatch();
                        default -> throw new IllegalStateException(name);
                    });
        }
        return List.copyOf(out);
    }
}
