package io.github.raglens.result;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What one answering run of an evaluation did.
 *
 * @param pairs (system, question) pairs in the plan
 * @param alreadyAnswered pairs whose answer of an earlier run was reused: everything that made it
 *     is unchanged
 * @param answered pairs answered now
 * @param sharedAnswers of those, pairs that got the answer of another system's identical request,
 *     sent once
 * @param failed pairs that failed now, with their reasons in {@code answers.jsonl}
 * @param failuresByReason failures per reason
 * @param stopReason why the run stopped early, if it did
 * @param systems the same counts per system, in the order the systems were given
 */
public record AnswerSummary(
        int pairs,
        int alreadyAnswered,
        int answered,
        int sharedAnswers,
        int failed,
        Map<String, Integer> failuresByReason,
        Optional<String> stopReason,
        List<SystemAnswers> systems) {

    /** Copies the map and the list; rejects a null stop reason. */
    public AnswerSummary {
        failuresByReason = Map.copyOf(failuresByReason);
        Objects.requireNonNull(stopReason, "stopReason");
        systems = List.copyOf(systems);
    }

    /**
     * One system's answers in a run.
     *
     * @param system the system's name: a retriever's pipeline or a user's own system
     * @param external whether it is a user's own system rather than raglens's pipeline
     * @param version what answered: for raglens's pipeline the answering model, for a user's system
     *     the version it declares ({@link io.github.raglens.spi.RagSystem#version()}); empty when a
     *     user's system declares none, whose answers are then asked anew on every run
     * @param reused answers of an earlier run used again
     * @param answered answers had anew in this run
     * @param failed pairs that failed in this run
     */
    public record SystemAnswers(
            String system, boolean external, Optional<String> version, int reused, int answered, int failed) {

        /** Rejects nulls. */
        public SystemAnswers {
            Objects.requireNonNull(system, "system");
            Objects.requireNonNull(version, "version");
        }

        /**
         * What answered, in words: the answering model of raglens's pipeline, {@code version 2.1} of a
         * user's system, or that it declares none.
         */
        public String answeredBy() {
            if (!external) {
                return version.orElse("");
            }
            return version.map(v -> "version " + v).orElse("no version declared: asked anew on every run");
        }
    }
}
