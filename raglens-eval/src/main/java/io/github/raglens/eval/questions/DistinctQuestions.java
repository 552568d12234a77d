package io.github.raglens.eval.questions;

import io.github.raglens.model.QuestionSample;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Questions with distinct ids. A question's id is derived from its document and its evidence, so
 * two chunks quoting the same evidence (a parent section and its fragment, say) give two questions
 * with one id; they ask the same thing, and are merged into the first, in the given order. Questions
 * without an id are all kept. The benchmark and the evaluation's sample both merge through here.
 *
 * @param questions the questions, the first of each id, in the given order
 * @param merged how many questions were merged into an earlier one with their id
 */
public record DistinctQuestions(List<QuestionSample> questions, int merged) {

    /** Validates and copies. */
    public DistinctQuestions {
        questions = List.copyOf(questions);
        if (merged < 0) {
            throw new IllegalArgumentException("merged must be >= 0, was " + merged);
        }
    }

    /**
     * Merges the questions that share an id.
     *
     * @param questions the questions, in the order that decides which of a pair is kept
     * @return the distinct questions and how many were merged
     */
    public static DistinctQuestions of(List<QuestionSample> questions) {
        Objects.requireNonNull(questions, "questions");
        Set<String> ids = new HashSet<>();
        List<QuestionSample> kept = new ArrayList<>(questions.size());
        for (QuestionSample q : questions) {
            if (q.id().isBlank() || ids.add(q.id())) {
                kept.add(q);
            }
        }
        return new DistinctQuestions(kept, questions.size() - kept.size());
    }

    /** What was merged, for a warning; empty when nothing was. */
    public Optional<String> message() {
        if (merged == 0) {
            return Optional.empty();
        }
        return Optional.of(merged + (merged == 1 ? " question shares its id" : " questions share their id")
                + " with an earlier one (two chunks quoting the same evidence, e.g. a section and its fragment)"
                + " and " + (merged == 1 ? "was" : "were") + " merged into it");
    }
}
