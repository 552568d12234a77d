package io.github.raglens.langchain4j;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.exception.ModelNotFoundException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.RetriableException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.exception.UnsupportedFeatureException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import io.github.raglens.error.ProviderException;
import io.github.raglens.error.RateLimitedException;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.AdapterArguments;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.StructuredReply;
import java.util.List;
import java.util.Objects;

/**
 * A LangChain4j chat model as a raglens chat model. Temperature and the output token cap are sent
 * as LangChain4j request parameters; a schema as a JSON-schema {@link ResponseFormat} (refused with
 * a clear error by models that do not take one); the reply is checked like raglens's own clients
 * check theirs. LangChain4j's portable parameters have no seed, so a requested seed is not sent.
 */
final class ChatModelLlm implements LlmProvider {

    private static final String PROVIDER = "langchain4j";

    private final String modelName;
    private final ChatModel model;

    ChatModelLlm(String modelName, ChatModel model) {
        this.modelName = AdapterArguments.name(modelName);
        this.model = Objects.requireNonNull(model, "chatModel");
    }

    /** {@code langchain4j/} and the model's default model name, or its provider when it has none. */
    static String defaultName(ChatModel model) {
        String name = model.defaultRequestParameters() == null
                ? null
                : model.defaultRequestParameters().modelName();
        return PROVIDER + "/"
                + (name == null || name.isBlank() ? model.provider().name().toLowerCase(java.util.Locale.ROOT) : name);
    }

    @Override
    public String modelName() {
        return modelName;
    }

    @Override
    public ChatOutcome chat(ChatRequest request) {
        var builder = dev.langchain4j.model.chat.request.ChatRequest.builder()
                .messages(messages(request))
                .temperature(request.temperature())
                .maxOutputTokens(request.maxOutputTokens());
        request.schema().ifPresent(schema -> builder.responseFormat(responseFormat(schema)));
        ChatResponse response;
        try {
            response = model.chat(builder.build());
        } catch (RuntimeException e) {
            throw failure(e, request);
        }
        AiMessage message = response.aiMessage();
        FinishReason finish = response.finishReason();
        return StructuredReply.outcome(
                request,
                message == null ? null : message.text(),
                null,
                finish == FinishReason.LENGTH,
                finish == FinishReason.CONTENT_FILTER,
                usage(response.tokenUsage()));
    }

    private static List<ChatMessage> messages(ChatRequest request) {
        return request.messages().stream()
                .map(m -> switch (m.role()) {
                    case SYSTEM -> (ChatMessage) SystemMessage.from(m.content());
                    case USER -> UserMessage.from(m.content());
                    case ASSISTANT -> AiMessage.from(m.content());
                })
                .toList();
    }

    private static ResponseFormat responseFormat(ResponseSchema schema) {
        return ResponseFormat.builder()
                .type(ResponseFormatType.JSON)
                .jsonSchema(JsonSchema.builder()
                        .name(schema.name())
                        .rootElement(JsonRawSchema.from(schema.schemaJson()))
                        .build())
                .build();
    }

    private static TokenUsage usage(dev.langchain4j.model.output.TokenUsage usage) {
        if (usage == null) {
            return TokenUsage.NONE;
        }
        return new TokenUsage(count(usage.inputTokenCount()), count(usage.outputTokenCount()));
    }

    private static long count(Integer tokens) {
        return tokens == null ? 0 : Math.max(0, tokens);
    }

    /**
     * The raglens exception for a LangChain4j failure. Only the failure's kind and HTTP status are
     * named: a provider's error text can quote part of the key, so it is never copied, and the
     * LangChain4j exception is kept as the cause only where it cannot carry one.
     */
    private ProviderException failure(RuntimeException e, ChatRequest request) {
        int status = status(e);
        String what = "the LangChain4j chat model " + modelName + " failed ("
                + e.getClass().getSimpleName() + (status > 0 ? ", HTTP " + status : "") + ")";
        return switch (e) {
            case AuthenticationException a ->
                new io.github.raglens.error.AuthenticationException(
                        PROVIDER,
                        modelName,
                        status,
                        null,
                        what + ": check the API key configured on the ChatModel",
                        null);
            case RateLimitException r ->
                new RateLimitedException(
                        PROVIDER, modelName, null, true, null, what + ": rate limited; lower the concurrency");
            case ModelNotFoundException m ->
                new io.github.raglens.error.ModelNotFoundException(
                        PROVIDER,
                        modelName,
                        status,
                        null,
                        what + ": check the model name configured on the ChatModel",
                        e);
            case UnsupportedFeatureException u ->
                new io.github.raglens.error.InvalidRequestException(
                        PROVIDER,
                        modelName,
                        status,
                        null,
                        what + ": this model does not take a JSON-schema response format, which raglens's judge needs;"
                                + " use a model that does (e.g. OpenAiChatModel)",
                        e);
            case InvalidRequestException i ->
                new io.github.raglens.error.InvalidRequestException(
                        PROVIDER, modelName, status, null, what + ": the model rejected the request", e);
            case TimeoutException t ->
                new io.github.raglens.error.ProviderTimeoutException(
                        PROVIDER, modelName, status, null, what + ": timed out; raise the ChatModel's timeout", e);
            default ->
                new ProviderException(
                        PROVIDER, modelName, status, null, e instanceof RetriableException || status >= 500, what, e);
        };
    }

    /** The HTTP status of the failure, which LangChain4j keeps in an {@link HttpException} cause. */
    private static int status(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof HttpException http) {
                return http.statusCode();
            }
        }
        return 0;
    }

    @Override
    public String toString() {
        return "LangChain4j ChatModel " + modelName + " (" + model.getClass().getName() + ")";
    }
}
