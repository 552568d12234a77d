package io.github.raglens.providers;

import io.github.raglens.error.Setting;

/** Remedies for failures of a user's service, naming the setting that gave its URL. */
record ServiceHints(Setting url) implements ProviderHints {

    @Override
    public String unreachable(String baseUrl, String cause) {
        return "no connection to " + baseUrl + " (" + cause + "); start the service or check " + url.apiName();
    }

    @Override
    public String modelNotFound(String model, String baseUrl, String serverMessage) {
        return baseUrl + " answered HTTP 404" + (serverMessage.isEmpty() ? "" : " (" + serverMessage + ")")
                + "; check the path in " + url.apiName();
    }

    @Override
    public String authentication(int status, String serverMessage) {
        return "the service refused the request (HTTP " + status
                + (serverMessage.isEmpty() ? "" : ": " + serverMessage)
                + "); check the token in the environment variable named by "
                + Setting.SERVICE_TOKEN.apiName();
    }
}
