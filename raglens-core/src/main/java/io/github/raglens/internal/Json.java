package io.github.raglens.internal;

import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * The one JSON mapping of raglens records: record components only (derived accessors such as
 * {@code isFragment()} are not written), unknown properties ignored so that newer files with extra
 * fields still load, and {@code Optional} supported. It hands out immutable readers and writers,
 * never the mapper itself, so no caller can reconfigure the mapping every module shares.
 */
public final class Json {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new Jdk8Module())
            .visibility(PropertyAccessor.ALL, Visibility.NONE)
            .visibility(PropertyAccessor.FIELD, Visibility.ANY)
            .visibility(PropertyAccessor.CREATOR, Visibility.ANY)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .build();

    /** Where a parser's message points into its source, which raglens leaves out of messages. */
    private static final Pattern SOURCE = Pattern.compile("\\[Source: .*?; line: (\\d+), column: (\\d+)\\]");

    private Json() {}

    /** A reader of this mapping (immutable, thread-safe); {@code forType(…)} gives a typed one. */
    public static ObjectReader reader() {
        return MAPPER.reader();
    }

    /** A writer of this mapping (immutable, thread-safe). */
    public static ObjectWriter writer() {
        return MAPPER.writer();
    }

    /** A writer of this mapping that indents its output. */
    public static ObjectWriter prettyWriter() {
        return MAPPER.writerWithDefaultPrettyPrinter();
    }

    /**
     * The file's JSON as a tree.
     *
     * @throws IOException if the file cannot be read or is not JSON
     */
    public static JsonNode readTree(Path file) throws IOException {
        return MAPPER.readTree(file.toFile());
    }

    /**
     * What is wrong with a JSON text, in one line: the parser's complaint without the excerpt of the
     * source it appends on a line of its own, then where it is ({@code at line 3, column 14}).
     */
    public static String problem(Exception e) {
        if (e instanceof JsonProcessingException j) {
            JsonLocation at = j.getLocation();
            String where = at == null || at.getLineNr() < 1
                    ? ""
                    : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            return OneLine.of(SOURCE.matcher(j.getOriginalMessage()).replaceAll("line $1, column $2")) + where;
        }
        return OneLine.of(e.getMessage());
    }

    /** A new, empty JSON object. */
    public static ObjectNode objectNode() {
        return MAPPER.createObjectNode();
    }

    /** The value as a JSON tree, as this mapping writes it. */
    public static <T extends JsonNode> T toTree(Object value) {
        return MAPPER.valueToTree(value);
    }

    /**
     * The JSON tree as a value of the type, as this mapping reads it.
     *
     * @throws JsonProcessingException if the tree does not bind to the type
     */
    public static <T> T fromTree(JsonNode tree, Class<T> type) throws JsonProcessingException {
        return MAPPER.treeToValue(tree, type);
    }
}
