package io.github.raglens.result;

import io.github.raglens.result.Aggregation.SelfConsistency;
import io.github.raglens.result.JudgeAgreement.JudgeDisagreement;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the evaluate stage did.
 *
 * @param questions questions in the sample
 * @param answers the answering run
 * @param scoring the judging run (calls, tokens, cost, failures, why it stopped)
 * @param aggregation mean, 95% interval and coverage per metric and retriever, as written to {@code
 *     evaluation.json}
 * @param selfConsistency per judge metric, how consistently the judge scored the repeats of a cell;
 *     empty unless {@code EvaluateOptions.repeats()} is above 1
 * @param calibration judge-human agreement and prediction-powered means; empty without {@code
 *     EvaluateOptions.humanLabels()}
 * @param judgeAgreement per judge metric, the agreement of the judge and the {@code
 *     RagLens.Builder.secondJudge}; empty without a second judge
 * @param disagreements per judge metric, the cells where the two judges differ most (at most {@value
 *     #DISAGREEMENTS_SHOWN} each); empty without a second judge
 */
public record EvaluationResult(
        int questions,
        AnswerSummary answers,
        ScoringSummary scoring,
        Aggregation aggregation,
        List<SelfConsistency> selfConsistency,
        Optional<Calibration> calibration,
        List<JudgeAgreement> judgeAgreement,
        List<JudgeDisagreement> disagreements) {

    /** How many disagreeing cells are kept per metric. */
    public static final int DISAGREEMENTS_SHOWN = 5;

    /** Validates that no part is null and copies the list. */
    public EvaluationResult {
        selfConsistency = List.copyOf(selfConsistency);
        judgeAgreement = List.copyOf(judgeAgreement);
        disagreements = List.copyOf(disagreements);
        Objects.requireNonNull(calibration, "calibration");
        Objects.requireNonNull(answers, "answers");
        Objects.requireNonNull(scoring, "scoring");
        Objects.requireNonNull(aggregation, "aggregation");
    }

    /** Whether every answer and every score of the plan is done and none failed. */
    public boolean complete() {
        return answers.failed() == 0 && answers.stopReason().isEmpty() && scoring.complete();
    }
}
