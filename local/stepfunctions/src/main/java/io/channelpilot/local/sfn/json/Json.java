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
}
