package io.github.raglens.providers;

/** The provider-specific remedies in error messages. */
interface ProviderHints {

    /** The message when no connection could be made to {@code baseUrl}. */
    String unreachable(String baseUrl, String cause);

    /** The message when the model is unknown. */
    String modelNotFound(String model, String baseUrl, String serverMessage);

    /** The message when the key was refused. */
    String authentication(int status, String serverMessage);
}
