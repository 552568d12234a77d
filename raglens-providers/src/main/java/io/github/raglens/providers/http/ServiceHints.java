package io.github.raglens.providers.http;

import io.github.raglens.providers.internal.ProviderHints;

/** Remedies for failures of a user's service, naming the command-line option that set its URL. */
record ServiceHints(String option) implements ProviderHints {

    @Override
    public String unreachable(String baseUrl, String cause) {
        return "no connection to " + baseUrl + " (" + cause + "); start the service or check " + option;
    }

    @Override
    public String modelNotFound(String model, String baseUrl, String serverMessage) {
        return baseUrl + " answered HTTP 404" + (serverMessage.isEmpty() ? "" : " (" + serverMessage + ")")
                + "; check the path in " + option;
    }

    @Override
    public String authentication(int status, String serverMessage) {
        return "the service refused the request (HTTP " + status
                + (serverMessage.isEmpty() ? "" : ": " + serverMessage)
                + "); check the token in the environment variable given to --auth-env (apiKeyFromEnv)";
    }
}
