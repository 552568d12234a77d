package io.github.raglens.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One call to a chat model.
 *
 * @param messages the conversation, at least one message
 * @param schema when present, the reply must be JSON valid against it
 * @param temperature sampling temperature, {@code >= 0}
 * @param seed sampling seed, when the caller wants reproducible replies
 * @param maxOutputTokens cap on the reply's length in tokens, {@code > 0}
 */
public record ChatRequest(
        List<ChatMessage> messages,
        Optional<ResponseSchema> schema,
        double temperature,
        OptionalLong seed,
        int maxOutputTokens) {

    /** Default cap on reply tokens. */
    public static final int DEFAULT_MAX_OUTPUT_TOKENS = 2_048;

    /** Validates the fields and copies the messages. */
    public ChatRequest {
        messages = List.copyOf(messages);
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(seed, "seed");
        if (messages.isEmpty()) {
            throw new IllegalArgumentException("a chat request needs at least one message");
        }
        if (!(temperature >= 0)) {
            throw new IllegalArgumentException("temperature must be >= 0, was " + temperature);
        }
        if (maxOutputTokens <= 0) {
            throw new IllegalArgumentException("maxOutputTokens must be > 0, was " + maxOutputTokens);
        }
    }

    /** Starts a request; defaults: temperature 0, no seed, no schema, 2,048 output tokens. */
    public static Builder builder() {
        return new Builder();
    }

    /** All message texts concatenated, for token estimates. */
    public String allText() {
        StringBuilder sb = new StringBuilder();
        for (ChatMessage m : messages) {
            sb.append(m.content()).append('\n');
        }
        return sb.toString();
    }

    /** Builds a {@link ChatRequest}; not thread-safe. */
    public static final class Builder {
        private final List<ChatMessage> messages = new ArrayList<>();
        private Optional<ResponseSchema> schema = Optional.empty();
        private double temperature;
        private OptionalLong seed = OptionalLong.empty();
        private int maxOutputTokens = DEFAULT_MAX_OUTPUT_TOKENS;

        private Builder() {}

        /** Appends a system message. */
        public Builder system(String content) {
            messages.add(ChatMessage.system(content));
            return this;
        }

        /** Appends a user message. */
        public Builder user(String content) {
            messages.add(ChatMessage.user(content));
            return this;
        }

        /** Appends any message. */
        public Builder message(ChatMessage message) {
            messages.add(Objects.requireNonNull(message, "message"));
            return this;
        }

        /** Requires a JSON reply valid against the schema. */
        public Builder schema(ResponseSchema schema) {
            this.schema = Optional.of(schema);
            return this;
        }

        /** Sets the sampling temperature (default 0). */
        public Builder temperature(double temperature) {
            this.temperature = temperature;
            return this;
        }

        /** Sets the sampling seed (default none). */
        public Builder seed(long seed) {
            this.seed = OptionalLong.of(seed);
            return this;
        }

        /** Sets the reply's token cap (default 2,048). */
        public Builder maxOutputTokens(int maxOutputTokens) {
            this.maxOutputTokens = maxOutputTokens;
            return this;
        }

        /** Builds the request. */
        public ChatRequest build() {
            return new ChatRequest(messages, schema, temperature, seed, maxOutputTokens);
        }
    }
}
