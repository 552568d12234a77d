package io.github.raglens.providers;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.usage.UsageLedger;
import io.github.raglens.usage.UsageMetered;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * An embedding model behind the OpenAI embeddings API ({@code POST /embeddings}, {@code
 * encoding_format: float}). Texts are sent in batches and the vectors put back in input order by
 * their {@code index}. Immutable and thread-safe.
 */
public final class OpenAiEmbeddings implements EmbeddingProvider, UsageMetered<OpenAiEmbeddings> {

    private final Builder builder;
    private final EmbeddingRequests requests;

    private OpenAiEmbeddings(Builder builder) {
        this.builder = new Builder(builder);
        this.requests = new EmbeddingRequests(
                builder.config(),
                new OpenAiHints(ProviderKind.OPENAI.label(), OpenAi.BASE_URL_VARIABLE, OpenAi.API_KEY_VARIABLE),
                builder.dimensions);
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

    /** The requested dimensions, when set: the API shortens the vectors to them. */
    @Override
    public String vectorSettings() {
        return builder.dimensions > 0 ? "dimensions=" + builder.dimensions : "";
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException when a text is empty (the API rejects empty strings)
     */
    @Override
    public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
        Objects.requireNonNull(purpose, "purpose");
        for (int i = 0; i < texts.size(); i++) {
            if (Objects.requireNonNull(texts.get(i), "text").isEmpty()) {
                throw new IllegalArgumentException(
                        "texts[" + i + "] is empty; the OpenAI embeddings API rejects empty strings");
            }
        }
        return requests.embed(
                "/embeddings",
                texts,
                builder.batchSize,
                "",
                body -> {
                    body.put("encoding_format", "float");
                    if (builder.dimensions > 0) {
                        body.put("dimensions", builder.dimensions);
                    }
                },
                OpenAiEmbeddings::read);
    }

    private static EmbeddingRequests.Reply read(JsonNode root, String requestId) throws MalformedReplyException {
        JsonNode data = root.get("data");
        if (data == null || !data.isArray()) {
            throw new MalformedReplyException("reply without a \"data\" array");
        }
        float[][] byIndex = new float[data.size()][];
        for (JsonNode d : data) {
            int index = d.path("index").asInt(-1);
            if (index < 0 || index >= byIndex.length || byIndex[index] != null) {
                throw new MalformedReplyException(
                        "embedding index " + d.path("index") + " is missing, repeated or out of range");
            }
            byIndex[index] = EmbeddingChecks.floats(d.get("embedding"));
        }
        return new EmbeddingRequests.Reply(
                Arrays.asList(byIndex),
                new TokenUsage(
                        Math.max(0, root.path("usage").path("prompt_tokens").asLong(0)), 0));
    }

    /** {@inheritDoc} */
    @Override
    public OpenAiEmbeddings meteredBy(UsageLedger ledger, String stage) {
        return toBuilder().usageLedger(ledger).stage(stage).build();
    }

    /** A builder with this client's options, to derive a variant. */
    public Builder toBuilder() {
        return new Builder(builder);
    }

    @Override
    public String toString() {
        return "OpenAiEmbeddings[" + requests.config() + ", batchSize=" + builder.batchSize + ", dimensions="
                + builder.dimensions + "]";
    }

    /** Builds an {@link OpenAiEmbeddings}; not thread-safe. */
    public static final class Builder extends ProviderBuilder<Builder> {

        private int batchSize = 256;
        private int dimensions;

        Builder(String model) {
            super(
                    ProviderKind.OPENAI.label(),
                    model,
                    OpenAi.BASE_URL_VARIABLE,
                    OpenAi.DEFAULT_BASE_URL,
                    OpenAi.API_KEY_VARIABLE);
        }

        Builder(Builder other) {
            super(other);
            this.batchSize = other.batchSize;
            this.dimensions = other.dimensions;
        }

        /** Sets the texts per request (default 256; the API allows 2,048). */
        public Builder batchSize(int batchSize) {
            if (batchSize < 1 || batchSize > 2048) {
                throw new IllegalArgumentException("batchSize must be in 1..2048, was " + batchSize);
            }
            this.batchSize = batchSize;
            set.record("batchSize", batchSize);
            return this;
        }

        /**
         * Asks for shorter vectors ({@code dimensions}, text-embedding-3 models only); also declares
         * the dimension (default: the model's own, learnt from the server).
         */
        public Builder dimensions(int dimensions) {
            if (dimensions < 1) {
                throw new IllegalArgumentException("dimensions must be >= 1, was " + dimensions);
            }
            this.dimensions = dimensions;
            set.record("dimensions", dimensions);
            return this;
        }

        private ClientConfig config() {
            return BuilderAccess.resolve(this);
        }

        /**
         * Builds the client.
         *
         * @throws io.github.raglens.error.AuthenticationException when OpenAI's server is used and
         *     no key is set
         */
        public OpenAiEmbeddings build() {
            return new OpenAiEmbeddings(this);
        }
    }
}
