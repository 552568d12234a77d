package io.github.raglens.providers;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.error.ModelNotFoundException;
import io.github.raglens.model.ProviderKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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

    /**
     * The digest of the pulled model ({@code /api/tags}, the entry named as the model or, for a name
     * without a tag, {@code NAME:latest}); empty when the server does not list it or gives no digest.
     */
    static Optional<String> digest(HttpCaller caller) {
        String model = caller.config().model();
        return caller.get("/api/tags", (root, requestId) -> {
            for (JsonNode m : root.path("models")) {
                String name = m.path("name").asText(m.path("model").asText(""));
                String digest = m.path("digest").asText("");
                if (!digest.isEmpty()
                        && (name.equals(model) || !model.contains(":") && name.equals(model + ":latest"))) {
                    return Optional.of(digest);
                }
            }
            return Optional.<String>empty();
        });
    }

    static void requirePulled(HttpCaller caller, OllamaHints hints) {
        String model = caller.config().model();
        List<String> names = list(caller);
        boolean found = names.contains(model) || !model.contains(":") && names.contains(model + ":latest");
        if (!found) {
            throw new ModelNotFoundException(
                    ProviderKind.OLLAMA.label(),
                    model,
                    0,
                    null,
                    hints.modelNotFound(model, caller.config().baseUrl(), ""),
                    null);
        }
    }
}
