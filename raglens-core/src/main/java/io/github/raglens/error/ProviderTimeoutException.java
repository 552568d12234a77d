package io.github.raglens.error;

import java.io.Serial;

/** A call that got no complete response in time, or a server that could not be reached. */
public class ProviderTimeoutException extends ProviderException {
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
    public ProviderTimeoutException(
            String provider, String model, int status, String requestId, String message, Throwable cause) {
        super(provider, model, status, requestId, true, message, cause);
    }
}
