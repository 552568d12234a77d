package io.github.raglens.error;

import java.io.Serial;

/**
 * Groq's 400 {@code json_validate_failed}: the model's output was not valid JSON. A chat client
 * with a schema turns it into an {@code invalid-json} outcome.
 */
public final class JsonValidateFailedException extends InvalidRequestException {
    @Serial
    private static final long serialVersionUID = 1L;

    /** Creates an exception. */
    public JsonValidateFailedException(String provider, String model, String requestId, String message) {
        super(provider, model, 400, requestId, message, null);
    }
}
