package io.github.raglens.result;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What grading a pool of passages gave, for judged relevance: every retriever's top {@code depth}
 * passages per question pooled (the same passage returned twice merged), those holding the evidence
 * quote grade 3 without a call, the others graded 0–3 by the judge.
 *
 * @param questions questions whose passages were pooled
 * @param depth how many top passages of each retriever were pooled
 * @param judgeModel the judge model
 * @param pooled passages pooled over every question, same passages merged
 * @param byEvidence of those, passages holding the evidence quote (grade 3 without a call)
 * @param graded passages the judge graded (from its call cache or by a call)
 * @param ungraded passages whose grade could not be had, by reason (left out of the qrels)
 * @param relevantBeyondEvidence passages of grade 2 or 3 holding no evidence quote, per question
 */
public record JudgedRelevanceResult(
        int questions,
        int depth,
        String judgeModel,
        int pooled,
        int byEvidence,
        int graded,
        Map<String, Integer> ungraded,
        double relevantBeyondEvidence) {

    /** No pool was graded. */
    public static final JudgedRelevanceResult NONE = new JudgedRelevanceResult(0, 0, "", 0, 0, 0, Map.of(), 0);

    /** Copies the map. */
    public JudgedRelevanceResult {
        Objects.requireNonNull(judgeModel, "judgeModel");
        ungraded = Map.copyOf(ungraded == null ? Map.of() : ungraded);
    }

    /** Whether a pool was graded. */
    public boolean made() {
        return depth > 0;
    }

    /** Passages whose grade could not be had. */
    public int ungradedCount() {
        return ungraded.values().stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * One line for the terminal and the report, e.g. {@code 40 questions, 212 passages pooled at
     * depth 10 (40 holding the evidence, 172 graded by gpt-4o-mini, 0 ungraded): 1.25 relevant
     * passages per question beyond the evidence chunks}.
     */
    public String describe() {
        return String.format(
                Locale.ROOT,
                "%d questions, %d passages pooled at depth %d (%d holding the evidence, %d graded by %s, %d"
                        + " ungraded%s): %.2f relevant passages per question beyond the evidence chunks",
                questions,
                pooled,
                depth,
                byEvidence,
                graded,
                judgeModel,
                ungradedCount(),
                ungraded.isEmpty() ? "" : " " + new java.util.TreeMap<>(ungraded),
                relevantBeyondEvidence);
    }
}
