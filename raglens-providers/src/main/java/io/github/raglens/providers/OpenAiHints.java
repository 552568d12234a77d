package io.github.raglens.providers;

/** Remedies for OpenAI-compatible failures. */
record OpenAiHints(String provider, String baseUrlVariable, String apiKeyVariable) implements ProviderHints {

    @Override
    public String unreachable(String baseUrl, String cause) {
        return provider + " is not reachable at " + baseUrl + " (" + cause + "); check " + baseUrlVariable
                + " and the network";
    }

    @Override
    public String modelNotFound(String model, String baseUrl, String serverMessage) {
        return "model '" + model + "' not found on " + provider + " at " + baseUrl
                + (serverMessage.isEmpty() ? "" : " (" + serverMessage + ")") + "; check the model name";
    }

    @Override
    public String authentication(int status, String serverMessage) {
        return provider + " refused the API key (HTTP " + status + (serverMessage.isEmpty() ? "" : ": " + serverMessage)
                + "); check " + (apiKeyVariable == null ? "the key" : apiKeyVariable);
    }
}
