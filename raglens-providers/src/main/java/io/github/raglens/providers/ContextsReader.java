package io.github.raglens.providers;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.model.RetrievedContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the contract's list of context objects, naming the field of the first bad one. */
final class ContextsReader {

    private ContextsReader() {}

    /**
     * The contexts under {@code field} of the reply, at most {@code limit}.
     *
     * @throws MalformedReplyException when the field is missing or not a list, or an item breaks the
     *     contract (no {@code text}, a score that is not a number, a page that is not a whole number)
     */
    static List<RetrievedContext> read(JsonNode root, String field, int limit) throws MalformedReplyException {
        JsonNode list = root.get(field);
        if (list == null || !list.isArray()) {
            throw new MalformedReplyException("the reply has no '" + field + "' list");
        }
        List<RetrievedContext> out = new ArrayList<>();
        for (int i = 0; i < list.size() && out.size() < limit; i++) {
            out.add(context(list.get(i), field + "[" + i + "]"));
        }
        return out;
    }

    private static RetrievedContext context(JsonNode item, String where) throws MalformedReplyException {
        if (!item.isObject()) {
            throw new MalformedReplyException(where + " is not an object");
        }
        JsonNode text = item.get("text");
        if (text == null || !text.isTextual() || text.asText().isBlank()) {
            throw new MalformedReplyException(where + " has no 'text'");
        }
        JsonNode id = item.path("id");
        if (!id.isMissingNode() && !id.isNull() && !id.isValueNode()) {
            throw new MalformedReplyException(where + ".id is not a string or number");
        }
        JsonNode score = item.path("score");
        if (!score.isMissingNode() && !score.isNull() && !score.isNumber()) {
            throw new MalformedReplyException(where + ".score is not a number");
        }
        JsonNode page = item.path("page");
        if (!page.isMissingNode()
                && !page.isNull()
                && !(page.canConvertToInt() && page.isIntegralNumber() && page.asInt() >= 0)) {
            throw new MalformedReplyException(where + ".page is not a page number (1, 2, …)");
        }
        Map<String, String> metadata = new LinkedHashMap<>();
        JsonNode meta = item.path("metadata");
        if (meta.isObject()) {
            for (Map.Entry<String, JsonNode> e : meta.properties()) {
                metadata.put(
                        e.getKey(),
                        e.getValue().isValueNode()
                                ? e.getValue().asText()
                                : e.getValue().toString());
            }
        }
        return new RetrievedContext(
                text.asText(),
                id.isValueNode() && !id.isNull() ? id.asText() : "",
                score.isNumber() ? score.asDouble() : Double.NaN,
                item.path("source").isTextual() ? item.path("source").asText() : "",
                page.isIntegralNumber() ? page.asInt() : 0,
                metadata);
    }
}
