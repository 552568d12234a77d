/**
 * The chat and embedding clients of Ollama, OpenAI and Groq, and the HTTP clients of a user's own
 * RAG system.
 *
 * <p>One package: the clients' shared HTTP machinery (retries, rate limits, error mapping, JSON
 * checks) is package-private in it.
 */
module io.github.raglens.providers {
    requires transitive io.github.raglens.core;
    requires com.fasterxml.jackson.databind;
    requires okhttp3;
    requires org.slf4j;

    exports io.github.raglens.providers;

    // The wire formats bind to records of this package.
    opens io.github.raglens.providers to
            com.fasterxml.jackson.databind;
}
