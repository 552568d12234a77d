package io.github.raglens.eval.judge;

import java.util.List;

/**
 * A judge metric some of whose calls read no answer: the question, the reference and the retrieved
 * contexts alone decide them (context precision's verdicts, the reference's statements). A live
 * evaluation asks them as soon as a pair's contexts are retrieved, while its answer is still being
 * written, so that judging the cell later finds them done: they are the very calls {@code judge}
 * makes, with the same keys, shared through the session. Implementations ask nothing {@code judge}
 * would not ask for a cell with these inputs.
 */
public interface AnswerFreeCalls {

    /**
     * Asks this metric's calls that read no answer, for a cell with these inputs, and waits for them.
     *
     * @param question the question
     * @param reference the reference answer, empty when there is none
     * @param contexts the retrieved contexts, in rank order
     * @throws CellFailure when a call gives no usable reply (judging the cell meets the same failure)
     * @throws RunStopped when the run was stopped
     */
    void askBeforeAnswer(String question, String reference, List<String> contexts);
}
