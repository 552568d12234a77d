package io.github.raglens;

import io.github.raglens.model.JudgeMetric;
import io.github.raglens.result.CostEstimate;
import java.util.List;
import java.util.Objects;

/**
 * What an evaluation would send, computed without sending anything: calls, tokens and cost of the
 * answers and the judge calls still to do (finished work in the workspace is not counted again).
 *
 * @param questions questions in the sample
 * @param retrievers the retrievers compared
 * @param metrics the metrics
 * @param answerModel the answering model
 * @param answers the answering calls
 * @param judgeModel the judge model
 * @param judging the judge calls
 * @param secondJudgeModel the second judge model ({@link RagLens.Builder#secondJudge}), empty for
 *     none
 * @param secondJudging the second judge's calls on the same cells, at its own price; {@link
 *     CostEstimate#NONE} without a second judge
 */
public record EvaluationEstimate(
        int questions,
        List<String> retrievers,
        List<JudgeMetric> metrics,
        String answerModel,
        CostEstimate answers,
        String judgeModel,
        CostEstimate judging,
        String secondJudgeModel,
        CostEstimate secondJudging) {

    /** Validates and copies. */
    public EvaluationEstimate {
        retrievers = List.copyOf(retrievers);
        metrics = List.copyOf(metrics);
        Objects.requireNonNull(answerModel, "answerModel");
        Objects.requireNonNull(answers, "answers");
        Objects.requireNonNull(judgeModel, "judgeModel");
        Objects.requireNonNull(judging, "judging");
        Objects.requireNonNull(secondJudgeModel, "secondJudgeModel");
        Objects.requireNonNull(secondJudging, "secondJudging");
    }

    /** An estimate without a second judge. */
    public EvaluationEstimate(
            int questions,
            List<String> retrievers,
            List<JudgeMetric> metrics,
            String answerModel,
            CostEstimate answers,
            String judgeModel,
            CostEstimate judging) {
        this(questions, retrievers, metrics, answerModel, answers, judgeModel, judging, "", CostEstimate.NONE);
    }

    /** Whether a second judge scores the cells too. */
    public boolean hasSecondJudge() {
        return !secondJudgeModel.isEmpty();
    }

    /** Answers and the judging of both judges together. */
    public CostEstimate total() {
        return answers.plus(judging).plus(secondJudging);
    }

    /**
     * What the same calls cost through OpenAI's Batch API ({@link EvaluateOptions.Builder#batch}):
     * half the live price of the total. Every paid model raglens builds is an OpenAI-compatible chat
     * model, which a batch evaluation batches; a paid model of your own, which it calls live, is
     * counted at half here too.
     */
    public double batchCostUsd() {
        return total().costUsd() * io.github.raglens.providers.OpenAiBatch.PRICE_FACTOR;
    }
}
