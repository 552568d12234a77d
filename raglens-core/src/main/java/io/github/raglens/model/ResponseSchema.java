package io.github.raglens.model;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A JSON schema that constrains a model's reply (OpenAI {@code response_format} of type
 * {@code json_schema}, Ollama {@code format}).
 *
 * @param name a short name of letters, digits, {@code _} and {@code -} (OpenAI requires one)
 * @param schemaJson the JSON schema document, as JSON text
 */
public record ResponseSchema(String name, String schemaJson) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    /** Validates the name and that the schema text is not blank. */
    public ResponseSchema {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(schemaJson, "schemaJson");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(
                    "schema name must be 1-64 letters, digits, '_' or '-', was '" + name + "'");
        }
        if (schemaJson.isBlank()) {
            throw new IllegalArgumentException("schemaJson must not be blank");
        }
    }
}
