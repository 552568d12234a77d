package io.github.raglens.eval.benchmark;

import java.util.Locale;

/**
 * What counts as finding the answer to a question. Each question has exactly one target; the first
 * hit that reaches it is the relevant one.
 */
public enum Relevance {
    /**
     * The source chunk: a hit is relevant when it is the chunk, matched through it (expanding
     * retrievers), or returns it in its context. Strict, as in the original toolkit.
     */
    CHUNK,
    /** The source chunk's section: a hit is relevant when it, its matched child or its context is in that section. */
    SECTION,
    /**
     * The evidence quote: a hit is relevant when its returned context contains the quote (whitespace
     * normalised). Independent of how the corpus was chunked, so chunkers can be compared on the same
     * questions.
     */
    EVIDENCE,
    /**
     * The source document: a hit is relevant when it comes from the question's document. For a
     * system outside raglens, a context counts when the source it names is the document's file.
     */
    DOCUMENT;

    /** The name used in options and files: {@code chunk}, {@code section}, {@code evidence}, {@code document}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The mode of a {@link #label()}.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static Relevance parse(String name) {
        for (Relevance r : values()) {
            if (r.label().equals(name)) {
                return r;
            }
        }
        throw new IllegalArgumentException(
                "unknown relevance '" + name + "'; use chunk, section, evidence or document");
    }
}
