package io.github.raglens.spi;

import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.Judgement;

/**
 * Scores one aspect of a generated answer: the one metric interface, for raglens's judge metrics
 * (faithfulness, context recall …), its text metrics (ROUGE-L, BLEU …) and a user's own.
 *
 * <p>Implementations must be thread-safe and never throw for a bad reply of a model or a cell they
 * cannot score: they return {@link Judgement.Failed} with the reason instead, so that one bad sample
 * never aborts a run.
 */
public interface Judge {

    /** The metric's name as written in files, e.g. {@code faithfulness}. */
    String metric();

    /**
     * A version of the judge's prompts and algorithm; changing it invalidates stored scores.
     *
     * @return a short version string, {@code "1"} by default
     */
    default String version() {
        return "1";
    }

    /**
     * Whether the metric asks a judge model; a score is then recorded with the model's name, and
     * scoring needs a model. Text metrics, computed from the text alone, return {@code false}.
     *
     * @return {@code true} by default
     */
    default boolean usesModel() {
        return true;
    }

    /**
     * Scores one cell.
     *
     * @param input the question, answer, contexts and reference
     * @return a score in [0, 1] or a failure with its reason
     */
    Judgement judge(JudgeInput input);
}
