package io.github.raglens.error;

import java.io.Serial;
import java.util.Objects;

/**
 * A provider that needs an API key found none: the environment variable it reads is not set. The
 * exception names the variable, so a caller (the CLI, for one) can word the remedy in its own
 * terms; it never holds a key.
 */
public class MissingKeyException extends AuthenticationException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final String variable;

    /**
     * Creates an exception.
     *
     * @param provider the provider, e.g. {@code openai}
     * @param model the model asked for
     * @param variable the environment variable that holds the key, e.g. {@code OPENAI_API_KEY}
     * @param message what happened and what to do
     * @throws NullPointerException if {@code variable} is null
     */
    public MissingKeyException(String provider, String model, String variable, String message) {
        super(provider, model, 0, null, message, null);
        this.variable = Objects.requireNonNull(variable, "variable");
    }

    /** The environment variable that is not set, e.g. {@code OPENAI_API_KEY}; never null. */
    public String variable() {
        return variable;
    }
}
