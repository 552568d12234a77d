package io.github.raglens.providers;

import io.github.raglens.error.Setting;

/** Remedies for Ollama failures; the alternative is the setting to switch to when Ollama is down. */
record OllamaHints(Setting alternative) implements ProviderHints {

    @Override
    public String unreachable(String baseUrl, String cause) {
        return "Ollama is not reachable at " + baseUrl + "; start it with `ollama serve`, or choose "
                + alternative.apiName();
    }

    @Override
    public String modelNotFound(String model, String baseUrl, String serverMessage) {
        return "model '" + model + "' not found on Ollama at " + baseUrl + "; run: ollama pull " + model;
    }

    @Override
    public String authentication(int status, String serverMessage) {
        return "Ollama refused the request (HTTP " + status + (serverMessage.isEmpty() ? "" : ": " + serverMessage)
                + "); check OLLAMA_HOST and the proxy in front of Ollama";
    }
}
