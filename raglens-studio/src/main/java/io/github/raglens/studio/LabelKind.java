package io.github.raglens.studio;

import io.github.raglens.LabelScores;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.PassageLabel;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a person labels for one metric, in the metric's own unit: the items of a cell (the answer's
 * statements, the contexts, the reference's statements, a passage), the question asked of each, the
 * answers each takes (yes/no, or a grade 0–3), and how the answers make the cell's score in [0, 1]
 * as the metric makes it from the judge's verdicts. The labelling page knows nothing else of a metric,
 * so a new kind of label (a graded passage, a nugget) is a new constant here.
 */
enum LabelKind {
    /** Faithfulness: is each statement of the answer supported by the contexts? Score: the share supported. */
    FAITHFULNESS(
            JudgeMetric.FAITHFULNESS.label(),
            "Is this statement of the answer supported by the contexts?",
            Scale.YES_NO,
            Items.JUDGED),
    /** Context recall: is each statement of the reference found in the contexts? Score: the share found. */
    CONTEXT_RECALL(
            JudgeMetric.CONTEXT_RECALL.label(),
            "Is this statement of the reference answer found in the contexts?",
            Scale.YES_NO,
            Items.JUDGED),
    /** Context precision: is each context useful to answer the question? Score: average precision in rank order. */
    CONTEXT_PRECISION(
            JudgeMetric.CONTEXT_PRECISION.label(),
            "Is this context useful for answering the question (given the reference answer)?",
            Scale.YES_NO,
            Items.CONTEXTS),
    /**
     * Judged relevance: how well does a pooled passage answer the question, on the judge's 0–3 scale?
     * The grade itself is the label ({@link io.github.raglens.model.PassageLabel}).
     */
    RELEVANCE(
            PassageLabel.METRIC,
            "How well does this passage answer the question? 0 unrelated, 1 on the topic but does not answer,"
                    + " 2 answers in part, 3 answers",
            Scale.GRADE,
            Items.CELL),
    /** Any other metric, a user's own too: is the answer right, as the metric asks? Score: 1 or 0. */
    WHOLE_CELL(null, "Would you pass this answer on this metric?", Scale.YES_NO, Items.CELL);

    /** The answers an item takes. */
    enum Scale {
        /** 1 (yes) or 0 (no). */
        YES_NO(1),
        /** A grade 0–3 (0 unrelated, 1 on the topic, 2 answers in part, 3 answers). */
        GRADE(3);

        private final int top;

        Scale(int top) {
            this.top = top;
        }

        /** The highest answer. */
        int top() {
            return top;
        }
    }

    /** Where a cell's items come from. */
    enum Items {
        /** The items the judge gave verdicts on, from its explanation ({@code [1] statement — reason}). */
        JUDGED,
        /** The contexts, in rank order. */
        CONTEXTS,
        /** The cell as a whole. */
        CELL
    }

    private static final Pattern JUDGED_ITEM = Pattern.compile("(?m)^\\[[01]] (.*?) — .*$");

    /** The metric's name in the workspace's files; null for {@link #WHOLE_CELL}, any other metric. */
    private final String metric;

    private final String ask;
    private final Scale scale;
    private final Items items;

    LabelKind(String metric, String ask, Scale scale, Items items) {
        this.metric = metric;
        this.ask = ask;
        this.scale = scale;
        this.items = items;
    }

    /** The kind for a metric named in the workspace's files: its own, or {@link #WHOLE_CELL}. */
    static LabelKind of(String metric) {
        for (LabelKind k : values()) {
            if (k.metric != null && k.metric.equalsIgnoreCase(metric)) {
                return k;
            }
        }
        return WHOLE_CELL;
    }

    /** The question asked of each item. */
    String ask() {
        return ask;
    }

    Scale scale() {
        return scale;
    }

    /**
     * The items of a cell to label.
     *
     * @param detail the judge's explanation of its score on the cell, one verdict a line
     * @param contexts the cell's contexts
     * @return at least one item; for {@link Items#JUDGED} without a readable explanation, the cell as a whole
     */
    List<String> items(String detail, List<String> contexts, String answer) {
        return switch (items) {
            case JUDGED -> {
                List<String> out = new ArrayList<>();
                Matcher m = JUDGED_ITEM.matcher(detail);
                while (m.find()) {
                    out.add(m.group(1));
                }
                yield out.isEmpty() ? List.of(answer) : out;
            }
            case CONTEXTS -> contexts.isEmpty() ? List.of("(no context was retrieved)") : contexts;
            case CELL -> List.of(answer);
        };
    }

    /**
     * The cell's score from the answers to its items, as the metric computes it from verdicts
     * ({@link LabelScores}: average precision for context precision, else the share answered yes).
     *
     * @param metric the metric labelled, as the workspace's files name it
     * @param answers one per item, each in [0, {@link Scale#top()}]
     * @throws IllegalArgumentException if there is no answer or one is out of the scale
     */
    double score(String metric, List<Integer> answers) {
        if (scale == Scale.YES_NO) {
            return LabelScores.score(metric, answers);
        }
        if (answers.isEmpty()) {
            throw new IllegalArgumentException("a label needs an answer for every item, got none");
        }
        for (int a : answers) {
            if (a < 0 || a > scale.top()) {
                throw new IllegalArgumentException("an answer must be in 0-" + scale.top() + ", was " + a);
            }
        }
        return answers.stream()
                .mapToDouble(a -> (double) a / scale.top())
                .average()
                .orElseThrow();
    }
}
