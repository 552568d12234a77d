package io.github.raglens.model;

import java.util.Objects;

/**
 * One message of a chat exchange.
 *
 * @param role who speaks
 * @param content the message text
 */
public record ChatMessage(Role role, String content) {

    /** Who speaks a message. */
    public enum Role {
        /** Instructions that frame the exchange. */
        SYSTEM,
        /** The caller's request. */
        USER,
        /** An earlier reply of the model. */
        ASSISTANT
    }

    /** Validates that no field is null. */
    public ChatMessage {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
    }

    /** A system message. */
    public static ChatMessage system(String content) {
        return new ChatMessage(Role.SYSTEM, content);
    }

    /** A user message. */
    public static ChatMessage user(String content) {
        return new ChatMessage(Role.USER, content);
    }

    /** An assistant message. */
    public static ChatMessage assistant(String content) {
        return new ChatMessage(Role.ASSISTANT, content);
    }
}
