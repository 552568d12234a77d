package io.github.raglens.springai;

import io.github.raglens.error.AuthenticationException;
import io.github.raglens.error.InvalidRequestException;
import io.github.raglens.error.ModelNotFoundException;
import io.github.raglens.error.ProviderException;
import io.github.raglens.error.RateLimitedException;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.AdapterArguments;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.StructuredReply;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.metadata.Usage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.StructuredOutputChatOptions;
import org.springframework.ai.retry.NonTransientAiException;
import org.springframework.ai.retry.TransientAiException;
import org.springframework.beans.BeanWrapperImpl;

/**
 * A Spring AI chat model (or a chat client over one) as a raglens chat model. Temperature and the
 * output token cap go in the prompt's options; a schema goes in a copy of the model's default
 * options when they are {@link StructuredOutputChatOptions} (OpenAI, Anthropic, Gemini, Ollama …)
 * and is refused with a clear error otherwise; the reply is checked like raglens's own clients
 * check theirs. The portable options have no seed, so a requested seed is not sent.
 */
final class SpringChatLlm implements LlmProvider {

    private static final String PROVIDER = "spring-ai";
    /** Spring AI's HTTP failures start with the status: {@code 401 UNAUTHORIZED - ...}. */
    private static final Pattern STATUS = Pattern.compile("\\A(\\d{3})\\b");

    private final String modelName;
    private final Function<Prompt, ChatResponse> call;
    /** The model's default options, null when hidden behind a chat client. */
    private final ChatOptions defaults;

    SpringChatLlm(String modelName, Function<Prompt, ChatResponse> call, ChatOptions defaults) {
        this.modelName = AdapterArguments.name(modelName);
        this.call = Objects.requireNonNull(call, "call");
        this.defaults = defaults;
    }

    /** {@code spring-ai/} and the model name of the default options, or the model's class. */
    static String defaultName(org.springframework.ai.chat.model.ChatModel model) {
        ChatOptions options = model.getDefaultOptions();
        String name = options == null ? null : options.getModel();
        return PROVIDER + "/"
                + (name == null || name.isBlank()
                        ? model.getClass().getSimpleName().toLowerCase(Locale.ROOT)
                        : name);
    }

    @Override
    public String modelName() {
        return modelName;
    }

    @Override
    public ChatOutcome chat(ChatRequest request) {
        Prompt prompt = new Prompt(messages(request), options(request));
        ChatResponse response;
        try {
            response = call.apply(prompt);
        } catch (RuntimeException e) {
            throw failure(e);
        }
        Generation generation = response == null ? null : response.getResult();
        String finish = generation == null || generation.getMetadata() == null
                ? ""
                : Objects.toString(generation.getMetadata().getFinishReason(), "");
        return StructuredReply.outcome(
                request,
                generation == null ? null : generation.getOutput().getText(),
                null,
                finish.equalsIgnoreCase("length"),
                finish.equalsIgnoreCase("content_filter"),
                usage(response));
    }

    private static List<Message> messages(ChatRequest request) {
        return request.messages().stream()
                .map(m -> switch (m.role()) {
                    case SYSTEM -> (Message) new SystemMessage(m.content());
                    case USER -> new UserMessage(m.content());
                    case ASSISTANT -> new AssistantMessage(m.content());
                })
                .toList();
    }

    private ChatOptions options(ChatRequest request) {
        if (request.schema().isEmpty()) {
            return ChatOptions.builder()
                    .temperature(request.temperature())
                    .maxTokens(request.maxOutputTokens())
                    .build();
        }
        if (!(defaults instanceof StructuredOutputChatOptions)) {
            throw new InvalidRequestException(
                    PROVIDER,
                    modelName,
                    0,
                    null,
                    "the Spring AI chat model " + modelName + " cannot be asked for a JSON-schema reply, which"
                            + " raglens's judge needs: "
                            + (defaults == null
                                    ? "a ChatClient hides its model's options, so adapt the ChatModel itself"
                                            + " (SpringAi.llm(chatModel))"
                                    : "its options (" + defaults.getClass().getSimpleName()
                                            + ") are not StructuredOutputChatOptions; use a model whose options are,"
                                            + " e.g. OpenAiChatModel"),
                    null);
        }
        ChatOptions options = defaults.copy();
        BeanWrapperImpl bean = new BeanWrapperImpl(options);
        setIfWritable(bean, "temperature", request.temperature());
        setIfWritable(bean, "maxTokens", request.maxOutputTokens());
        ((StructuredOutputChatOptions) options)
                .setOutputSchema(request.schema().get().schemaJson());
        return options;
    }

    private static void setIfWritable(BeanWrapperImpl bean, String property, Object value) {
        if (bean.isWritableProperty(property)) {
            bean.setPropertyValue(property, value);
        }
    }

    private static TokenUsage usage(ChatResponse response) {
        Usage usage = response == null || response.getMetadata() == null
                ? null
                : response.getMetadata().getUsage();
        if (usage == null) {
            return TokenUsage.NONE;
        }
        return new TokenUsage(count(usage.getPromptTokens()), count(usage.getCompletionTokens()));
    }

    private static long count(Integer tokens) {
        return tokens == null ? 0 : Math.max(0, tokens);
    }

    /**
     * The raglens exception for a Spring AI failure. Only the failure's kind and HTTP status are
     * named: Spring AI's messages quote the provider's error body, which can hold part of the key,
     * so they are never copied, and the Spring AI exception is not kept as the cause.
     */
    private ProviderException failure(RuntimeException e) {
        int status = status(e);
        String what = "the Spring AI chat model " + modelName + " failed ("
                + e.getClass().getSimpleName() + (status > 0 ? ", HTTP " + status : "") + ")";
        if (status == 401 || status == 403) {
            return new AuthenticationException(
                    PROVIDER, modelName, status, null, what + ": check the API key configured on the ChatModel", null);
        }
        if (status == 404) {
            return new ModelNotFoundException(
                    PROVIDER,
                    modelName,
                    status,
                    null,
                    what + ": check the model name and base URL of the ChatModel",
                    null);
        }
        if (status == 429) {
            return new RateLimitedException(
                    PROVIDER, modelName, null, true, null, what + ": rate limited; lower the concurrency");
        }
        boolean retryable =
                e instanceof TransientAiException || (!(e instanceof NonTransientAiException) && status >= 500);
        return new ProviderException(PROVIDER, modelName, status, null, retryable, what, null);
    }

    private static int status(RuntimeException e) {
        if (e.getMessage() == null) {
            return 0;
        }
        Matcher m = STATUS.matcher(e.getMessage());
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    @Override
    public String toString() {
        return "Spring AI chat model " + modelName;
    }
}
