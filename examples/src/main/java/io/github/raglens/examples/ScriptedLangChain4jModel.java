package io.github.raglens.examples;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import java.util.stream.Collectors;

/** A LangChain4j chat model that answers from {@link ScriptedModel}: the examples' offline model. */
final class ScriptedLangChain4jModel implements ChatModel {

    @Override
    public ChatResponse doChat(ChatRequest request) {
        String prompt =
                request.messages().stream().map(ScriptedLangChain4jModel::text).collect(Collectors.joining("\n"));
        var format = request.responseFormat();
        String schema = format != null
                        && format.jsonSchema() != null
                        && format.jsonSchema().rootElement() instanceof JsonRawSchema raw
                ? raw.schema()
                : null;
        String reply = ScriptedModel.reply(prompt, schema);
        return ChatResponse.builder()
                .aiMessage(AiMessage.from(reply))
                .tokenUsage(new TokenUsage(ScriptedModel.tokens(prompt), ScriptedModel.tokens(reply)))
                .finishReason(FinishReason.STOP)
                .build();
    }

    private static String text(ChatMessage message) {
        return switch (message) {
            case SystemMessage s -> s.text();
            case UserMessage u -> u.singleText();
            case AiMessage a -> a.text();
            default -> "";
        };
    }
}
