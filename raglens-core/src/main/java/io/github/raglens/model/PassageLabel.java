package io.github.raglens.model;

import java.util.Objects;
import java.util.Optional;

/**
 * A person's grade of one pooled passage for one question, on the judge's 0–3 scale of judged
 * relevance (0 unrelated, 1 on the topic without answering, 2 answers in part, 3 answers), for
 * calibrating the judge's grades: how well judge and people agree, and, for passages raglens drew,
 * each retriever's judged precision corrected by what the labels show.
 *
 * @param queryId the question, by its id in the judged qrels
 * @param passage the passage, by its id in the judged qrels
 * @param grade the person's grade, 0 to {@value #MAX_GRADE}
 * @param labeller who gave the label; empty when not recorded
 * @param labelledAt when, as an ISO-8601 instant; empty when not recorded
 * @param inputs the hash of the question and passage text the judge graded when the pair was drawn:
 *     a label of a pair whose text has since changed is left out; empty when not recorded
 * @param draw how raglens drew the pair; empty for a pair raglens did not draw, which counts for
 *     agreement only
 */
public record PassageLabel(
        String queryId,
        String passage,
        int grade,
        String labeller,
        String labelledAt,
        String inputs,
        Optional<LabelDraw> draw) {

    /** The metric name passage labels carry in a labels file. */
    public static final String METRIC = "relevance";

    /** The highest grade: the passage answers the question. */
    public static final int MAX_GRADE = 3;

    /**
     * Validates the fields.
     *
     * @throws IllegalArgumentException if the grade is outside 0–3, or {@code labelledAt} is neither
     *     empty nor an ISO-8601 instant
     */
    public PassageLabel {
        Objects.requireNonNull(queryId, "queryId");
        Objects.requireNonNull(passage, "passage");
        labeller = Objects.requireNonNullElse(labeller, "");
        labelledAt = Objects.requireNonNullElse(labelledAt, "");
        inputs = Objects.requireNonNullElse(inputs, "");
        draw = Objects.requireNonNullElse(draw, Optional.empty());
        if (grade < 0 || grade > MAX_GRADE) {
            throw new IllegalArgumentException("grade must be 0 to " + MAX_GRADE + ", was " + grade);
        }
        LabelTimes.check(labelledAt);
    }
}
