package io.github.raglens.providers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.error.Setting;
import io.github.raglens.internal.StrictJson;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedContext;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.Retriever;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A user's search service as a raglens {@link Retriever}: each query is {@code POST {"query": "...",
 * "k": 10}} to the URL, and the reply {@code {"results": [{"text": "...", "id": "...", "score": 0.5,
 * "source": "file.pdf", "page": 3}]}} (only {@code text} required) becomes the ranked hits, best
 * first, as {@link RetrievalResult#ofContexts} describes.
 *
 * <p>Calls share the providers' machinery: timeouts, retries with backoff on HTTP 5xx, timeouts and
 * malformed replies, a JVM-wide concurrency limit, and an optional bearer token read from the
 * environment ({@link Builder#apiKeyFromEnv}) that never appears in a message or {@code toString()}.
 * Immutable and thread-safe.
 */
public final class HttpRetriever implements Retriever {

    private static final ServiceHints HINTS = new ServiceHints(Setting.RETRIEVER_URL);

    private final String name;
    private final HttpCaller caller;

    private HttpRetriever(Builder builder) {
        this.name = builder.name;
        this.caller = new HttpCaller(builder.config(), HINTS);
    }

    /**
     * Starts a builder: connect timeout 5 s, read timeout 30 s, 3 retries, 16 calls in flight.
     *
     * @param name the retriever's name in reports and files, e.g. {@code my-search}
     * @param url the URL the queries are POSTed to, e.g. {@code http://localhost:8080/search}
     * @throws IllegalArgumentException if the name is blank or the URL is not an http(s) URL
     */
    public static Builder builder(String name, String url) {
        return new Builder(name, url);
    }

    @Override
    public String name() {
        return name;
    }

    /** The URL the queries are POSTed to. */
    public String url() {
        return caller.config().baseUrl();
    }

    /**
     * {@inheritDoc}
     *
     * @throws io.github.raglens.error.ProviderUnreachableException when no connection can be made
     *     (every further call would fail too)
     * @throws io.github.raglens.error.ProviderException when no usable reply came after the retries:
     *     HTTP errors, stalls, or a reply breaking the contract (the message names the field)
     */
    @Override
    public RetrievalResult retrieve(String query, int k) {
        Objects.requireNonNull(query, "query");
        if (k <= 0) {
            throw new IllegalArgumentException("k must be > 0, was " + k);
        }
        ObjectNode body = StrictJson.object();
        body.put("query", query);
        body.put("k", k);
        long start = System.nanoTime();
        List<RetrievedContext> contexts = caller.post(
                "", body, 0, (root, requestId) -> ContextsReader.read(root, "results", k), r -> TokenUsage.NONE);
        return RetrievalResult.ofContexts(name, query, contexts, System.nanoTime() - start);
    }

    /** The name, URL and client settings; never the token. */
    @Override
    public String toString() {
        return "HttpRetriever[name=" + name + ", " + caller.config() + "]";
    }

    /** Configures an {@link HttpRetriever}; not thread-safe. */
    public static final class Builder extends ProviderBuilder<Builder> {
        private final String name;

        private Builder(String name, String url) {
            super("http", validName(name), null, Objects.requireNonNull(url, "url"), null);
            this.name = name;
            baseUrl(url);
            timeoutsByDefault(Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofSeconds(60));
        }

        private io.github.raglens.providers.ClientConfig config() {
            return BuilderAccess.resolve(this);
        }

        /** Builds the retriever. */
        public HttpRetriever build() {
            return new HttpRetriever(this);
        }
    }

    static String validName(String name) {
        Objects.requireNonNull(name, "name");
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw new IllegalArgumentException("name '" + name
                    + "' must start with a letter or digit and hold only letters, digits, '.', '_' and '-'"
                    + " (it names files)");
        }
        return name;
    }
}
