package io.github.raglens.providers;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An API key. Its {@link #toString()} never shows it, and {@link #redact(String)} removes it (and
 * anything shaped like a provider key) from text that may reach a user or a log.
 */
final class Secret {

    /** OpenAI ({@code sk-…}), Groq ({@code gsk_…}) and similar keys, also partly masked ones. */
    private static final Pattern KEY_LIKE = Pattern.compile("\\b(g?sk[-_][A-Za-z0-9_\\-*.…]{3,})");

    private final String value;

    private Secret(String value) {
        this.value = value;
    }

    /** Wraps a key; blank keys are rejected. */
    public static Secret of(String value) {
        Objects.requireNonNull(value, "apiKey");
        if (value.isBlank()) {
            throw new IllegalArgumentException("apiKey must not be blank");
        }
        return new Secret(value.strip());
    }

    /** The key, for the Authorization header only. */
    public String reveal() {
        return value;
    }

    /** Text with this key and any key-like token replaced by {@code ***}. */
    public String redact(String text) {
        return redactAll(text, this);
    }

    /** Text with the key (may be null) and any key-like token replaced by {@code ***}. */
    public static String redactAll(String text, Secret secret) {
        if (text == null) {
            return "";
        }
        String out = text;
        if (secret != null) {
            out = out.replace(secret.value, "***");
        }
        return KEY_LIKE.matcher(out).replaceAll("***");
    }

    @Override
    public String toString() {
        return "***";
    }
}
