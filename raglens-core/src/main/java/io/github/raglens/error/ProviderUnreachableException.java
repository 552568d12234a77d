package io.github.raglens.error;

import java.io.Serial;

/**
 * No connection to the provider's server could be made, even after retries: it is not running,
 * or the URL is wrong. Every further call of a run would fail the same way, so long stages stop
 * at once with this message (naming the URL and how to start the server) and keep what is done.
 */
public class ProviderUnreachableException extends ProviderTimeoutException {
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception.
     *
     * @param provider the provider
     * @param model the model asked for
     * @param message the URL tried and what to do
     * @param cause the connection failure, may be null
     */
    public ProviderUnreachableException(String provider, String model, String message, Throwable cause) {
        super(provider, model, 0, null, message, cause);
    }
}
