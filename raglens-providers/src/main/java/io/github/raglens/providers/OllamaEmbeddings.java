package io.github.raglens.providers;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.error.ProviderException;
import io.github.raglens.error.Setting;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.usage.UsageLedger;
import io.github.raglens.usage.UsageMetered;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An Ollama embedding model ({@code POST /api/embed}, which returns unit-length vectors). Texts are
 * sent in batches; an optional prefix per purpose serves models such as {@code nomic-embed-text}
 * ({@code "search_query: "}). Immutable and thread-safe.
 */
public final class OllamaEmbeddings implements EmbeddingProvider, UsageMetered<OllamaEmbeddings> {

    private static final OllamaHints HINTS = new OllamaHints(Setting.LOCAL_EMBEDDINGS);

    private final Builder builder;
    private final EmbeddingRequests requests;

    private OllamaEmbeddings(Builder builder) {
        this.builder = new Builder(builder);
        this.requests = new EmbeddingRequests(builder.config(), HINTS, builder.dimension);
    }

    @Override
    public String modelName() {
        return requests.config().modelName();
    }

    /** {@inheritDoc} Unless set on the builder, the dimension is learnt from one probe call. */
    @Override
    public int dimension() {
        return requests.dimension(() ->
                embed(List.of("dimension probe"), EmbeddingPurpose.PASSAGE).get(0).length);
    }

    /**
     * The passage prefix, the dimension when set, and the digest of the model the server holds
     * ({@code GET /api/tags}), so that a model pulled again under the same name rebuilds an index.
     *
     * @throws ProviderException when the server cannot be asked
     */
    @Override
    public String vectorSettings() {
        String digest = OllamaModels.digest(requests.caller()).orElse("unknown");
        return "passagePrefix=" + (builder.passagePrefix.isEmpty() ? "none" : "'" + builder.passagePrefix + "'")
                + (builder.dimension > 0 ? " dimension=" + builder.dimension : "") + " digest=" + digest;
    }

    /**
     * {@inheritDoc}
     *
     * @throws ProviderException also when the server returns fewer or more vectors than texts, or
     *     vectors of different dimensions
     */
    @Override
    public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
        Objects.requireNonNull(purpose, "purpose");
        String prefix = purpose == EmbeddingPurpose.QUERY ? builder.queryPrefix : builder.passagePrefix;
        return requests.embed("/api/embed", texts, builder.batchSize, prefix, body -> {}, OllamaEmbeddings::read);
    }

    private static EmbeddingRequests.Reply read(JsonNode root, String requestId) throws MalformedReplyException {
        JsonNode embeddings = root.get("embeddings");
        if (embeddings == null || !embeddings.isArray()) {
            throw new MalformedReplyException("reply without an \"embeddings\" array");
        }
        List<float[]> vectors = new ArrayList<>(embeddings.size());
        for (JsonNode e : embeddings) {
            vectors.add(EmbeddingChecks.floats(e));
        }
        return new EmbeddingRequests.Reply(
                vectors,
                new TokenUsage(Math.max(0, root.path("prompt_eval_count").asLong(0)), 0));
    }

    /**
     * Checks that the server is up and has the model.
     *
     * @throws io.github.raglens.error.ModelNotFoundException when the model is not pulled
     * @throws io.github.raglens.error.ProviderTimeoutException when the server is not reachable
     */
    public void checkAvailable() {
        OllamaModels.requirePulled(requests.caller(), HINTS);
    }

    /** {@inheritDoc} */
    @Override
    public OllamaEmbeddings meteredBy(UsageLedger ledger, String stage) {
        return toBuilder().usageLedger(ledger).stage(stage).build();
    }

    /** A builder with this client's options, to derive a variant. */
    public Builder toBuilder() {
        return new Builder(builder);
    }

    @Override
    public String toString() {
        return "OllamaEmbeddings[" + requests.config() + ", batchSize=" + builder.batchSize + "]";
    }

    /** Builds an {@link OllamaEmbeddings}; not thread-safe. */
    public static final class Builder extends ProviderBuilder<Builder> {

        private int batchSize = 64;
        private int dimension;
        private String queryPrefix = "";
        private String passagePrefix = "";

        Builder(String model) {
            super(ProviderKind.OLLAMA.label(), model, Ollama.HOST_VARIABLE, Ollama.DEFAULT_HOST, null);
        }

        Builder(Builder other) {
            super(other);
            this.batchSize = other.batchSize;
            this.dimension = other.dimension;
            this.queryPrefix = other.queryPrefix;
            this.passagePrefix = other.passagePrefix;
        }

        /** Sets the texts per request (default 64). */
        public Builder batchSize(int batchSize) {
            if (batchSize < 1) {
                throw new IllegalArgumentException("batchSize must be >= 1, was " + batchSize);
            }
            this.batchSize = batchSize;
            set.record("batchSize", batchSize);
            return this;
        }

        /** Declares the vectors' dimension, saving the probe call (default: learnt from the server). */
        public Builder dimension(int dimension) {
            if (dimension < 1) {
                throw new IllegalArgumentException("dimension must be >= 1, was " + dimension);
            }
            this.dimension = dimension;
            set.record("dimension", dimension);
            return this;
        }

        /** Sets text put before every query, e.g. {@code "search_query: "} (default none). */
        public Builder queryPrefix(String prefix) {
            this.queryPrefix = Objects.requireNonNull(prefix, "prefix");
            set.record("queryPrefix", prefix);
            return this;
        }

        /** Sets text put before every passage, e.g. {@code "search_document: "} (default none). */
        public Builder passagePrefix(String prefix) {
            this.passagePrefix = Objects.requireNonNull(prefix, "prefix");
            set.record("passagePrefix", prefix);
            return this;
        }

        private io.github.raglens.providers.ClientConfig config() {
            return BuilderAccess.resolve(this);
        }

        /** Builds the client. */
        public OllamaEmbeddings build() {
            return new OllamaEmbeddings(this);
        }
    }
}
