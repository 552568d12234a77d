package io.github.raglens.error;

/**
 * A setting of the caller's that a library message names as the remedy, through {@link #apiName()}
 * or a {@link SettingException}, so a front end (the CLI, for one) can name it in its own terms,
 * e.g. as a command-line option.
 */
public enum Setting {
    /** The documents folder given to {@code RagLens.ingest(docs)}. */
    DOCUMENTS("the documents folder given to RagLens.ingest(docs)"),
    /** The LLM that generates questions and answers. */
    LLM("RagLens.Builder.llm(...)"),
    /** A hosted chat model, the remedy when a local LLM server is down. */
    HOSTED_LLM("RagLens.Builder.llm(OpenAi.chat(model))"),
    /** The embedding model. */
    EMBEDDINGS("RagLens.Builder.embeddings(...)"),
    /** The local embedding model, the remedy when an embedding server is down. */
    LOCAL_EMBEDDINGS("RagLens.Builder.embeddings(() -> OnnxEmbeddings.builder().bgeSmallEnV15().build())"),
    /** The workspace folder. */
    WORKSPACE("RagLens.Builder.workspace(dir)"),
    /** How a benchmark decides that a hit is relevant. */
    RELEVANCE("RagLens.Builder.relevance(mode)"),
    /** The search backend. */
    BACKEND("RagLens.Builder.backend(name, options)"),
    /** Where the search backend's cluster is reached. */
    BACKEND_ADDRESS("the zk or url entry of the backend options"),
    /** The URL of the caller's RAG service. */
    SYSTEM_URL("the url of HttpRagSystem.builder(name, url)"),
    /** The URL of the caller's retrieval service. */
    RETRIEVER_URL("the url of HttpRetriever.builder(name, url)"),
    /** The environment variable holding the token for the caller's services. */
    SERVICE_TOKEN("apiKeyFromEnv(variable)"),
    /** BM25's k1 and b of a BEIR run. */
    BM25_PARAMETERS("BeirOptions.k1() and b()"),
    /** The names of the caller's own retrievers and RAG systems. */
    OWN_NAMES("the name() of each own Retriever and RagSystem"),
    /** Whether a benchmark keeps questions whose evidence quote does not identify one passage. */
    AMBIGUOUS_EVIDENCE("RagLens.Builder.keepAmbiguousEvidence(true)"),
    /** The length-fair comparison of evidence relevance. */
    LENGTH_FAIR("RagLens.Builder.lengthFair(chars)"),
    /** The questions of an evaluation's sample. */
    SAMPLE("EvaluateOptions.Builder.sample(n)"),
    /** The contexts retrieved per question for an evaluation's answers. */
    CONTEXTS("EvaluateOptions.Builder.contexts(n)"),
    /** The model calls in flight at most. */
    CONCURRENCY("RagLens.Builder.concurrency(n)");

    private final String apiName;

    Setting(String apiName) {
        this.apiName = apiName;
    }

    /** How the library's API names the setting, e.g. {@code the documents folder given to RagLens.ingest(docs)}. */
    public String apiName() {
        return apiName;
    }
}
