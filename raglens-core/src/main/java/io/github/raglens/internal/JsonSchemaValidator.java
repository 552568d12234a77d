package io.github.raglens.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a JSON value against the subset of JSON Schema that structured outputs use: {@code type}
 * (a name or a list of names: object, array, string, number, integer, boolean, null), {@code
 * properties}, {@code required}, {@code additionalProperties: false}, {@code items} and {@code
 * enum}. Other keywords are ignored. Thread-safe (stateless).
 */
public final class JsonSchemaValidator {

    private static final int MAX_ERRORS = 5;

    private JsonSchemaValidator() {}

    /**
     * Validates a value.
     *
     * @param schema the schema
     * @param value the value
     * @return the violations, each {@code "$.path: what"}; empty when the value is valid
     */
    public static List<String> validate(JsonNode schema, JsonNode value) {
        List<String> errors = new ArrayList<>();
        check(schema, value, "$", errors);
        return errors.size() > MAX_ERRORS ? List.copyOf(errors.subList(0, MAX_ERRORS)) : List.copyOf(errors);
    }

    private static void check(JsonNode schema, JsonNode value, String path, List<String> errors) {
        if (errors.size() > MAX_ERRORS || schema == null || !schema.isObject()) {
            return;
        }
        JsonNode type = schema.get("type");
        if (type != null) {
            List<String> allowed = new ArrayList<>();
            if (type.isArray()) {
                type.forEach(t -> allowed.add(t.asText()));
            } else {
                allowed.add(type.asText());
            }
            if (allowed.stream().noneMatch(t -> hasType(value, t))) {
                errors.add(path + ": expected " + String.join(" or ", allowed) + ", was " + describe(value));
                return;
            }
        }
        JsonNode en = schema.get("enum");
        if (en != null && en.isArray()) {
            boolean found = false;
            for (JsonNode option : en) {
                if (sameValue(option, value)) {
                    found = true;
                    break;
                }
            }
            if (!found) {
                errors.add(path + ": " + describe(value) + " is not one of " + en);
                return;
            }
        }
        if (value.isObject()) {
            JsonNode props = schema.get("properties");
            JsonNode required = schema.get("required");
            if (required != null && required.isArray()) {
                for (JsonNode r : required) {
                    if (!value.has(r.asText())) {
                        errors.add(path + ": missing required property '" + r.asText() + "'");
                    }
                }
            }
            Set<String> known = new HashSet<>();
            if (props != null && props.isObject()) {
                for (Map.Entry<String, JsonNode> e : props.properties()) {
                    known.add(e.getKey());
                    if (value.has(e.getKey())) {
                        check(e.getValue(), value.get(e.getKey()), path + "." + e.getKey(), errors);
                    }
                }
            }
            JsonNode additional = schema.get("additionalProperties");
            if (additional != null && additional.isBoolean() && !additional.asBoolean()) {
                Iterator<String> names = value.fieldNames();
                while (names.hasNext()) {
                    String n = names.next();
                    if (!known.contains(n)) {
                        errors.add(path + ": unexpected property '" + n + "'");
                    }
                }
            }
        }
        if (value.isArray()) {
            JsonNode items = schema.get("items");
            if (items != null) {
                for (int i = 0; i < value.size(); i++) {
                    check(items, value.get(i), path + "[" + i + "]", errors);
                }
            }
        }
    }

    private static boolean hasType(JsonNode v, String type) {
        return switch (type) {
            case "object" -> v.isObject();
            case "array" -> v.isArray();
            case "string" -> v.isTextual();
            case "number" -> v.isNumber();
            case "integer" ->
                v.isIntegralNumber()
                        || v.isNumber() && v.decimalValue().stripTrailingZeros().scale() <= 0;
            case "boolean" -> v.isBoolean();
            case "null" -> v.isNull();
            default -> true;
        };
    }

    private static boolean sameValue(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return a.equals(b);
    }

    private static String describe(JsonNode v) {
        if (v.isTextual()) {
            String t = v.asText();
            return "string \"" + (t.length() > 40 ? t.substring(0, 40) + "…" : t) + "\"";
        }
        if (v.isObject()) {
            return "an object";
        }
        if (v.isArray()) {
            return "an array";
        }
        if (v.isNull()) {
            return "null";
        }
        return (v.isBoolean() ? "boolean " : "number ") + v;
    }
}
