package io.github.raglens;

import io.github.raglens.eval.judge.Nugget;
import io.github.raglens.eval.judge.NuggetBook;
import io.github.raglens.eval.judge.QuestionNuggets;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.workspace.Workspace;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The nuggets of a workspace's questions ({@link RagLens#nuggets()}), as the {@code nuggets} metrics
 * made them from the reference answer and source passage, and a person's changes to them: the next
 * {@link RagLens#evaluate} labels only a changed nugget again for each answer and scores the
 * question's nugget cells again; every other label stands. A question is named by its sheet's
 * {@link NuggetSheet#key()}. Thread-safe; a change fails with a {@link
 * io.github.raglens.error.StoreException} while an evaluation holds the nuggets file.
 */
public final class Nuggets {

    private final Workspace workspace;
    private final Supplier<List<QuestionSample>> questions;

    Nuggets(Workspace workspace, Supplier<List<QuestionSample>> questions) {
        this.workspace = workspace;
        this.questions = questions;
    }

    /**
     * Every question's nuggets with the judge's label of each for every system's answer; read without
     * locking the files.
     *
     * @return empty when no nugget metric was evaluated
     */
    public List<NuggetSheet> sheets() {
        return NuggetSheet.read(workspace, questions.get());
    }

    /**
     * Changes a nugget's text and importance.
     *
     * @param nuggetId the nugget's id, e.g. {@code n3}
     * @param text the fact, one short sentence
     * @param vital whether an answer without it is incomplete (else okay)
     * @throws IllegalArgumentException when the question or the nugget is unknown, or the text blank
     */
    public void edit(String questionKey, String nuggetId, String text, boolean vital) {
        change(questionKey, q -> q.edited(nuggetId, text, importance(vital)));
    }

    /**
     * Adds a nugget under the next free id.
     *
     * @throws IllegalArgumentException when the question is unknown, has 20 nuggets already, or the
     *     text is blank
     */
    public void add(String questionKey, String text, boolean vital) {
        change(questionKey, q -> q.added(text, importance(vital)));
    }

    /**
     * Removes a nugget; the question's nugget cells are scored again without it, with no call.
     *
     * @throws IllegalArgumentException when the question or the nugget is unknown
     */
    public void remove(String questionKey, String nuggetId) {
        change(questionKey, q -> q.removed(nuggetId));
    }

    private void change(String questionKey, UnaryOperator<QuestionNuggets> change) {
        Objects.requireNonNull(questionKey, "questionKey");
        try (NuggetBook book = NuggetBook.open(workspace.nuggets(), workspace.nuggetAssignments())) {
            QuestionNuggets q = book.nuggets(questionKey)
                    .orElseThrow(() -> new IllegalArgumentException("no nuggets are stored under '" + questionKey
                            + "'; take the key from nuggets().sheets() after evaluating with the nuggets metric"));
            book.replace(change.apply(q));
        }
    }

    private static Nugget.Importance importance(boolean vital) {
        return vital ? Nugget.Importance.VITAL : Nugget.Importance.OKAY;
    }

    @Override
    public String toString() {
        return "Nuggets{" + workspace.nuggets() + "}";
    }
}
