package io.github.raglens.internal;

import java.util.Comparator;
import java.util.Objects;

/**
 * One cell of an evaluation: a system's answer to one question, the unit that answers, scores and
 * human labels are kept by. Cells sort by system, then question.
 *
 * @param system the retriever's pipeline or the user's system that answered
 * @param questionId the question
 */
public record Cell(String system, String questionId) implements Comparable<Cell> {

    private static final Comparator<Cell> ORDER =
            Comparator.comparing(Cell::system).thenComparing(Cell::questionId);

    /** Checks the parts. */
    public Cell {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(questionId, "questionId");
    }

    /**
     * The cell as one string, for a store that keys its records by string: the parts joined by the
     * unit separator, which no system name or question id holds.
     */
    public String key() {
        return system + '\u001f' + questionId;
    }

    /** The cell judged on one metric: what a score or a human label belongs to. */
    public OnMetric on(String metric) {
        return new OnMetric(this, metric);
    }

    @Override
    public int compareTo(Cell other) {
        return ORDER.compare(this, other);
    }

    /**
     * A cell judged on one metric.
     *
     * @param cell the cell
     * @param metric the metric's name, e.g. {@code faithfulness}
     */
    public record OnMetric(Cell cell, String metric) {

        /** Checks the parts. */
        public OnMetric {
            Objects.requireNonNull(cell, "cell");
            Objects.requireNonNull(metric, "metric");
        }

        /** As {@link Cell#key()}, with the metric. */
        public String key() {
            return cell.key() + '\u001f' + metric;
        }
    }
}
