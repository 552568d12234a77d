/**
 * The chat and embedding clients of Ollama, OpenAI and Groq, and the HTTP clients of a user's own
 * RAG system.
 *
 * <p>{@code io.github.raglens.providers.internal} is shared with the LangChain4j and
 * Spring AI adapters only and is not part of the API.
 */
// "module": the qualified exports name modules that are not observable when this one compiles.
@SuppressWarnings("module")
module io.github.raglens.providers {
    requires transitive io.github.raglens.core;
    requires com.fasterxml.jackson.databind;
    requires okhttp3;
    requires org.slf4j;

    exports io.github.raglens.providers;
    exports io.github.raglens.providers.groq;
    exports io.github.raglens.providers.http;
    exports io.github.raglens.providers.ollama;
    exports io.github.raglens.providers.openai;
    exports io.github.raglens.providers.internal to
            io.github.raglens.langchain4j,
            io.github.raglens.springai;

    // The wire formats bind to records of these packages.
    opens io.github.raglens.providers.http to
            com.fasterxml.jackson.databind;
    opens io.github.raglens.providers.internal to
            com.fasterxml.jackson.databind;
    opens io.github.raglens.providers.ollama to
            com.fasterxml.jackson.databind;
    opens io.github.raglens.providers.openai to
            com.fasterxml.jackson.databind;
}
