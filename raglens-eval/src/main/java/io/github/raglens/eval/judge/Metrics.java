package io.github.raglens.eval.judge;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/** Creates metrics by the names used in files and on the command line. */
public final class Metrics {

    /** Every metric name, judge metrics first. */
    public static final List<String> NAMES = List.of(
            Faithfulness.NAME,
            FactualCorrectness.NAME,
            ContextPrecision.NAME,
            ContextRecall.NAME,
            ResponseRelevancy.NAME,
            "string_context_precision",
            "string_context_recall",
            "rouge_l",
            "bleu",
            "exact_match",
            "substring_match");

    /** The default of {@code raglens evaluate}: the four headline judge metrics. */
    public static final List<String> DEFAULT =
            List.of(Faithfulness.NAME, FactualCorrectness.NAME, ContextPrecision.NAME, ContextRecall.NAME);

    private Metrics() {}

    /** Whether the named metric calls the judge model. */
    public static boolean usesJudge(String name) {
        return NAMES.indexOf(name) >= 0 && NAMES.indexOf(name) < 5;
    }

    /**
     * Creates the named metrics, in the given order, without duplicates.
     *
     * @param names metric names from {@link #NAMES}
     * @param session the judge session; may be null when no judge metric is named
     * @param contextPrecision how context precision sends its contexts
     * @return the metrics
     * @throws IllegalArgumentException for an unknown name, or a judge metric without a session
     */
    public static List<Metric> create(
            List<String> names, JudgeSession session, ContextPrecision.Mode contextPrecision) {
        Objects.requireNonNull(contextPrecision, "contextPrecision");
        List<Metric> out = new ArrayList<>();
        for (String name : new LinkedHashSet<>(names)) {
            if (!NAMES.contains(name)) {
                throw new IllegalArgumentException(
                        "unknown metric '" + name + "'; choose from " + String.join(", ", NAMES));
            }
            if (usesJudge(name) && session == null) {
                throw new IllegalArgumentException("metric '" + name + "' needs a judge model");
            }
            out.add(
                    switch (name) {
                        case Faithfulness.NAME -> Faithfulness.of(session);
                        case FactualCorrectness.NAME -> FactualCorrectness.of(session);
                        case ContextPrecision.NAME -> ContextPrecision.of(session, contextPrecision);
                        case ContextRecall.NAME -> ContextRecall.of(session);
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
