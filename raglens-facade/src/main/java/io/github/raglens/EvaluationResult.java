package io.github.raglens;

import io.github.raglens.eval.judge.Aggregation;
import io.github.raglens.eval.judge.AnswerGenerator;
import io.github.raglens.eval.judge.ScoringSummary;
import java.util.Objects;

/**
 * What the evaluate stage did.
 *
 * @param questions questions in the sample
 * @param answers the answering run
 * @param scoring the judging run (calls, tokens, cost, failures, why it stopped)
 * @param aggregation mean, 95% interval and coverage per metric and retriever, as written to {@code
 *     evaluation.json}
 */
public record EvaluationResult(
        int questions, AnswerGenerator.Summary answers, ScoringSummary scoring, Aggregation aggregation) {

    /** Validates that no part is null. */
    public EvaluationResult {
        Objects.requireNonNull(answers, "answers");
        Objects.requireNonNull(scoring, "scoring");
        Objects.requireNonNull(aggregation, "aggregation");
    }

    /** Whether every answer and every score of the plan is done and none failed. */
    public boolean complete() {
        return answers.failed() == 0 && answers.stopReason().isEmpty() && scoring.complete();
    }
}
