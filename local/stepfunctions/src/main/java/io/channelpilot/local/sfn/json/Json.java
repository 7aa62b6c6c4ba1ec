package io.channelpilot.local.sfn.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The one Jackson mapper of the runner; JSON documents are {@link JsonNode}s throughout. */
public final class Json {

    public static final ObjectMapper MAPPER = new ObjectMapper();
    public static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Json() {
    }

    public static JsonNode parse(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static int sizeInBytes(JsonNode node) {
        return write(node).getBytes(StandardCharsets.UTF_8).length;
    }

    public static ObjectNode object() {
        return NODES.objectNode();
    }

    /** An int node when the value fits (so it equals parsed JSON), else a long node. */
    public static JsonNode number(long value) {
        return value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE ? NODES.numberNode((int) value) : NODES.numberNode(value);
    }

    /** JSON equality where numbers compare by value (1, 1.0 and a long 1 are equal). */
    public static boolean sameValue(JsonNode a, JsonNode b) {
        return a.equals((x, y) -> x.isNumber() && y.isNumber() ? x.decimalValue().compareTo(y.decimalValue())
                : x.equals(y) ? 0 : 1, b);
    }
}
