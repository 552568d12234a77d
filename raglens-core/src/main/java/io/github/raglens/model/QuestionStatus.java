package io.github.raglens.model;

/** Outcome of generating a question for one chunk. */
public enum QuestionStatus {
    /** A usable question, answer and verbatim evidence. */
    SUCCESS,
    /** The chunk was too thin to ask about. */
    SKIP,
    /** Generation failed; the reason says why. */
    FAILED
}
