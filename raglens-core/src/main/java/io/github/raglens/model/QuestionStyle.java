package io.github.raglens.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * The kind of question a ground-truth question is written as. Questions an LLM writes from a chunk
 * tend to reuse its words, which flatters lexical retrievers; asking the same chunks in several
 * styles shows how much each retriever's score depends on that. Options and files name a style by
 * its {@link #label()}; {@link #parse(String)} is the one place that reads such a name, and a
 * question file without a style means {@link #NATURAL}.
 */
public enum QuestionStyle {
    /** A standalone question a real user would ask, as raglens has always written them. */
    NATURAL,
    /** A short keyword query, as typed into a search box. */
    SEARCH,
    /**
     * A question that avoids the chunk's own content words where another word serves; its lexical
     * overlap with the chunk is measured and the model asked again once when it is too high.
     */
    PARAPHRASE,
    /** A question from one of a few personas derived once from the corpus (a newcomer, an expert, …). */
    PERSONA,
    /** A question that needs two chunks of one document to answer, with an evidence quote from each. */
    MULTI_HOP;

    /**
     * The name used in options and files: {@code natural}, {@code search}, {@code paraphrase}, {@code
     * persona}, {@code multi-hop}.
     */
    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Whether a question of this style is written from two chunks of one document. */
    public boolean needsSecondChunk() {
        return this == MULTI_HOP;
    }

    /** Whether a question of this style is asked as one of the corpus's personas. */
    public boolean needsPersona() {
        return this == PERSONA;
    }

    /** The label. */
    @Override
    public String toString() {
        return label();
    }

    /**
     * The style of a {@link #label()}, case-insensitive.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    @JsonCreator
    public static QuestionStyle parse(String label) {
        return Labels.parse(values(), QuestionStyle::label, label, "question style");
    }
}
