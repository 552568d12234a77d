package io.github.raglens.eval.judge;

import java.util.Objects;

/**
 * How far one answer states one nugget, as the judge labelled it: one line of {@code
 * nugget-assignments.jsonl}. It is keyed by the nugget's text, not its id, so a person's edit of a
 * nugget leaves the assignments of its old text unused and those of every other nugget standing.
 *
 * @param key {@link #keyOf} the prompt version, judge model, question, answer and nugget text
 * @param questionKey the {@link QuestionNuggets#key()} of the nugget's question
 * @param nuggetId the nugget's id when it was assigned
 * @param nugget the nugget's text
 * @param support the label
 * @param reason the judge's one-sentence reason
 * @param model the judge model
 */
public record NuggetAssignment(
        String key,
        String questionKey,
        String nuggetId,
        String nugget,
        NuggetSupport support,
        String reason,
        String model) {

    /** Validates that no field is null. */
    public NuggetAssignment {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(questionKey, "questionKey");
        Objects.requireNonNull(nuggetId, "nuggetId");
        Objects.requireNonNull(nugget, "nugget");
        Objects.requireNonNull(support, "support");
        Objects.requireNonNull(model, "model");
        reason = reason == null ? "" : reason;
    }

    /** The key of an assignment of a nugget's text to an answer of a question. */
    public static String keyOf(String model, String question, String answer, String nuggetText) {
        return Prompts.key(Prompts.NUGGET_SUPPORT_VERSION, model, question, answer, nuggetText);
    }
}
