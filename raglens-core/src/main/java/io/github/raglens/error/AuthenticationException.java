package io.github.raglens.error;

import java.io.Serial;

/** A call refused because the API key is missing, wrong or lacks permission (HTTP 401/403). */
public class AuthenticationException extends ProviderException {
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception.
     *
     * @param provider the provider
     * @param model the model asked for
     * @param status the HTTP status, or 0 when no response arrived
     * @param requestId the provider's request id, or null
     * @param message what happened and what to do
     * @param cause the underlying failure, may be null
     */
    public AuthenticationException(
            String provider, String model, int status, String requestId, String message, Throwable cause) {
        super(provider, model, status, requestId, false, message, cause);
    }
}
