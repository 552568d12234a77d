package io.github.raglens.examples;

import java.util.List;
import java.util.stream.Collectors;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.metadata.ChatResponseMetadata;
import org.springframework.ai.chat.metadata.DefaultUsage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.StructuredOutputChatOptions;

/** A Spring AI chat model that answers from {@link ScriptedModel}: the examples' offline model. */
final class ScriptedSpringModel implements ChatModel {

    @Override
    public ChatResponse call(Prompt prompt) {
        String text = prompt.getInstructions().stream().map(Message::getText).collect(Collectors.joining("\n"));
        String schema = prompt.getOptions() instanceof StructuredOutputChatOptions structured
                ? structured.getOutputSchema()
                : null;
        String reply = ScriptedModel.reply(text, schema);
        return new ChatResponse(
                List.of(new Generation(new AssistantMessage(reply))),
                ChatResponseMetadata.builder()
                        .model("scripted")
                        .usage(new DefaultUsage(ScriptedModel.tokens(text), ScriptedModel.tokens(reply)))
                        .build());
    }

    @Override
    public ChatOptions getDefaultOptions() {
        return new Options(null);
    }

    /** The model's options: only an output schema, as a model with native structured output has. */
    private static final class Options implements StructuredOutputChatOptions {
        private String outputSchema;

        Options(String outputSchema) {
            this.outputSchema = outputSchema;
        }

        @Override
        public String getOutputSchema() {
            return outputSchema;
        }

        @Override
        public void setOutputSchema(String outputSchema) {
            this.outputSchema = outputSchema;
        }

        @Override
        public String getModel() {
            return "scripted";
        }

        @Override
        public Double getFrequencyPenalty() {
            return null;
        }

        @Override
        public Integer getMaxTokens() {
            return null;
        }

        @Override
        public Double getPresencePenalty() {
            return null;
        }

        @Override
        public List<String> getStopSequences() {
            return null;
        }

        @Override
        public Double getTemperature() {
            return null;
        }

        @Override
        public Integer getTopK() {
            return null;
        }

        @Override
        public Double getTopP() {
            return null;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T extends ChatOptions> T copy() {
            return (T) new Options(outputSchema);
        }
    }
}
