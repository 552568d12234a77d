package io.github.raglens.error;

/**
 * A setting of the caller's that a {@link SettingException} points to as the remedy, so a front
 * end (the CLI, for one) can name it in its own terms, e.g. as a command-line option.
 */
public enum Setting {
    /** The documents folder given to {@code RagLens.ingest(docs)}. */
    DOCUMENTS("the documents folder given to RagLens.ingest(docs)"),
    /** The LLM that generates questions and answers. */
    LLM("RagLens.Builder.llm(...)"),
    /** The embedding model. */
    EMBEDDINGS("RagLens.Builder.embeddings(...)"),
    /** How a benchmark decides that a hit is relevant. */
    RELEVANCE("RagLens.Builder.relevance(mode)"),
    /** The search backend. */
    BACKEND("RagLens.Builder.backend(name, options)"),
    /** BM25's k1 and b of a BEIR run. */
    BM25_PARAMETERS("BeirOptions.k1() and b()"),
    /** The names of the caller's own retrievers and RAG systems. */
    OWN_NAMES("the name() of each own Retriever and RagSystem");

    private final String apiName;

    Setting(String apiName) {
        this.apiName = apiName;
    }

    /** How the library's API names the setting, e.g. {@code the documents folder given to RagLens.ingest(docs)}. */
    public String apiName() {
        return apiName;
    }
}
