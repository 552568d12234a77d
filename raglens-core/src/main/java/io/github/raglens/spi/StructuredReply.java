package io.github.raglens.spi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.internal.JsonSchemaValidator;
import io.github.raglens.internal.OneLine;
import io.github.raglens.internal.StrictJson;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.model.TokenUsage;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a model's reply into a {@link ChatOutcome}: a truncated reply ({@code finish_reason:
 * length}) or a refusal is a failure; with a schema the text must parse as JSON on its own and
 * match the schema. The only extraction is removing one surrounding Markdown code fence; JSON is
 * never repaired (no closing of brackets, no guessing).
 *
 * <p>raglens's own chat clients read their replies through it, and so do the LangChain4j and Spring
 * AI adapters: an {@link LlmProvider} over another chat library can too, so that its structured
 * replies follow the same rules. Stateless and thread-safe.
 */
public final class StructuredReply {

    private static final Pattern FENCE =
            Pattern.compile("\\A\\s*```(?:json|JSON)?\\s*\\n(.*?)\\n?\\s*```\\s*\\z", Pattern.DOTALL);

    private StructuredReply() {}

    /**
     * The outcome of a reply.
     *
     * @param request the request
     * @param content the reply text, may be null
     * @param refusal the refusal text, may be null
     * @param truncated whether generation stopped at the token cap
     * @param filtered whether a content filter cut the reply
     * @param usage the tokens used
     */
    public static ChatOutcome outcome(
            ChatRequest request,
            String content,
            String refusal,
            boolean truncated,
            boolean filtered,
            TokenUsage usage) {
        if (refusal != null && !refusal.isBlank()) {
            return new ChatOutcome.Failed(ChatOutcome.Reason.REFUSAL, "the model refused: " + refusal.strip(), usage);
        }
        if (filtered) {
            return new ChatOutcome.Failed(
                    ChatOutcome.Reason.REFUSAL, "the provider's content filter withheld the reply", usage);
        }
        if (truncated) {
            return new ChatOutcome.Failed(
                    ChatOutcome.Reason.TRUNCATED,
                    "the reply hit the cap of " + request.maxOutputTokens()
                            + " output tokens (finish_reason: length); raise maxOutputTokens",
                    usage);
        }
        String text = content == null ? "" : content;
        Optional<ResponseSchema> schema = request.schema();
        if (schema.isEmpty()) {
            return new ChatOutcome.Completed(text, usage);
        }
        String json = unfence(text).strip();
        JsonNode value;
        try {
            value = StrictJson.readTree(json);
        } catch (JsonProcessingException e) {
            return new ChatOutcome.Failed(
                    ChatOutcome.Reason.INVALID_JSON,
                    "the reply is not JSON (" + e.getOriginalMessage() + "): " + OneLine.shortened(text),
                    usage);
        }
        List<String> errors = JsonSchemaValidator.validate(StrictJson.schemaTree(schema.get()), value);
        if (!errors.isEmpty()) {
            return new ChatOutcome.Failed(
                    ChatOutcome.Reason.SCHEMA_MISMATCH,
                    "the reply does not match schema '" + schema.get().name() + "': " + String.join("; ", errors),
                    usage);
        }
        return new ChatOutcome.Completed(json, usage);
    }

    /** The text inside one surrounding {@code ```json … ```} fence, or the text itself. */
    static String unfence(String text) {
        Matcher m = FENCE.matcher(text);
        return m.matches() ? m.group(1) : text;
    }
}
