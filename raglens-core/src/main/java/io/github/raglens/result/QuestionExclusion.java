package io.github.raglens.result;

/**
 * Why a benchmark left a question out. Under evidence relevance a question counts only when its
 * evidence quote identifies its passage: the quote occurs in the corpus, in no more than a few
 * chunks, and is long enough not to occur by chance in another system's texts.
 */
public enum QuestionExclusion {
    /** Chunk or section relevance: the source chunk is no longer in the corpus (it was chunked again). */
    SOURCE_CHUNK_GONE("whose source chunk is no longer in the corpus (chunked again?)", false),
    /** Evidence relevance: the question has no evidence quote. */
    NO_EVIDENCE("without an evidence quote", false),
    /** Evidence relevance: no chunk of the corpus contains the quote, so no retriever could find it. */
    EVIDENCE_NOT_FOUND("whose evidence occurs in no chunk of the corpus", false),
    /** Evidence relevance: the quote has too few words to point at one passage. */
    EVIDENCE_TOO_SHORT("with ambiguous evidence (too few words)", true),
    /** Evidence relevance: the quote occurs in too many chunks to point at one passage. */
    EVIDENCE_IN_MANY_CHUNKS("with ambiguous evidence (in too many chunks)", true);

    private final String description;
    private final boolean ambiguousEvidence;

    QuestionExclusion(String description, boolean ambiguousEvidence) {
        this.description = description;
        this.ambiguousEvidence = ambiguousEvidence;
    }

    /**
     * The reason as it follows a count of questions in a report: e.g. {@code "whose evidence occurs in
     * no chunk of the corpus"}.
     */
    public String description() {
        return description;
    }

    /**
     * Whether the quote is there but does not identify one passage: such questions can be kept on
     * request, where the others cannot be judged at all.
     */
    public boolean isAmbiguousEvidence() {
        return ambiguousEvidence;
    }
}
