package io.github.raglens.providers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.error.Setting;
import io.github.raglens.internal.StrictJson;
import io.github.raglens.model.RagAnswer;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.RagSystem;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A user's whole RAG service as a raglens {@link RagSystem}: each question is {@code POST
 * {"question": "..."}} to the URL, and the reply {@code {"answer": "...", "contexts": [{"text":
 * "...", "id": "...", "score": 0.5, "source": "file.pdf", "page": 3}]}} is the answer with the
 * contexts it was built on, best first (only {@code text} required in a context; {@code "contexts":
 * []} when the answer used none).
 *
 * <p>Calls share the providers' machinery as {@link HttpRetriever} does; the read timeout is longer
 * (2 minutes), as a service may wait for its own LLM. Immutable and thread-safe.
 */
public final class HttpRagSystem implements RagSystem {

    private static final ServiceHints HINTS = new ServiceHints(Setting.SYSTEM_URL);

    private final String name;
    private final String version;
    private final HttpCaller caller;

    private HttpRagSystem(Builder builder) {
        this.name = builder.name;
        this.version = builder.version;
        this.caller = new HttpCaller(builder.config(), HINTS);
    }

    /**
     * Starts a builder: connect timeout 5 s, read timeout 2 minutes, 3 retries, 16 calls in flight.
     *
     * @param name the system's name in reports and files, e.g. {@code my-app}
     * @param url the URL the questions are POSTed to, e.g. {@code http://localhost:8080/ask}
     * @throws IllegalArgumentException if the name is blank or the URL is not an http(s) URL
     */
    public static Builder builder(String name, String url) {
        return new Builder(name, url);
    }

    @Override
    public String name() {
        return name;
    }

    /** The version given to {@link Builder#version}; empty when none was. */
    @Override
    public Optional<String> version() {
        return Optional.ofNullable(version);
    }

    /** The URL the questions are POSTed to. */
    public String url() {
        return caller.config().baseUrl();
    }

    /**
     * {@inheritDoc}
     *
     * @throws io.github.raglens.error.ProviderUnreachableException when no connection can be made
     *     (every further call would fail too)
     * @throws io.github.raglens.error.ProviderException when no usable reply came after the retries:
     *     HTTP errors, stalls, or a reply breaking the contract (no {@code answer}, no {@code
     *     contexts} list, a context without {@code text}); the message names the field
     */
    @Override
    public RagAnswer answer(String question) {
        Objects.requireNonNull(question, "question");
        ObjectNode body = StrictJson.object();
        body.put("question", question);
        return caller.post("", body, 0, HttpRagSystem::read, r -> TokenUsage.NONE);
    }

    private static RagAnswer read(JsonNode root, String requestId) throws MalformedReplyException {
        JsonNode answer = root.get("answer");
        if (answer == null || !answer.isTextual()) {
            throw new MalformedReplyException("the reply has no 'answer' text");
        }
        return new RagAnswer(answer.asText(), ContextsReader.read(root, "contexts", Integer.MAX_VALUE));
    }

    /** The name, version, URL and client settings; never the token. */
    @Override
    public String toString() {
        return "HttpRagSystem[name=" + name + (version == null ? "" : ", version=" + version) + ", " + caller.config()
                + "]";
    }

    /** Configures an {@link HttpRagSystem}; not thread-safe. */
    public static final class Builder extends ProviderBuilder<Builder> {
        private final String name;
        private String version;

        private Builder(String name, String url) {
            super("http", HttpRetriever.validName(name), null, Objects.requireNonNull(url, "url"), null);
            this.name = name;
            baseUrl(url);
            timeoutsByDefault(Duration.ofSeconds(5), Duration.ofMinutes(2), Duration.ofMinutes(4));
        }

        private io.github.raglens.providers.ClientConfig config() {
            return BuilderAccess.resolve(this);
        }

        /**
         * The version of the service behind the URL (a release, a commit, a deployment's id), so that
         * its answers are reused while it stays the same (default none: asked anew on every run; see
         * {@link RagSystem#version()}).
         *
         * @throws IllegalArgumentException if blank
         */
        public Builder version(String version) {
            Objects.requireNonNull(version, "version");
            if (version.isBlank()) {
                throw new IllegalArgumentException("version must not be blank");
            }
            this.version = version.strip();
            set.record("version", version);
            return this;
        }

        /** Builds the system. */
        public HttpRagSystem build() {
            return new HttpRagSystem(this);
        }
    }
}
