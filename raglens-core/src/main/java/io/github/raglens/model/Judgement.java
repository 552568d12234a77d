package io.github.raglens.model;

import java.util.Objects;

/** The outcome of judging one cell with one metric: a score, or a failure with its reason. */
public sealed interface Judgement permits Judgement.Scored, Judgement.Failed {

    /**
     * A score in [0, 1].
     *
     * @param score the metric's value
     * @param explanation verdicts and reasons behind the score, for the report's drill-down
     */
    record Scored(double score, String explanation) implements Judgement {
        /** Validates the score's range. */
        public Scored {
            Objects.requireNonNull(explanation, "explanation");
            if (!(score >= 0 && score <= 1)) {
                throw new IllegalArgumentException("score must be in [0, 1], was " + score);
            }
        }
    }

    /**
     * A cell that could not be scored.
     *
     * @param reason a short code such as {@code invalid-json}, {@code timeout}, {@code no-statements}
     * @param detail what happened, for the user
     */
    record Failed(String reason, String detail) implements Judgement {
        /** Validates that no field is null. */
        public Failed {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(detail, "detail");
        }
    }
}
