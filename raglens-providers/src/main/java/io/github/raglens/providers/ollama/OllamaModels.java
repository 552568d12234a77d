package io.github.raglens.providers.ollama;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.error.ModelNotFoundException;
import io.github.raglens.providers.internal.HttpCaller;
import io.github.raglens.providers.internal.MalformedReplyException;
import java.util.ArrayList;
import java.util.List;

/** The models an Ollama server has pulled ({@code GET /api/tags}). */
final class OllamaModels {

    private OllamaModels() {}

    static List<String> list(HttpCaller caller) {
        return caller.get("/api/tags", (root, requestId) -> {
            JsonNode models = root.get("models");
            if (models == null || !models.isArray()) {
                throw new MalformedReplyException("no 'models' array in /api/tags reply");
            }
            List<String> names = new ArrayList<>();
            for (JsonNode m : models) {
                String name = m.path("name").asText(m.path("model").asText(""));
                if (!name.isEmpty()) {
                    names.add(name);
                }
            }
            return List.copyOf(names);
        });
    }

    static void requirePulled(HttpCaller caller, OllamaHints hints) {
        String model = caller.config().model();
        List<String> names = list(caller);
        boolean found = names.contains(model) || !model.contains(":") && names.contains(model + ":latest");
        if (!found) {
            throw new ModelNotFoundException(
                    "ollama",
                    model,
                    0,
                    null,
                    hints.modelNotFound(model, caller.config().baseUrl(), ""),
                    null);
        }
    }
}
