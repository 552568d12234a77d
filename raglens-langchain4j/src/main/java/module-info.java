/** Adapters between LangChain4j's models and retrievers and raglens's plug-in interfaces. */
// "requires-automatic": LangChain4j ships no module descriptor.
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.github.raglens.langchain4j {
    requires transitive io.github.raglens.core;
    // The adapters take and return LangChain4j's types.
    requires transitive langchain4j;
    requires transitive langchain4j.core;

    exports io.github.raglens.langchain4j;
}
