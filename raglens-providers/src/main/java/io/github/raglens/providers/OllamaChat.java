package io.github.raglens.providers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.error.ProviderException;
import io.github.raglens.error.Setting;
import io.github.raglens.internal.StrictJson;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.ServerContact;
import io.github.raglens.spi.StructuredReply;
import io.github.raglens.usage.UsageLedger;
import io.github.raglens.usage.UsageMetered;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An Ollama chat model ({@code POST /api/chat} with {@code stream: false}). A request with a schema
 * sends it as {@code format}; {@code num_ctx} is always sent so the context does not depend on the
 * server's defaults. Immutable and thread-safe.
 */
public final class OllamaChat implements LlmProvider, UsageMetered<OllamaChat>, ServerContact {

    private static final Logger LOG = LoggerFactory.getLogger(OllamaChat.class);

    private static final OllamaHints HINTS = new OllamaHints(Setting.HOSTED_LLM);

    private final Builder builder;
    private final HttpCaller caller;
    private final int numCtx;
    private final AtomicReference<String> digest = new AtomicReference<>();

    private OllamaChat(Builder builder) {
        this.builder = new Builder(builder);
        this.caller = new HttpCaller(builder.config(), HINTS);
        this.numCtx = builder.numCtx;
    }

    @Override
    public String modelName() {
        return caller.config().modelName();
    }

    /**
     * {@inheritDoc}
     *
     * <p>A reply with {@code done_reason: length} is {@code TRUNCATED}; with a schema, text that
     * is not JSON is {@code INVALID_JSON} and JSON that does not match is {@code SCHEMA_MISMATCH}.
     */
    @Override
    public ChatOutcome chat(ChatRequest request) {
        ObjectNode body = ChatBody.of(caller.config().model(), request.messages());
        body.put("stream", false);
        request.schema().ifPresent(s -> body.set("format", StrictJson.schemaTree(s)));
        ObjectNode options = body.putObject("options");
        options.put("temperature", request.temperature());
        request.seed().ifPresent(seed -> options.put("seed", seed));
        options.put("num_predict", request.maxOutputTokens());
        options.put("num_ctx", numCtx);
        long estimate = TokenUsage.estimateTokens(request.allText().length()) + request.maxOutputTokens();
        Reply reply = caller.post("/api/chat", body, estimate, OllamaChat::read, Reply::usage);
        return StructuredReply.outcome(
                request, reply.content, null, "length".equals(reply.doneReason), false, reply.usage);
    }

    private record Reply(String content, String doneReason, TokenUsage usage) {}

    private static Reply read(JsonNode root, String requestId) throws MalformedReplyException {
        if (!root.path("done").asBoolean(false)) {
            throw new MalformedReplyException("reply without \"done\": true");
        }
        JsonNode content = root.path("message").get("content");
        if (content == null || !content.isTextual()) {
            throw new MalformedReplyException("reply without message.content");
        }
        return new Reply(content.asText(), root.path("done_reason").asText(""), usage(root));
    }

    static TokenUsage usage(JsonNode root) {
        return new TokenUsage(
                Math.max(0, root.path("prompt_eval_count").asLong(0)),
                Math.max(0, root.path("eval_count").asLong(0)));
    }

    /**
     * Checks that the server is up and has the model ({@code GET /api/tags}), before a long run.
     *
     * @throws io.github.raglens.error.ModelNotFoundException when the model is not pulled
     * @throws io.github.raglens.error.ProviderTimeoutException when the server is not reachable
     */
    public void checkAvailable() {
        OllamaModels.requirePulled(caller, HINTS);
    }

    /** {@inheritDoc} Used to let calls waiting behind a first one go as soon as the server is up. */
    @Override
    public CompletionStage<Void> reached() {
        return caller.reached();
    }

    /**
     * The model's digest as the server lists it ({@code GET /api/tags}, asked once; a model re-pulled
     * while this client lives is seen by the next client). Empty when the server cannot be asked or
     * does not list the model; asked again next time then.
     */
    @Override
    public Optional<String> servedModel() {
        String known = digest.get();
        if (known != null) {
            return Optional.of(known);
        }
        // one request for the many calls that ask at once when a run starts
        synchronized (digest) {
            if (digest.get() == null) {
                try {
                    OllamaModels.digest(caller).ifPresent(digest::set);
                } catch (ProviderException e) {
                    LOG.debug(
                            "no digest of {} from {}: {}",
                            modelName(),
                            caller.config().baseUrl(),
                            e.getMessage());
                }
            }
            return Optional.ofNullable(digest.get());
        }
    }

    /** The models the server has pulled, e.g. {@code llama3.2:latest}. */
    public List<String> pulledModels() {
        return OllamaModels.list(caller);
    }

    /** {@inheritDoc} */
    @Override
    public OllamaChat meteredBy(UsageLedger ledger, String stage) {
        return toBuilder().usageLedger(ledger).stage(stage).build();
    }

    /** A builder with this client's options, to derive a variant. */
    public Builder toBuilder() {
        return new Builder(builder);
    }

    @Override
    public String toString() {
        return "OllamaChat[" + caller.config() + ", numCtx=" + numCtx + "]";
    }

    /** Builds an {@link OllamaChat}; not thread-safe. */
    public static final class Builder extends ProviderBuilder<Builder> {

        private int numCtx = 8_192;

        Builder(String model) {
            super(ProviderKind.OLLAMA.label(), model, Ollama.HOST_VARIABLE, Ollama.DEFAULT_HOST, null);
        }

        Builder(Builder other) {
            super(other);
            this.numCtx = other.numCtx;
        }

        /** Sets the context window in tokens, always sent as {@code num_ctx} (default 8,192). */
        public Builder numCtx(int numCtx) {
            if (numCtx < 256) {
                throw new IllegalArgumentException("numCtx must be >= 256, was " + numCtx);
            }
            this.numCtx = numCtx;
            set.record("numCtx", numCtx);
            return this;
        }

        private io.github.raglens.providers.ClientConfig config() {
            return BuilderAccess.resolve(this);
        }

        /** Builds the client. */
        public OllamaChat build() {
            return new OllamaChat(this);
        }
    }
}
