package io.github.raglens.model;

import java.util.Locale;

/**
 * What counts as finding the answer to a question in the retrieval benchmark. A question has one
 * target, or two for a multi-hop question (its two chunks, their sections or its two quotes, when
 * they differ); each target is one relevant document, credited to one hit that reaches it, and a hit
 * is credited with one target at most (under {@link #JUDGED}, that is the evidence table, and graded
 * passages are measured beside it). Options and files name a mode by its {@link #label()}; {@link
 * #parse(String)} is the one place that reads such a name.
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
    DOCUMENT,
    /**
     * Pooled, graded relevance judged by the LLM, beside evidence relevance: every retriever's top
     * passages for a question are pooled (the same passage returned twice merged) and graded 0–3 by
     * the judge, a passage holding the evidence quote 3 without a call; each retriever is measured on
     * the grades (nDCG with the grades as gains, the other measures with grade 2 or more relevant) and,
     * on the same rankings, by its evidence, with the questions evidence relevance uses.
     */
    JUDGED;

    /**
     * The name used in options and files: {@code chunk}, {@code section}, {@code evidence}, {@code
     * document}, {@code judged}.
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a question needs its source chunk in the corpus to be judged in this mode. */
    public boolean needsSourceChunk() {
        return this == CHUNK || this == SECTION;
    }

    /**
     * Whether a question's targets are its evidence quotes, with evidence relevance's rule for which
     * questions are usable: evidence, and judged (whose target table is evidence relevance).
     */
    public boolean byEvidence() {
        return this == EVIDENCE || this == JUDGED;
    }

    /** The label. */
    @Override
    public String toString() {
        return label();
    }

    /**
     * The mode of a {@link #label()}, case-insensitive.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static Relevance parse(String label) {
        return Labels.parse(values(), Relevance::label, label, "relevance");
    }
}
