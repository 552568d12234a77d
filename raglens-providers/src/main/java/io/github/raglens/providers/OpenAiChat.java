package io.github.raglens.providers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.error.JsonValidateFailedException;
import io.github.raglens.internal.StrictJson;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.ServerContact;
import io.github.raglens.spi.StructuredReply;
import io.github.raglens.usage.UsageLedger;
import io.github.raglens.usage.UsageMetered;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A chat model behind the OpenAI chat completions API ({@code POST /chat/completions}): OpenAI,
 * Groq, or any compatible server. The request carries only {@code model}, {@code messages}
 * ({@code role} and {@code content}), {@code temperature}, {@code seed}, {@code
 * max_completion_tokens} and, with a schema, {@code response_format} of type {@code json_schema};
 * never {@code logprobs}, {@code logit_bias}, {@code top_logprobs}, {@code n} or a message {@code
 * name}, which Groq rejects. Immutable and thread-safe.
 */
public final class OpenAiChat implements LlmProvider, UsageMetered<OpenAiChat>, ServerContact {

    private final Builder builder;
    private final HttpCaller caller;
    private final AtomicReference<String> servedModel = new AtomicReference<>();

    private OpenAiChat(Builder builder) {
        this.builder = new Builder(builder);
        this.caller = new HttpCaller(
                builder.config(), new OpenAiHints(builder.provider, builder.baseUrlVariable, builder.apiKeyVariable));
    }

    /**
     * A builder for an OpenAI-compatible server.
     *
     * @param provider the name recorded with results, e.g. {@code together}
     * @param model the model
     * @param baseUrlVariable the environment variable with the base URL, or null
     * @param defaultBaseUrl the base URL when neither the builder nor the environment sets one
     * @param apiKeyVariable the environment variable with the key, or null
     */
    public static Builder compatible(
            String provider, String model, String baseUrlVariable, String defaultBaseUrl, String apiKeyVariable) {
        return new Builder(provider, model, baseUrlVariable, defaultBaseUrl, apiKeyVariable);
    }

    @Override
    public String modelName() {
        return caller.config().modelName();
    }

    /**
     * {@inheritDoc}
     *
     * <p>{@code finish_reason: length} is {@code TRUNCATED}; a {@code refusal} or {@code
     * content_filter} is {@code REFUSAL}; with a schema, text that is not JSON (or Groq's 400
     * {@code json_validate_failed}) is {@code INVALID_JSON} and JSON that does not match is {@code
     * SCHEMA_MISMATCH}.
     */
    @Override
    public ChatOutcome chat(ChatRequest request) {
        long estimate = TokenUsage.estimateTokens(request.allText().length()) + request.maxOutputTokens();
        Reply reply;
        try {
            reply = caller.post("/chat/completions", body(request), estimate, OpenAiChat::read, Reply::usage);
        } catch (JsonValidateFailedException e) {
            if (request.schema().isEmpty()) {
                throw e;
            }
            return new ChatOutcome.Failed(ChatOutcome.Reason.INVALID_JSON, e.getMessage(), TokenUsage.NONE);
        }
        if (reply.model != null && !reply.model.isBlank()) {
            servedModel.set(reply.model);
        }
        return outcome(request, reply);
    }

    /** The body of a chat completions request, as {@link #chat} sends it and a batch line carries it. */
    ObjectNode body(ChatRequest request) {
        ObjectNode body = ChatBody.of(caller.config().model(), request.messages());
        body.put("temperature", request.temperature());
        request.seed().ifPresent(seed -> body.put("seed", seed));
        body.put("max_completion_tokens", request.maxOutputTokens());
        if (request.schema().isPresent()) {
            ResponseSchema schema = request.schema().get();
            ObjectNode format = body.putObject("response_format");
            format.put("type", "json_schema");
            ObjectNode js = format.putObject("json_schema");
            js.put("name", schema.name());
            js.put("strict", builder.strictSchema);
            js.set("schema", StrictJson.schemaTree(schema));
        }
        return body;
    }

    /**
     * The outcome of a chat completions reply body, read as {@link #chat} reads a live one.
     *
     * @throws MalformedReplyException when the body is not a chat completion
     */
    static ChatOutcome outcome(ChatRequest request, JsonNode replyBody) throws MalformedReplyException {
        return outcome(request, read(replyBody, null));
    }

    private static ChatOutcome outcome(ChatRequest request, Reply reply) {
        return StructuredReply.outcome(
                request,
                reply.content,
                reply.refusal,
                "length".equals(reply.finishReason),
                "content_filter".equals(reply.finishReason),
                reply.usage);
    }

    /** {@inheritDoc} Used to let calls waiting behind a first one go as soon as the server is up. */
    @Override
    public CompletionStage<Void> reached() {
        return caller.reached();
    }

    /** The {@code model} field of the latest reply: the snapshot the server answered with. */
    @Override
    public Optional<String> servedModel() {
        return Optional.ofNullable(servedModel.get());
    }

    /** The provider, base URL and model: requests to one of them may share a batch. */
    String batchServer() {
        return caller.config().limiterKey();
    }

    /** The provider's name, e.g. {@code openai}. */
    String provider() {
        return caller.config().provider();
    }

    /** The model as the provider knows it. */
    String model() {
        return caller.config().model();
    }

    /** The Files and Batches endpoints of the same server, with the same key and settings. */
    BatchApi batchApi() {
        return new BatchApi(
                caller.config(), new OpenAiHints(builder.provider, builder.baseUrlVariable, builder.apiKeyVariable));
    }

    private record Reply(String content, String refusal, String finishReason, String model, TokenUsage usage) {}

    private static Reply read(JsonNode root, String requestId) throws MalformedReplyException {
        JsonNode choices = root.get("choices");
        if (choices == null || !choices.isArray() || choices.isEmpty()) {
            throw new MalformedReplyException("reply without choices");
        }
        JsonNode choice = choices.get(0);
        JsonNode message = choice.get("message");
        if (message == null || !message.isObject()) {
            throw new MalformedReplyException("reply without choices[0].message");
        }
        JsonNode usage = root.path("usage");
        return new Reply(
                text(message.get("content")),
                text(message.get("refusal")),
                text(choice.get("finish_reason")),
                text(root.get("model")),
                new TokenUsage(
                        Math.max(0, usage.path("prompt_tokens").asLong(0)),
                        Math.max(0, usage.path("completion_tokens").asLong(0))));
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() ? null : n.asText();
    }

    /** {@inheritDoc} */
    @Override
    public OpenAiChat meteredBy(UsageLedger ledger, String stage) {
        return toBuilder().usageLedger(ledger).stage(stage).build();
    }

    /** A builder with this client's options, to derive a variant. */
    public Builder toBuilder() {
        return new Builder(builder);
    }

    @Override
    public String toString() {
        return "OpenAiChat[" + caller.config() + ", strictSchema=" + builder.strictSchema + "]";
    }

    /** Builds an {@link OpenAiChat}; not thread-safe. */
    public static final class Builder extends ProviderBuilder<Builder> {

        private final String provider;
        private final String baseUrlVariable;
        private String apiKeyVariable;
        private boolean strictSchema = true;

        Builder(String provider, String model, String baseUrlVariable, String defaultBaseUrl, String apiKeyVariable) {
            super(provider, model, baseUrlVariable, defaultBaseUrl, apiKeyVariable);
            this.provider = Objects.requireNonNull(provider, "provider");
            this.baseUrlVariable = baseUrlVariable;
            this.apiKeyVariable = apiKeyVariable;
        }

        Builder(Builder other) {
            super(other);
            this.provider = other.provider;
            this.baseUrlVariable = other.baseUrlVariable;
            this.apiKeyVariable = other.apiKeyVariable;
            this.strictSchema = other.strictSchema;
        }

        @Override
        public Builder apiKeyFromEnv(String variable) {
            this.apiKeyVariable = variable;
            return super.apiKeyFromEnv(variable);
        }

        /**
         * Sets {@code json_schema.strict} (default true). Groq supports strict mode on few models,
         * so its preset sends false; replies are validated against the schema either way.
         */
        public Builder strictSchema(boolean strict) {
            this.strictSchema = strict;
            set.record("strictSchema", strict);
            return this;
        }

        /** A provider's own default of {@link #strictSchema}, which its user may still set once. */
        Builder strictSchemaByDefault(boolean strict) {
            this.strictSchema = strict;
            return this;
        }

        private ClientConfig config() {
            return BuilderAccess.resolve(this);
        }

        /**
         * Builds the client.
         *
         * @throws io.github.raglens.error.AuthenticationException when OpenAI's or Groq's server is
         *     used and no key is set
         */
        public OpenAiChat build() {
            return new OpenAiChat(this);
        }
    }
}
